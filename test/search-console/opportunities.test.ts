import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { newId } from "../../src/core/ids";
import { articles, existingPosts, planItems, plans, searchPages, searchQueries, sites } from "../../src/db/schema";
import { dayNumber } from "../../src/core/search-days";
import { opportunityRowsQuery } from "../../src/search-console/opportunities";
import { call, db, expectError, seedAccount, seedArticle, seedExistingPosts, seedSite, testEnv } from "../harness";

interface OpportunityPage {
  siteId: string;
  syncedAt: string | null;
  window: { start: string; end: string } | null;
  items: {
    query: string;
    impressions: number;
    clicks: number;
    ctr: number;
    position: number;
    page: { url: string; articleId: string | null; postId: string | null };
  }[];
  targeted: number;
  page: number;
  perPage: number;
  total: number;
  totalPages: number;
}

/** A synced site: its 28 days end on 2026-04-28. */
async function syncedSite(accountId: string) {
  const site = await seedSite(accountId, { url: "https://bakery.invalid" });
  await db()
    .update(sites)
    .set({ searchSyncedThrough: dayNumber("2026-04-28"), searchSyncedAt: "2026-05-01T06:00:00Z", searchConsoleState: "synced" })
    .where(eq(sites.id, site.id));
  return site;
}

async function seedPage(siteId: string, path: string, links: { articleId?: number; postId?: string } = {}) {
  const [page] = await db()
    .insert(searchPages)
    .values({ siteId, urlKey: `bakery.invalid${path}`, url: `https://bakery.invalid${path}/`, ...links })
    .returning();
  return page!;
}

async function seedQueries(
  siteId: string,
  pageId: number,
  rows: { query: string; impressions: number; position: number; clicks?: number }[],
) {
  // D1 binds at most 100 values a statement: 6 columns a row.
  const statements = [];
  for (let i = 0; i < rows.length; i += 16)
    statements.push(
      db()
        .insert(searchQueries)
        .values(rows.slice(i, i + 16).map((row) => ({ siteId, pageId, clicks: 0, ...row }))),
    );
  const [first, ...rest] = statements;
  if (first) await db().batch([first, ...rest]);
}

async function opportunities(token: string, siteId: string, query = ""): Promise<OpportunityPage> {
  const res = await call(`/api/sites/${siteId}/opportunities${query}`, { token });
  expect(res.status).toBe(200);
  return (await res.json()) as OpportunityPage;
}

async function seedPlanItem(accountId: string, siteId: string, keyword: string, keywordKey: string) {
  const planId = newId("plan");
  await db()
    .insert(plans)
    .values({
      id: planId,
      accountId,
      siteId,
      articleCount: 1,
      cadencePerWeek: 1,
      research: {
        keywordProvider: "offline",
        textProvider: "offline",
        textModel: "offline-draft",
        volumesAreEstimates: true,
        seeds: [],
        ideasFound: 1,
        ideasUsable: 1,
        costUsd: 0,
        inputTokens: 0,
        outputTokens: 0,
      },
    });
  await db()
    .insert(planItems)
    .values({
      id: newId("item"),
      planId,
      accountId,
      siteId,
      position: 1,
      title: `All about ${keyword}`,
      targetKeyword: keyword,
      keywordKey,
      monthlyVolume: 10,
      competition: "LOW",
    });
}

describe("GET /api/sites/{siteId}/opportunities", () => {
  it("keeps average positions 8 to 30 inclusive, with the window and sync time of the site", async () => {
    const { accountId, token } = await seedAccount();
    const site = await syncedSite(accountId);
    const page = await seedPage(site.id, "/bread");
    await seedQueries(site.id, page.id, [
      { query: "rye bread", impressions: 400, position: 7.9 },
      { query: "spelt bread", impressions: 300, position: 8, clicks: 6 },
      { query: "corn bread", impressions: 200, position: 30 },
      { query: "potato bread", impressions: 100, position: 30.1 },
    ]);
    const list = await opportunities(token, site.id);
    expect(list).toMatchObject({
      siteId: site.id,
      syncedAt: "2026-05-01T06:00:00Z",
      window: { start: "2026-04-01", end: "2026-04-28" },
      page: 1,
      perPage: 20,
      total: 2,
      totalPages: 1,
    });
    expect(list.items).toEqual([
      {
        query: "spelt bread",
        impressions: 300,
        clicks: 6,
        ctr: 0.02,
        position: 8,
        page: { url: "https://bakery.invalid/bread/", articleId: null, postId: null },
      },
      {
        query: "corn bread",
        impressions: 200,
        clicks: 0,
        ctr: 0,
        position: 30,
        page: expect.objectContaining({ url: "https://bakery.invalid/bread/" }),
      },
    ]);
  });

  it("needs 10 impressions by default, or min_impressions", async () => {
    const { accountId, token } = await seedAccount();
    const site = await syncedSite(accountId);
    const page = await seedPage(site.id, "/bread");
    await seedQueries(site.id, page.id, [
      { query: "rye bread", impressions: 9, position: 12 },
      { query: "spelt bread", impressions: 10, position: 12 },
      { query: "corn bread", impressions: 50, position: 12 },
    ]);
    expect((await opportunities(token, site.id)).items.map((item) => item.query)).toEqual(["corn bread", "spelt bread"]);
    expect((await opportunities(token, site.id, "?min_impressions=50")).items.map((item) => item.query)).toEqual(["corn bread"]);
    expect((await opportunities(token, site.id, "?min_impressions=1")).total).toBe(3);
  });

  it("groups a query across pages: impressions and clicks summed, position weighted by impressions, the busiest page named", async () => {
    const { accountId, token } = await seedAccount();
    const site = await syncedSite(accountId);
    const article = await seedArticle(accountId, { title: "Rye at home", siteId: site.id });
    await seedExistingPosts(accountId, site.id, [{ title: "Rye basics", url: "https://bakery.invalid/rye-basics/" }]);
    const [post] = await db().select().from(existingPosts).where(eq(existingPosts.siteId, site.id));
    const basics = await seedPage(site.id, "/rye-basics", { postId: post!.id });
    const atHome = await seedPage(site.id, "/rye-at-home", { articleId: article.id });
    // 50 impressions at 4 and 50 at 20: each page alone is outside 8–30, the query is at 12.
    await seedQueries(site.id, basics.id, [
      { query: "rye bread", impressions: 30, position: 5, clicks: 3 },
      { query: "rye flour", impressions: 50, position: 4, clicks: 5 },
    ]);
    await seedQueries(site.id, atHome.id, [
      { query: "rye bread", impressions: 70, position: 15, clicks: 1 },
      { query: "rye flour", impressions: 50, position: 20 },
    ]);
    const list = await opportunities(token, site.id);
    expect(list.items).toEqual([
      {
        query: "rye bread",
        impressions: 100,
        clicks: 4,
        ctr: 0.04,
        position: 12,
        page: { url: "https://bakery.invalid/rye-at-home/", articleId: String(article.id), postId: null },
      },
      // Equal impressions on both pages: the first page stored names it.
      {
        query: "rye flour",
        impressions: 100,
        clicks: 5,
        ctr: 0.05,
        position: 12,
        page: { url: "https://bakery.invalid/rye-basics/", articleId: null, postId: post!.id },
      },
    ]);
  });

  it("leaves out queries an article or a plan item of the site targets, in any word order or case", async () => {
    const { accountId, token } = await seedAccount();
    const site = await syncedSite(accountId);
    const otherSite = await syncedSite(accountId);
    const page = await seedPage(site.id, "/bread");
    await seedQueries(site.id, page.id, [
      { query: "kids bread", impressions: 500, position: 10 },
      { query: "starter sourdough", impressions: 400, position: 10 },
      { query: "sourdough starter jar", impressions: 300, position: 10 },
      { query: "focaccia", impressions: 200, position: 10 },
      { query: "banana bread", impressions: 100, position: 10 },
    ]);
    const article = await seedArticle(accountId, { title: "Bread your kids will eat", siteId: site.id });
    await db().update(articles).set({ targetKeyword: "Bread for KIDS" }).where(eq(articles.id, article.id));
    await seedPlanItem(accountId, site.id, "Sourdough Starter", "sourdough starter");
    // Another site's article and plan item target nothing of this site.
    const elsewhere = await seedArticle(accountId, { title: "Focaccia", siteId: otherSite.id });
    await db().update(articles).set({ targetKeyword: "focaccia" }).where(eq(articles.id, elsewhere.id));
    await seedPlanItem(accountId, otherSite.id, "banana bread", "banana bread");

    const list = await opportunities(token, site.id);
    expect(list.items.map((item) => item.query)).toEqual(["sourdough starter jar", "focaccia", "banana bread"]);
    expect(list.total).toBe(3);
    // How many were left out, so the panel can say why a list is empty.
    expect(list.targeted).toBe(2);
  });

  it("pages by impressions, most first; a page past the end is empty", async () => {
    const { accountId, token } = await seedAccount();
    const site = await syncedSite(accountId);
    const page = await seedPage(site.id, "/bread");
    const words = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliet", "kilo", "lima", "mike"];
    await seedQueries(
      site.id,
      page.id,
      words.flatMap((word, i) => [
        { query: `${word} bread`, impressions: 1000 - i * 10, position: 9 },
        { query: `${word} loaf`, impressions: 995 - i * 10, position: 29 },
      ]),
    );
    const all = await opportunities(token, site.id, "?per_page=100");
    expect(all.total).toBe(26);
    const impressions = all.items.map((item) => item.impressions);
    expect(impressions).toEqual([...impressions].sort((a, b) => b - a));

    const third = await opportunities(token, site.id, "?per_page=10&page=3");
    expect(third).toMatchObject({ page: 3, perPage: 10, total: 26, totalPages: 3 });
    expect(third.items.map((item) => item.query)).toEqual(all.items.slice(20).map((item) => item.query));
    const past = await opportunities(token, site.id, "?per_page=10&page=4");
    expect(past).toMatchObject({ items: [], total: 26, totalPages: 3 });
  });

  it("groups thousands of queries in one statement that reads the site's rows through the (site_id, query) index", async () => {
    const { accountId, token } = await seedAccount();
    const site = await syncedSite(accountId);
    const pages = [await seedPage(site.id, "/a"), await seedPage(site.id, "/b")];
    for (const [n, page] of pages.entries())
      await seedQueries(
        site.id,
        page.id,
        Array.from({ length: 1500 }, (_, i) => ({ query: `query ${i}`, impressions: 20 + i, position: n === 0 ? 4 : 4 + (i % 40) })),
      );
    const list = await opportunities(token, site.id, "?per_page=100");
    // Page /b alone ranks 4–43; with /a at 4 and equal impressions the average is 4–23.5: in range from i % 40 ≥ 8.
    expect(list.total).toBe(Array.from({ length: 1500 }, (_, i) => (8 + (i % 40)) / 2).filter((p) => p >= 8 && p <= 30).length);
    expect(list.items[0]).toMatchObject({ query: "query 1499", impressions: 2 * 1519 });

    const { sql: text, params } = opportunityRowsQuery(db(), site.id, 10).toSQL();
    const { results } = await testEnv.DB.prepare(`EXPLAIN QUERY PLAN ${text}`)
      .bind(...params)
      .all<{ detail: string }>();
    const plan = results.map((row) => row.detail).join(" | ");
    expect(plan).toMatch(/SEARCH search_queries USING (COVERING )?INDEX search_queries_site_query_idx \(site_id=\?\)/);
    expect(plan).toMatch(/SEARCH best USING INDEX search_queries_site_query_idx \(site_id=\? AND query=\?\)/);
    expect(plan).not.toMatch(/SCAN search_queries|SCAN best|SCAN search_pages/);
  });

  it("answers an empty list before the first sync", async () => {
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId);
    expect(await opportunities(token, site.id)).toEqual({
      siteId: site.id,
      syncedAt: null,
      window: null,
      items: [],
      targeted: 0,
      page: 1,
      perPage: 20,
      total: 0,
      totalPages: 0,
    });
  });

  it("is 404 for another account's site or an unknown one, and 401 without a token", async () => {
    const owner = await seedAccount();
    const site = await syncedSite(owner.accountId);
    const page = await seedPage(site.id, "/bread");
    await seedQueries(site.id, page.id, [{ query: "rye bread", impressions: 100, position: 12 }]);
    const stranger = await seedAccount();
    await expectError(await call(`/api/sites/${site.id}/opportunities`, { token: stranger.token }), 404, "not_found");
    await expectError(await call("/api/sites/site_doesnotexist00/opportunities", { token: owner.token }), 404, "not_found");
    await expectError(await call(`/api/sites/${site.id}/opportunities`), 401);
  });

  it.each([
    ["min_impressions=0", "min_impressions"],
    ["min_impressions=100001", "min_impressions"],
    ["min_impressions=ten", "min_impressions"],
    ["min_impressions=1.5", "min_impressions"],
    ["page=0", "page"],
    ["per_page=101", "per_page"],
  ])("is 400 for ?%s", async (query, field) => {
    const { accountId, token } = await seedAccount();
    const site = await syncedSite(accountId);
    const body = (await expectError(await call(`/api/sites/${site.id}/opportunities?${query}`, { token }), 400)) as unknown as {
      issues?: { path: string }[];
    };
    expect(JSON.stringify(body)).toContain(field);
  });
});
