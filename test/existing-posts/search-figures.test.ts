import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { existingPosts, searchDecay } from "../../src/db/schema";
import { call, db, expectError, seedAccount, seedExistingPosts, seedSite } from "../harness";
import { seedSearchPage, SYNCED_THROUGH } from "../search-console/search-rows";

interface ListedPost {
  id: string;
  title: string;
  search: { clicks: number; impressions: number; position: number | null; clicksChange: number; positionChange: number | null } | null;
  decay: { reason: string; seasonal: boolean } | null;
}

const FIGURES = { clicks: 0, impressions: 0, ctr: 0, position: null };

/**
 * Five posts modified on 1–5 November. Their pages' 28-day figures: P1 50 clicks at 4.26 (80 at
 * 3.0 before), P2 10 at 2, P3 100 at 8, P5 a page without impressions; P4 has no page.
 * Decay: P2 and P5 clicks_fell, P1 position_fell, P3 ctr_fell but seasonal.
 */
async function postsWithFigures() {
  const { accountId, token } = await seedAccount();
  const site = await seedSite(accountId, { platform: "blog", url: "https://example.com" });
  await seedExistingPosts(
    accountId,
    site.id,
    [1, 2, 3, 4, 5].map((n) => ({ title: `P${n}`, url: `https://example.com/p${n}` })),
  );
  const ids: Record<string, string> = {};
  for (const post of await db().select().from(existingPosts).where(eq(existingPosts.siteId, site.id))) {
    ids[post.title] = post.id;
    await db()
      .update(existingPosts)
      .set({ modifiedAt: `2026-11-0${post.remoteId}T00:00:00Z` })
      .where(eq(existingPosts.id, post.id));
  }
  const page = (title: string, fields: Parameters<typeof seedSearchPage>[2]) =>
    seedSearchPage(site.id, `https://example.com/${title.toLowerCase()}/`, { postId: ids[title], ...fields });
  const p1 = await page("P1", {
    clicks: 50,
    impressions: 500,
    position: 4.26,
    previousClicks: 80,
    previousImpressions: 600,
    previousPosition: 3,
  });
  const p2 = await page("P2", {
    clicks: 10,
    impressions: 100,
    position: 2,
    previousClicks: 30,
    previousImpressions: 100,
    previousPosition: 2,
  });
  const p3 = await page("P3", {
    clicks: 100,
    impressions: 900,
    position: 8,
    previousClicks: 100,
    previousImpressions: 300,
    previousPosition: 8,
  });
  const p5 = await page("P5", { previousClicks: 12 });
  const decay = (pageId: number, reason: "clicks_fell" | "position_fell" | "ctr_fell", seasonal = false) => ({
    pageId,
    siteId: site.id,
    reason,
    seasonal,
    current: FIGURES,
    previous: FIGURES,
    windowEnd: SYNCED_THROUGH,
    detectedAt: "2026-11-25T09:00:00Z",
  });
  await db()
    .insert(searchDecay)
    .values([decay(p1, "position_fell"), decay(p2, "clicks_fell"), decay(p3, "ctr_fell", true), decay(p5, "clicks_fell")]);
  return { token, site, ids };
}

const list = async (token: string, siteId: string, query = "") =>
  ((await (await call(`/api/sites/${siteId}/posts?per_page=100${query}`, { token })).json()) as { items: ListedPost[] }).items;
const titles = (items: ListedPost[]) => items.map((item) => item.title);

describe("GET /api/sites/{siteId}/posts with Search Console figures", () => {
  it("gives each post its page's 28-day figures and decay, null without a page, in the same default order", async () => {
    const { token, site } = await postsWithFigures();
    const items = await list(token, site.id);
    expect(titles(items)).toEqual(["P5", "P4", "P3", "P2", "P1"]);
    const byTitle = Object.fromEntries(items.map((item) => [item.title, item]));
    expect(byTitle.P1).toMatchObject({
      search: { clicks: 50, impressions: 500, position: 4.3, clicksChange: -30, positionChange: 1.3 },
      decay: { reason: "position_fell", seasonal: false },
    });
    expect(byTitle.P3!.decay).toEqual({ reason: "ctr_fell", seasonal: true });
    expect(byTitle.P4).toMatchObject({ search: null, decay: null });
    expect(byTitle.P5!.search).toEqual({ clicks: 0, impressions: 0, position: null, clicksChange: -12, positionChange: null });
  });

  it("sorts by clicks or position (posts without figures last) and puts decaying posts first, the worst reason first", async () => {
    const { token, site } = await postsWithFigures();
    expect(titles(await list(token, site.id, "&sort=clicks"))).toEqual(["P3", "P1", "P2", "P5", "P4"]);
    expect(titles(await list(token, site.id, "&sort=clicks&order=asc"))).toEqual(["P5", "P2", "P1", "P3", "P4"]);
    expect(titles(await list(token, site.id, "&sort=position"))).toEqual(["P2", "P1", "P3", "P5", "P4"]);
    expect(titles(await list(token, site.id, "&sort=position&order=desc"))).toEqual(["P3", "P1", "P2", "P5", "P4"]);
    expect(titles(await list(token, site.id, "&sort=decay"))).toEqual(["P5", "P2", "P1", "P3", "P4"]);
    expect(titles(await list(token, site.id, "&sort=modified&order=asc"))).toEqual(["P1", "P2", "P3", "P4", "P5"]);
    const paged = (await (await call(`/api/sites/${site.id}/posts?sort=clicks&per_page=2&page=2`, { token })).json()) as {
      items: ListedPost[];
      total: number;
    };
    expect(paged.total).toBe(5);
    expect(titles(paged.items)).toEqual(["P2", "P5"]);
  });

  it("is 400 for an unknown sort or order", async () => {
    const { token, site } = await postsWithFigures();
    await expectError(await call(`/api/sites/${site.id}/posts?sort=views`, { token }), 400, "invalid_request");
    await expectError(await call(`/api/sites/${site.id}/posts?sort=clicks&order=up`, { token }), 400, "invalid_request");
  });
});
