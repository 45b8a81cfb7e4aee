import type { SQL } from "drizzle-orm";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import { existingPosts, searchDaily, searchPages, searchQueries } from "../../src/db/schema";
import {
  addQueries,
  matchPages,
  pageDaysUpsert,
  pageLinksUpdate,
  queriesUpsert,
  upsertPageDays,
} from "../../src/search-console/sync-store";
import { db, seedAccount, seedArticle, seedExistingPosts, seedSite, testEnv } from "../harness";

// The sync's writes stay linear in the site's pages: each row finds its page through an index,
// never by walking the site's pages once per row (which made a 1,000-page sync take 229 s).

async function planOf(statement: SQL): Promise<string> {
  const { sql: text, params } = new SQLiteSyncDialect().sqlToQuery(statement);
  const { results } = await testEnv.DB.prepare(`EXPLAIN QUERY PLAN ${text}`)
    .bind(...params)
    .all<{ detail: string }>();
  return results.map((row) => row.detail).join(" | ");
}

describe("the Search Console sync's writes", () => {
  it("look each row's page up by the (site, url) index, the rows' side first", async () => {
    for (const statement of [pageDaysUpsert("site_x", "[]"), queriesUpsert("site_x", "[]")]) {
      const plan = await planOf(statement);
      expect(plan).toMatch(
        /^SCAN j VIRTUAL TABLE .*\| SEARCH p USING COVERING INDEX search_pages_site_url_unique \(site_id=\? AND url_key=\?\)/,
      );
      expect(plan).not.toMatch(/SCAN search_pages|SCAN p\b|\(site_id=\?\)/);
    }
    const links = await planOf(pageLinksUpdate("[]"));
    expect(links).toMatch(/SCAN json_each .*\| SEARCH search_pages USING INTEGER PRIMARY KEY \(rowid=\?\)/);
  });

  it("store page-days and queries for the right pages, and match pages to articles and posts", async () => {
    const { accountId } = await seedAccount();
    const site = await seedSite(accountId, { url: "https://bakery.example" });
    await seedExistingPosts(accountId, site.id, [{ title: "Eski yazı", url: "https://bakery.example/eski-yazi/" }]);
    const [post] = await db().select().from(existingPosts).where(eq(existingPosts.siteId, site.id));
    const article = await seedArticle(accountId, {
      title: "Yeni yazı",
      siteId: site.id,
      status: "published",
      publicationUrl: "https://bakery.example/yeni-yazi/",
    });
    const figures = { clicks: 2, impressions: 30, position: 4.5 };
    await upsertPageDays(db(), site.id, [
      { url: "https://bakery.example/eski-yazi/", day: 20_000, ...figures },
      { url: "http://www.bakery.example/eski-yazi", day: 20_000, ...figures },
      { url: "https://bakery.example/yeni-yazi/", day: 20_001, ...figures },
    ]);
    await addQueries(db(), site.id, [{ url: "https://bakery.example/yeni-yazi/", query: "yeni", ...figures }]);
    await matchPages(db(), site.id);
    const pages = await db().select().from(searchPages).where(eq(searchPages.siteId, site.id)).orderBy(searchPages.url);
    expect(pages.map((page) => [page.url, page.postId, page.articleId])).toEqual([
      ["https://bakery.example/eski-yazi/", post!.id, null],
      ["https://bakery.example/yeni-yazi/", null, article.id],
    ]);
    const days = await db().select().from(searchDaily).where(eq(searchDaily.pageId, pages[0]!.id));
    // http and www are the same page: their figures are summed.
    expect(days).toEqual([expect.objectContaining({ day: 20_000, clicks: 4, impressions: 60 })]);
    const queries = await db().select().from(searchQueries).where(eq(searchQueries.siteId, site.id));
    expect(queries).toEqual([expect.objectContaining({ pageId: pages[1]!.id, query: "yeni", impressions: 30 })]);

    // A post that leaves the inventory is unlinked; nothing else changes.
    await db().delete(existingPosts).where(eq(existingPosts.id, post!.id));
    await matchPages(db(), site.id);
    const after = await db().select().from(searchPages).where(eq(searchPages.siteId, site.id)).orderBy(searchPages.url);
    expect(after.map((page) => [page.postId, page.articleId])).toEqual([
      [null, null],
      [null, article.id],
    ]);
  });
});
