import { describe, expect, it } from "vitest";
import { searchPages, searchQueries } from "../../src/db/schema";
import { call, db, expectError, seedAccount, seedSite } from "../harness";
import { createPlanVia, useResearchFakes } from "./helpers";

interface Warned {
  warnings: string[];
  warningDetails: { code: string; params: Record<string, number> }[];
}

/**
 * The site's Search Console queries, as a sync stores them, each on a page of its own (a plan
 * keeps one item per overlapped page: test/plans/overlap.test.ts).
 */
async function seedOpportunities(siteId: string, rows: { query: string; impressions: number; position: number }[]) {
  for (const [index, row] of rows.entries()) {
    const [page] = await db()
      .insert(searchPages)
      .values({ siteId, urlKey: `bakery.invalid/bread-${index}`, url: `https://bakery.invalid/bread-${index}/` })
      .returning();
    await db()
      .insert(searchQueries)
      .values({ siteId, pageId: page!.id, clicks: 1, ...row });
  }
}

const TITLES = ["A first title for a test", "A second title for a test", "A third title for a test", "A fourth title for a test"];

describe("POST /api/autopilot/plans with fromSearchConsole", () => {
  it("takes the site's opportunities as ideas and seeds: research's volume when it measured the query, else impressions as a month", async () => {
    const { openai, dataforseo } = useResearchFakes([
      { keyword: "sourdough bread", searchVolume: 5000, competitionLevel: "LOW" },
      { keyword: "rye bread", searchVolume: 900, competitionLevel: "LOW" },
      { keyword: "starter sourdough ratio", searchVolume: 320, competitionLevel: "HIGH" },
      { keyword: "whole wheat bread", searchVolume: 50, competitionLevel: "LOW" },
    ]);
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId, { url: "https://bakery.invalid", businessContext: "Home baking" });
    await seedOpportunities(site.id, [
      { query: "sourdough starter ratio", impressions: 280, position: 12 }, // research measured it (other word order)
      { query: "overnight focaccia recipe", impressions: 2800, position: 15 }, // research did not
      { query: "bread flour", impressions: 5000, position: 3 }, // ranks too well: no opportunity
    ]);
    openai.script({ answer: { seeds: ["bread"] } }, { answer: { titles: TITLES } });

    const plan = (await createPlanVia(token, { siteId: site.id, articleCount: 4, cadencePerWeek: 2, fromSearchConsole: true })) as Awaited<
      ReturnType<typeof createPlanVia>
    > &
      Warned;
    expect(plan.items.map((i) => [i.targetKeyword, i.monthlyVolume, i.competition])).toEqual([
      ["sourdough bread", 5000, "LOW"],
      ["overnight focaccia recipe", 3000, "MEDIUM"],
      ["rye bread", 900, "LOW"],
      ["sourdough starter ratio", 320, "HIGH"],
    ]);
    expect(dataforseo.calls[0]!.body).toMatchObject([{ keywords: ["bread", "overnight focaccia recipe", "sourdough starter ratio"] }]);
    expect(plan.research.seeds).toEqual(["bread", "overnight focaccia recipe", "sourdough starter ratio"]);
    expect(plan.warningDetails).toContainEqual({ code: "search_console_keywords", params: { items: 2, opportunities: 2 } });
    expect(plan.warnings.find((w) => w.includes("Search Console"))).toMatch(/"overnight focaccia recipe", "sourdough starter ratio"/);
  });

  it("prefers an opportunity over a research idea of equal volume and competition", async () => {
    const { openai } = useResearchFakes([
      { keyword: "sourdough bread", searchVolume: 5000, competitionLevel: "LOW" },
      { keyword: "banana loaf", searchVolume: 300, competitionLevel: "MEDIUM" },
    ]);
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId, { url: "https://bakery.invalid", businessContext: "Home baking" });
    // 280 impressions in 28 days: 300 a month, MEDIUM when research has no figure, like "banana loaf".
    await seedOpportunities(site.id, [{ query: "rye loaf", impressions: 280, position: 20 }]);
    openai.script({ answer: { seeds: ["bread"] } }, { answer: { titles: TITLES.slice(0, 2) } });

    const plan = await createPlanVia(token, { siteId: site.id, articleCount: 2, cadencePerWeek: 2, fromSearchConsole: true });
    expect(plan.items.map((i) => i.targetKeyword)).toEqual(["sourdough bread", "rye loaf"]);
  });

  it("ignores Search Console without the field", async () => {
    const { openai, dataforseo } = useResearchFakes([{ keyword: "sourdough bread", searchVolume: 5000, competitionLevel: "LOW" }]);
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId, { url: "https://bakery.invalid", businessContext: "Home baking" });
    await seedOpportunities(site.id, [{ query: "overnight focaccia recipe", impressions: 2800, position: 15 }]);
    openai.script({ answer: { seeds: ["bread"] } }, { answer: { titles: TITLES.slice(0, 1) } });

    const plan = (await createPlanVia(token, { siteId: site.id, articleCount: 2, cadencePerWeek: 2 })) as Awaited<
      ReturnType<typeof createPlanVia>
    > &
      Warned;
    expect(plan.items.map((i) => i.targetKeyword)).toEqual(["sourdough bread"]);
    expect(dataforseo.calls[0]!.body).toMatchObject([{ keywords: ["bread"] }]);
    expect(plan.warningDetails.map((w) => w.code)).not.toContain("search_console_keywords");
  });

  it("warns when the site has no Search Console data, and plans from research alone", async () => {
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId, {
      platform: "blog",
      url: "https://bakery.invalid",
      businessContext: "Home baking: sourdough bread, rye bread",
    });
    const plan = (await createPlanVia(token, { siteId: site.id, articleCount: 3, cadencePerWeek: 2, fromSearchConsole: true })) as Awaited<
      ReturnType<typeof createPlanVia>
    > &
      Warned;
    expect(plan.items).toHaveLength(3);
    expect(plan.warningDetails).toContainEqual({ code: "no_search_console_data", params: {} });
    expect(plan.warnings.some((w) => /no Search Console data/.test(w))).toBe(true);
  });

  it("is 400 when fromSearchConsole is not a boolean", async () => {
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId, { businessContext: "Home baking" });
    await expectError(
      await call("/api/autopilot/plans", {
        method: "POST",
        token,
        json: { siteId: site.id, articleCount: 2, cadencePerWeek: 2, fromSearchConsole: "yes" },
      }),
      400,
    );
  });
});
