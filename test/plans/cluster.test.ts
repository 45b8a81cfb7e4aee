import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { toIsoSeconds } from "../../src/core/time";
import { articles, planItems, plans } from "../../src/db/schema";
import { subjectOf } from "../../src/pipeline/steps/run-state";
import { pillarOfArticle } from "../../src/plans/cluster";
import { call, db, expectError, seedAccount, seedArticle, seedSite, testServices } from "../harness";
import { createPlanVia } from "./helpers";

// §4 of issue 42: a plan around a pillar keyword; each spoke's article links to the pillar.

interface ClusterPlan {
  id: string;
  cluster: { pillarKeyword: string; pillarItemId: string | null; spokeItemIds: string[] } | null;
  research: { seeds: string[] };
  items: { id: string; title: string; targetKeyword: string; cluster: { role: string; pillarItemId: string | null } | null }[];
}

async function clusterPlan(articleCount = 4) {
  const { accountId, token } = await seedAccount();
  const site = await seedSite(accountId, { platform: "custom", language: "en", businessContext: "Home baking" });
  const plan = (await createPlanVia(token, {
    siteId: site.id,
    articleCount,
    cadencePerWeek: 3,
    cluster: { pillarKeyword: "Sourdough bread" },
  })) as unknown as ClusterPlan;
  return { accountId, token, site, plan };
}

describe("POST /api/autopilot/plans with cluster", () => {
  it("makes the pillar the first item and the others spokes researched around it", async () => {
    const { plan } = await clusterPlan();
    const [pillar, ...spokes] = plan.items;
    expect(pillar).toMatchObject({ targetKeyword: "Sourdough bread", cluster: { role: "pillar", pillarItemId: null } });
    expect(spokes).toHaveLength(3);
    for (const spoke of spokes) {
      expect(spoke.cluster).toEqual({ role: "spoke", pillarItemId: pillar!.id });
      expect(spoke.targetKeyword.toLowerCase()).toContain("sourdough bread");
    }
    expect(plan.research.seeds).toEqual(["sourdough bread"]);
    expect(plan.cluster).toEqual({
      pillarKeyword: "Sourdough bread",
      pillarItemId: pillar!.id,
      spokeItemIds: spokes.map((spoke) => spoke.id),
    });
  });

  it("a keyword added to a cluster plan is a spoke of its pillar", async () => {
    const { token, plan } = await clusterPlan(2);
    const res = await call(`/api/autopilot/plans/${plan.id}/items`, {
      method: "POST",
      token,
      json: { keyword: "sourdough discard crackers", title: "Crackers from sourdough discard" },
    });
    expect(await res.json()).toMatchObject({ cluster: { role: "spoke", pillarItemId: plan.items[0]!.id } });
  });

  it.each([
    ["an empty cluster", { cluster: {} }, "pillarKeyword"],
    ["a pillar of stop words only", { cluster: { pillarKeyword: "how to" } }, "pillarKeyword"],
    ["markup in the pillar", { cluster: { pillarKeyword: "<b>bread</b>" } }, "pillarKeyword"],
    ["an unknown key", { cluster: { pillarKeyword: "bread", spokes: 3 } }, "spokes"],
    ["a string for cluster", { cluster: "bread" }, "cluster"],
  ])("400 for %s, and no plan is stored", async (_case, fields, words) => {
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId, { platform: "custom", language: "en" });
    const error = await expectError(
      await call("/api/autopilot/plans", {
        method: "POST",
        token,
        json: { siteId: site.id, articleCount: 3, cadencePerWeek: 2, ...fields },
      }),
      400,
      "invalid_request",
    );
    expect(error.message).toContain(words);
    expect(await db().select().from(plans).where(eq(plans.accountId, accountId))).toEqual([]);
  });

  it("a pillar an item of the site already targets is 409 keyword_already_planned, and no plan is stored", async () => {
    const { accountId, token, site, plan } = await clusterPlan(2);
    await expectError(
      await call("/api/autopilot/plans", {
        method: "POST",
        token,
        json: { siteId: site.id, articleCount: 2, cadencePerWeek: 2, cluster: { pillarKeyword: "bread sourdough" } },
      }),
      409,
      "keyword_already_planned",
    );
    expect((await db().select().from(plans).where(eq(plans.accountId, accountId))).map((p) => p.id)).toEqual([plan.id]);
  });

  it("another account's site is 404", async () => {
    const { site } = await clusterPlan(2);
    const stranger = await seedAccount();
    await expectError(
      await call("/api/autopilot/plans", {
        method: "POST",
        token: stranger.token,
        json: { siteId: site.id, articleCount: 2, cadencePerWeek: 2, cluster: { pillarKeyword: "rye" } },
      }),
      404,
    );
  });
});

describe("a spoke's article links to its pillar", () => {
  it("the writer is offered the published pillar's page first, and the article names its pillar", async () => {
    const { accountId, site, plan } = await clusterPlan(2);
    const [pillar, spoke] = plan.items;
    const run = { accountId, itemId: spoke!.id, attempt: 1 };
    // Before the pillar is live there is nothing to link to.
    expect((await subjectOf(testServices(), run)).links.map((link) => link.url)).not.toContain("https://x.invalid/pillar/");

    const pillarArticle = await seedArticle(accountId, {
      title: "Sourdough bread: the whole guide",
      siteId: site.id,
      status: "published",
      publishedAt: toIsoSeconds(new Date()),
      publicationUrl: "https://x.invalid/pillar/",
    });
    await db().update(planItems).set({ status: "PUBLISHED", articleId: pillarArticle.id }).where(eq(planItems.id, pillar!.id));
    const { links } = await subjectOf(testServices(), run);
    expect(links[0]).toEqual({ title: pillar!.title, url: "https://x.invalid/pillar/" });

    const spokeArticle = await seedArticle(accountId, { title: "A spoke", siteId: site.id, status: "published" });
    await db().update(articles).set({ planItemId: spoke!.id }).where(eq(articles.id, spokeArticle.id));
    expect(await pillarOfArticle(db(), accountId, spokeArticle.id)).toMatchObject({
      itemId: pillar!.id,
      url: "https://x.invalid/pillar/",
      articleId: pillarArticle.id,
    });
    const stranger = await seedAccount();
    expect(await pillarOfArticle(db(), stranger.accountId, spokeArticle.id)).toBeNull();
  });
});
