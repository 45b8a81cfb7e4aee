import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { existingPosts } from "../../src/db/schema";
import { dayDate, lastCompleteDay } from "../../src/core/search-days";
import { call, db, expectError, seedAccount, seedArticle, seedExistingPosts, seedSite } from "../harness";
import { days, SYNCED_THROUGH as E, seedQueries, seedSearchPage, seedSiteDays } from "./search-rows";

interface Figures {
  clicks: number;
  impressions: number;
  ctr: number;
  position: number | null;
}
interface Point extends Figures {
  date: string;
}
interface SitePerformance {
  siteId: string;
  property: string | null;
  window: { start: string; end: string; days: number };
  previousWindow: { start: string; end: string; days: number };
  totals: Figures;
  previousTotals: Figures;
  daily: Point[];
  pages: {
    items: (Figures & {
      url: string;
      clicksChange: number;
      positionChange: number | null;
      articleId: string | null;
      postId: string | null;
    })[];
    page: number;
    perPage: number;
    total: number;
    totalPages: number;
  };
  syncedAt: string | null;
}
interface PagePerformance {
  url: string | null;
  matched: boolean;
  pageUrl: string | null;
  window: { start: string; end: string; days: number };
  current: Figures;
  previous: Figures;
  change: { clicks: number; impressions: number; ctr: number; position: number | null };
  daily: Point[];
  topQueries: (Figures & { query: string })[];
  syncedAt: string | null;
}

const ZERO = { clicks: 0, impressions: 0, ctr: 0, position: null };

/**
 * A blog site synced through 2026-11-22 (E). Site totals: the 28 days to E at 10 clicks / 100
 * impressions / position 4 a day, but E itself 20 / 300 / 8 and no row for E-10; the 28 before
 * at 5 / 100 / 6; a day before both windows and one after E that no window may count.
 * Pages: /a (article 1) 30/100/3 on E-1 and E, 100/200/2 on E-30; /b (post) 80/400/1.5 on E;
 * /c only in the window before (5/50/10 on E-40); /d only earlier (E-60).
 */
async function seeded() {
  const { accountId, token } = await seedAccount();
  const site = await seedSite(accountId, {
    platform: "blog",
    url: "https://example.com",
    searchConsoleProperty: "sc-domain:example.com",
    searchSyncedThrough: E,
    searchSyncedAt: "2026-11-23T10:00:00Z",
  });
  await seedSiteDays(site.id, [
    ...days(E - 1, 27, { clicks: 10, impressions: 100, position: 4 }).filter((row) => row.day !== E - 10),
    { day: E, clicks: 20, impressions: 300, position: 8 },
    ...days(E - 28, 28, { clicks: 5, impressions: 100, position: 6 }),
    { day: E - 56, clicks: 1000, impressions: 10_000, position: 1 },
    { day: E + 1, clicks: 1000, impressions: 10_000, position: 1 },
  ]);
  const article = await seedArticle(accountId, {
    title: "A",
    siteId: site.id,
    status: "published",
    publicationUrl: "https://www.example.com/a",
  });
  await seedExistingPosts(accountId, site.id, [{ title: "Post B", url: "https://example.com/b" }]);
  const [post] = await db().select().from(existingPosts).where(eq(existingPosts.siteId, site.id));
  const pageA = await seedSearchPage(site.id, "https://example.com/a/", { articleId: article.id }, [
    { day: E - 1, clicks: 30, impressions: 100, position: 3 },
    { day: E, clicks: 30, impressions: 100, position: 3 },
    { day: E - 30, clicks: 100, impressions: 200, position: 2 },
  ]);
  await seedSearchPage(site.id, "https://example.com/b/", { postId: post!.id }, [{ day: E, clicks: 80, impressions: 400, position: 1.5 }]);
  await seedSearchPage(site.id, "https://example.com/c/", {}, [{ day: E - 40, clicks: 5, impressions: 50, position: 10 }]);
  await seedSearchPage(site.id, "https://example.com/d/", {}, [{ day: E - 60, clicks: 9, impressions: 9, position: 9 }]);
  await seedQueries(
    site.id,
    pageA,
    Array.from({ length: 12 }, (_, i) => ({
      query: `query ${String(i + 1).padStart(2, "0")}`,
      clicks: i + 1,
      impressions: 10 * (i + 1),
      position: i + 1,
    })),
  );
  return { accountId, token, site, article, post: post! };
}

describe("GET /api/sites/{siteId}/performance", () => {
  it("gives the 28 days ending on the synced day against the 28 before: totals, a gap-free daily series, pages by clicks", async () => {
    const { token, site, article, post } = await seeded();
    const res = await call(`/api/sites/${site.id}/performance`, { token });
    expect(res.status).toBe(200);
    const body = (await res.json()) as SitePerformance;
    expect(body).toMatchObject({
      siteId: site.id,
      property: "sc-domain:example.com",
      window: { start: "2026-10-26", end: "2026-11-22", days: 28 },
      previousWindow: { start: "2026-09-28", end: "2026-10-25", days: 28 },
      // 26 days at 10/100/4 and E at 20/300/8: position (2600×4 + 300×8) / 2900 = 4.41.
      totals: { clicks: 280, impressions: 2900, ctr: 0.0966, position: 4.4 },
      previousTotals: { clicks: 140, impressions: 2800, ctr: 0.05, position: 6 },
      syncedAt: "2026-11-23T10:00:00Z",
    });
    expect(body.daily).toHaveLength(28);
    expect(body.daily[0]).toEqual({ date: "2026-10-26", clicks: 10, impressions: 100, ctr: 0.1, position: 4 });
    expect(body.daily[17]).toEqual({ date: dayDate(E - 10), ...ZERO });
    expect(body.daily[27]).toEqual({ date: "2026-11-22", clicks: 20, impressions: 300, ctr: 0.0667, position: 8 });

    expect(body.pages).toMatchObject({ page: 1, perPage: 10, total: 3, totalPages: 1 });
    expect(body.pages.items).toEqual([
      {
        url: "https://example.com/b/",
        clicks: 80,
        impressions: 400,
        ctr: 0.2,
        position: 1.5,
        clicksChange: 80,
        positionChange: null,
        articleId: null,
        postId: post.id,
      },
      {
        url: "https://example.com/a/",
        clicks: 60,
        impressions: 200,
        ctr: 0.3,
        position: 3,
        clicksChange: -40,
        positionChange: 1,
        articleId: String(article.id),
        postId: null,
      },
      { url: "https://example.com/c/", ...ZERO, clicksChange: -5, positionChange: null, articleId: null, postId: null },
    ]);

    const second = (await (await call(`/api/sites/${site.id}/performance?per_page=2&page=2`, { token })).json()) as SitePerformance;
    expect(second.pages).toMatchObject({ page: 2, perPage: 2, total: 3, totalPages: 2 });
    expect(second.pages.items.map((page) => page.url)).toEqual(["https://example.com/c/"]);
  });

  it("takes days from 7 to 90: 7 days against the 7 before", async () => {
    const { token, site } = await seeded();
    const body = (await (await call(`/api/sites/${site.id}/performance?days=7`, { token })).json()) as SitePerformance;
    expect(body.window).toEqual({ start: "2026-11-16", end: "2026-11-22", days: 7 });
    expect(body.totals).toEqual({ clicks: 80, impressions: 900, ctr: 0.0889, position: 5.3 });
    // E-10 has no row: 6 days counted.
    expect(body.previousTotals).toEqual({ clicks: 60, impressions: 600, ctr: 0.1, position: 4 });
    expect(body.daily).toHaveLength(7);
    expect(body.pages.items.map((page) => [page.url, page.clicks, page.clicksChange])).toEqual([
      ["https://example.com/b/", 80, 80],
      ["https://example.com/a/", 60, 60],
    ]);
    expect((await call(`/api/sites/${site.id}/performance?days=90`, { token })).status).toBe(200);
  });

  it("answers zeros and syncedAt null for a site never synced, its window ending on the last complete day", async () => {
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId);
    const body = (await (await call(`/api/sites/${site.id}/performance`, { token })).json()) as SitePerformance;
    expect(body).toMatchObject({ property: null, syncedAt: null, totals: ZERO, previousTotals: ZERO, pages: { items: [], total: 0 } });
    expect(body.window.end).toBe(dayDate(lastCompleteDay(new Date())));
    expect(body.daily).toHaveLength(28);
    expect(body.daily.every((point) => point.clicks === 0 && point.position === null)).toBe(true);
  });

  it("is 400 for days outside 7–90, text or a fraction, and for a bad page", async () => {
    const { token, site } = await seeded();
    for (const days of ["6", "91", "0", "abc", "7.5", "1e1", ""]) {
      const error = await expectError(await call(`/api/sites/${site.id}/performance?days=${days}`, { token }), 400, "invalid_request");
      expect(error.message).toContain("days");
    }
    await expectError(await call(`/api/sites/${site.id}/performance?per_page=101`, { token }), 400, "invalid_request");
  });

  it("is 404 for another account's site and 401 without a token", async () => {
    const { site } = await seeded();
    const stranger = await seedAccount();
    await expectError(await call(`/api/sites/${site.id}/performance`, { token: stranger.token }), 404, "not_found");
    await expectError(await call(`/api/sites/${site.id}/performance`), 401);
  });
});

describe("GET /api/autopilot/articles/{articleId}/performance", () => {
  it("matches the article's page by normalised URL: both windows, their change, the daily series and the top 10 queries", async () => {
    const { token, article } = await seeded();
    const res = await call(`/api/autopilot/articles/${article.id}/performance`, { token });
    expect(res.status).toBe(200);
    const body = (await res.json()) as PagePerformance;
    expect(body).toMatchObject({
      url: "https://www.example.com/a",
      matched: true,
      pageUrl: "https://example.com/a/",
      window: { start: "2026-10-26", end: "2026-11-22", days: 28 },
      current: { clicks: 60, impressions: 200, ctr: 0.3, position: 3 },
      previous: { clicks: 100, impressions: 200, ctr: 0.5, position: 2 },
      change: { clicks: -40, impressions: 0, ctr: -0.2, position: 1 },
      syncedAt: "2026-11-23T10:00:00Z",
    });
    expect(body.daily).toHaveLength(28);
    expect(body.daily.slice(25)).toEqual([
      { date: "2026-11-20", ...ZERO },
      { date: "2026-11-21", clicks: 30, impressions: 100, ctr: 0.3, position: 3 },
      { date: "2026-11-22", clicks: 30, impressions: 100, ctr: 0.3, position: 3 },
    ]);
    expect(body.topQueries).toHaveLength(10);
    expect(body.topQueries[0]).toEqual({ query: "query 12", clicks: 12, impressions: 120, ctr: 0.1, position: 12 });
    expect(body.topQueries.map((query) => query.clicks)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
  });

  it("matches by URL alone (http, no trailing slash) when the sync linked no article; unmatched articles answer zeros", async () => {
    const { accountId, token, site } = await seeded();
    const byUrl = await seedArticle(accountId, {
      title: "C",
      siteId: site.id,
      status: "published",
      publicationUrl: "http://example.com/c",
    });
    const body = (await (await call(`/api/autopilot/articles/${byUrl.id}/performance`, { token })).json()) as PagePerformance;
    expect(body).toMatchObject({
      matched: true,
      pageUrl: "https://example.com/c/",
      current: ZERO,
      previous: { clicks: 5, impressions: 50 },
    });

    const draft = await seedArticle(accountId, { title: "Draft", siteId: site.id });
    const unpublished = (await (await call(`/api/autopilot/articles/${draft.id}/performance`, { token })).json()) as PagePerformance;
    expect(unpublished).toMatchObject({ url: null, matched: false, pageUrl: null, current: ZERO, previous: ZERO, topQueries: [] });
    expect(unpublished.change).toEqual({ clicks: 0, impressions: 0, ctr: 0, position: null });
    expect(unpublished.daily).toHaveLength(28);

    const elsewhere = await seedArticle(accountId, {
      title: "E",
      siteId: site.id,
      status: "published",
      publicationUrl: "https://example.com/e/",
    });
    const missing = (await (await call(`/api/autopilot/articles/${elsewhere.id}/performance?days=7`, { token })).json()) as PagePerformance;
    expect(missing).toMatchObject({ matched: false, current: ZERO, window: { days: 7 } });
  });

  it("is 404 for another account's article or a non-number id, 400 for bad days", async () => {
    const { token, article } = await seeded();
    const stranger = await seedAccount();
    await expectError(await call(`/api/autopilot/articles/${article.id}/performance`, { token: stranger.token }), 404, "not_found");
    await expectError(await call("/api/autopilot/articles/abc/performance", { token }), 404, "not_found");
    await expectError(await call(`/api/autopilot/articles/${article.id}/performance?days=91`, { token }), 400, "invalid_request");
  });
});

describe("GET /api/sites/posts/{postId}/performance", () => {
  it("gives the post's page figures; a page without data before has no position change", async () => {
    const { token, post } = await seeded();
    const body = (await (await call(`/api/sites/posts/${post.id}/performance`, { token })).json()) as PagePerformance;
    expect(body).toMatchObject({
      url: "https://example.com/b",
      matched: true,
      current: { clicks: 80, impressions: 400, ctr: 0.2, position: 1.5 },
      previous: ZERO,
      change: { clicks: 80, impressions: 400, ctr: 0.2, position: null },
      topQueries: [],
    });
  });

  it("is 404 for another account's post, 400 for bad days", async () => {
    const { token, post } = await seeded();
    const stranger = await seedAccount();
    await expectError(await call(`/api/sites/posts/${post.id}/performance`, { token: stranger.token }), 404, "not_found");
    await expectError(await call(`/api/sites/posts/${post.id}/performance?days=6`, { token }), 400, "invalid_request");
  });
});
