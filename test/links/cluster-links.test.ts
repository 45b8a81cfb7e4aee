import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { articles, planItems } from "../../src/db/schema";
import { upkeepLinksAfterPublish } from "../../src/links/after-publish";
import { call, db, seedArticle, testServices } from "../harness";
import { createPlanVia } from "../plans/helpers";
import { linkedSite, NEW_URL, publishArticle, suggestions } from "./helpers";

// Issue 42 §4: a cluster's pillar links to every spoke once the spoke is live, without asking
// (the site's autoLinks is off here), and only once.

const linksTo = (html: string, url: string) => html.split(`href="${url}"`).length - 1;

async function clusterOnLinkedSite() {
  const ctx = await linkedSite();
  const plan = (await createPlanVia(ctx.token, {
    siteId: ctx.site.id,
    articleCount: 3,
    cadencePerWeek: 3,
    cluster: { pillarKeyword: "Rye sourdough" },
  })) as unknown as { items: { id: string; cluster: { role: string } | null }[] };
  const [pillarItem, spokeItem] = plan.items;
  // The pillar went live first, as post 101 ("Rye sourdough at home").
  const pillar = await seedArticle(ctx.accountId, {
    siteId: ctx.site.id,
    title: "Rye sourdough at home",
    status: "published",
    publicationUrl: `https://blog.example.com/${ctx.post(101).slug}/`,
    publishedAt: "2026-11-20T08:00:00Z",
  });
  await db().update(articles).set({ remoteId: "101", planItemId: pillarItem!.id }).where(eq(articles.id, pillar.id));
  await db().update(planItems).set({ status: "PUBLISHED", articleId: pillar.id }).where(eq(planItems.id, pillarItem!.id));
  return { ...ctx, pillar, pillarItem: pillarItem!, spokeItem: spokeItem! };
}

describe("topic clusters: the pillar links to each live spoke", () => {
  it("a spoke going live gets one applied link from the pillar, autoLinks off; a redelivery adds nothing", async () => {
    const ctx = await clusterOnLinkedSite();
    const { article } = await publishArticle(ctx, ctx.spokeItem.id);
    await db().update(planItems).set({ status: "PUBLISHED", articleId: article.id }).where(eq(planItems.id, ctx.spokeItem.id));

    const pillarUrl = `https://blog.example.com/${ctx.post(101).slug}/`;
    const fromPillar = (await suggestions(ctx.token, ctx.site.id)).filter(
      (suggestion) => suggestion.fromUrl === pillarUrl && suggestion.toUrl === NEW_URL,
    );
    expect(fromPillar.map((suggestion) => suggestion.state)).toEqual(["applied"]);
    expect(linksTo(ctx.post(101).content, NEW_URL)).toBe(1);

    await upkeepLinksAfterPublish(testServices(), { accountId: ctx.accountId, siteId: ctx.site.id, articleId: article.id });
    expect(linksTo(ctx.post(101).content, NEW_URL)).toBe(1);
    const site = (await (await call(`/api/sites/${ctx.site.id}`, { token: ctx.token })).json()) as { autoLinks: boolean };
    expect(site.autoLinks).toBe(false);
  });

  it("a pillar going live after its spokes links to each live spoke", async () => {
    const ctx = await linkedSite();
    const plan = (await createPlanVia(ctx.token, {
      siteId: ctx.site.id,
      articleCount: 3,
      cadencePerWeek: 3,
      cluster: { pillarKeyword: "Rye sourdough" },
    })) as unknown as { items: { id: string }[] };
    const [pillarItem, spokeItem] = plan.items;
    // The spoke first: nothing links it from the pillar yet.
    const { article: spoke } = await publishArticle(ctx, spokeItem!.id);
    await db().update(planItems).set({ status: "PUBLISHED", articleId: spoke.id }).where(eq(planItems.id, spokeItem!.id));
    expect(linksTo(ctx.post(101).content, NEW_URL)).toBe(0);

    // Then the pillar, as post 101.
    const pillar = await seedArticle(ctx.accountId, {
      siteId: ctx.site.id,
      title: "Rye sourdough at home",
      status: "published",
      publicationUrl: `https://blog.example.com/${ctx.post(101).slug}/`,
      publishedAt: "2026-11-28T08:00:00Z",
    });
    await db().update(articles).set({ remoteId: "101", planItemId: pillarItem!.id }).where(eq(articles.id, pillar.id));
    await db().update(planItems).set({ status: "PUBLISHED", articleId: pillar.id }).where(eq(planItems.id, pillarItem!.id));
    await upkeepLinksAfterPublish(testServices(), { accountId: ctx.accountId, siteId: ctx.site.id, articleId: pillar.id });
    expect(linksTo(ctx.post(101).content, NEW_URL)).toBe(1);
  });
});
