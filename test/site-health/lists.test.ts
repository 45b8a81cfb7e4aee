import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { existingPosts } from "../../src/db/schema";
import { countCannibalized, findCannibalized } from "../../src/site-health/cannibalization";
import { countNoTraction, findTraction } from "../../src/site-health/traction";
import { call, db, seedAccount, seedExistingPosts, seedSite, testServices, useVars } from "../harness";
import { NOW, pageWithQueries, publishedArticle } from "./helpers";

const config = () => testServices().config.siteHealth;

async function blog() {
  const { accountId, token } = await seedAccount();
  const site = await seedSite(accountId, { platform: "blog", url: "https://blog.example.com", searchSyncedAt: "2026-11-24T06:00:00Z" });
  return { accountId, token, site };
}

const url = (slug: string) => `https://blog.example.com/${slug}/`;

describe("cannibalisation: which queries are listed", () => {
  it("lists a query whose second page holds exactly 20 % and 10 impressions; 19 %, or 9 impressions, is not a real share", async () => {
    const { site } = await blog();
    await pageWithQueries(site.id, url("a"), { clicks: 50, impressions: 500 }, [
      { query: "share at 20", impressions: 80, clicks: 8 },
      { query: "share at 19", impressions: 81 },
      { query: "ten each", impressions: 10 },
      { query: "nine", impressions: 20 },
      { query: "alone", impressions: 300 },
    ]);
    await pageWithQueries(site.id, url("b"), { clicks: 40, impressions: 400 }, [
      { query: "share at 20", impressions: 20, clicks: 1 },
      { query: "share at 19", impressions: 19 },
      { query: "ten each", impressions: 10 },
      { query: "nine", impressions: 9 },
    ]);

    const items = await findCannibalized(db(), site.id, config().cannibalization);
    expect(items.map((item) => [item.query, item.impressions, item.pages.map((page) => page.url)])).toEqual([
      ["share at 20", 100, [url("a"), url("b")]],
      ["ten each", 20, [url("a"), url("b")]],
    ]);
    expect(items[0]!.pages[0]).toEqual({ url: url("a"), articleId: null, postId: null, clicks: 8, impressions: 80, position: 10 });
    expect(await countCannibalized(db(), config(), site.id)).toBe(2);
  });

  it("a third page below the share is left out; three pages above it are all listed, the stronger first", async () => {
    const { site } = await blog();
    await pageWithQueries(site.id, url("a"), { clicks: 10, impressions: 100 }, [{ query: "three", impressions: 40, clicks: 1 }]);
    await pageWithQueries(site.id, url("b"), { clicks: 10, impressions: 100 }, [{ query: "three", impressions: 40, clicks: 5 }]);
    await pageWithQueries(site.id, url("c"), { clicks: 10, impressions: 100 }, [{ query: "three", impressions: 20 }]);
    await pageWithQueries(site.id, url("d"), { clicks: 10, impressions: 100 }, [{ query: "two", impressions: 50 }]);
    await pageWithQueries(site.id, url("e"), { clicks: 10, impressions: 100 }, [{ query: "two", impressions: 50 }]);
    await pageWithQueries(site.id, url("f"), { clicks: 10, impressions: 100 }, [{ query: "two", impressions: 11 }]);

    const items = await findCannibalized(db(), site.id, config().cannibalization);
    const pages = Object.fromEntries(items.map((item) => [item.query, item.pages.map((page) => page.url)]));
    // 20 of 100 is 20 %: in. 11 of 111 is 9.9 %: out.
    expect(pages).toEqual({ three: [url("b"), url("a"), url("c")], two: [url("d"), url("e")] });
  });

  it("merge when the weaker page earns at most a quarter of the stronger's clicks (and fewer impressions) or is thin; differentiate otherwise", async () => {
    const { accountId, site } = await blog();
    // Weak on everything: 25 of 100 clicks.
    await pageWithQueries(site.id, url("strong-1"), { clicks: 100, impressions: 1000 }, [{ query: "weak", impressions: 60, clicks: 6 }]);
    await pageWithQueries(site.id, url("weak-1"), { clicks: 25, impressions: 900 }, [{ query: "weak", impressions: 40, clicks: 2 }]);
    // 26 of 100: it has an audience of its own.
    await pageWithQueries(site.id, url("strong-2"), { clicks: 100, impressions: 1000 }, [{ query: "own", impressions: 60, clicks: 6 }]);
    await pageWithQueries(site.id, url("weak-2"), { clicks: 26, impressions: 900 }, [{ query: "own", impressions: 40, clicks: 2 }]);
    // Thin: 299 words, whatever it earns.
    await seedExistingPosts(accountId, site.id, [{ title: "Thin", url: url("thin") }]);
    const [thin] = await db().select().from(existingPosts).where(sql`${existingPosts.siteId} = ${site.id}`);
    await db().update(existingPosts).set({ wordCount: 299 }).where(sql`${existingPosts.id} = ${thin!.id}`);
    await pageWithQueries(site.id, url("strong-3"), { clicks: 100, impressions: 1000 }, [{ query: "thin", impressions: 60, clicks: 6 }]);
    await pageWithQueries(site.id, url("thin"), { clicks: 90, impressions: 900, postId: thin!.id }, [
      { query: "thin", impressions: 40, clicks: 2 },
    ]);

    const items = Object.fromEntries((await findCannibalized(db(), site.id, config().cannibalization)).map((item) => [item.query, item]));
    expect(items.weak).toMatchObject({ suggestion: "merge" });
    expect(items.weak!.reason).toContain("earns 25 clicks on all its queries against 100");
    expect(items.own).toMatchObject({ suggestion: "differentiate" });
    expect(items.thin).toMatchObject({ suggestion: "merge" });
    expect(items.thin!.reason).toContain("thin (299 words)");
    expect(items.thin!.pages[1]!.postId).toBe(thin!.id);
  });

  it("reads thousands of rows in one pass and finds every shared query", async () => {
    const { site } = await blog();
    // 2,000 pages, 5 queries each (10,000 rows); pages 2k and 2k+1 share query "shared k".
    const pages = Array.from({ length: 2000 }, (_, i) => [i, `blog.example.com/p-${i}`, `https://blog.example.com/p-${i}/`]);
    await db().run(sql`INSERT INTO search_pages (site_id, url_key, url, clicks, impressions)
      SELECT ${site.id}, json_extract(value, '$[1]'), json_extract(value, '$[2]'), 10, 100 FROM json_each(${JSON.stringify(pages)})`);
    await db().run(sql`INSERT INTO search_queries (page_id, site_id, query, clicks, impressions, position)
      SELECT p.id, p.site_id, 'shared ' || (CAST(substr(p.url_key, 20) AS INTEGER) / 2), 1, 50, 8 FROM search_pages AS p WHERE p.site_id = ${site.id}`);
    for (let n = 0; n < 4; n += 1)
      await db().run(sql`INSERT INTO search_queries (page_id, site_id, query, clicks, impressions, position)
        SELECT p.id, p.site_id, 'own ' || p.id || ' ' || ${n}, 1, 30, 12 FROM search_pages AS p WHERE p.site_id = ${site.id}`);

    const started = Date.now();
    const items = await findCannibalized(db(), site.id, config().cannibalization);
    expect(items).toHaveLength(1000);
    expect(items.every((item) => item.pages.length === 2 && item.impressions === 100)).toBe(true);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it("the statement walks the (site_id, query) index: no scan of other sites' rows", async () => {
    const { site } = await blog();
    const plan = await db().all<{ detail: string }>(sql`EXPLAIN QUERY PLAN
      SELECT query, sum(impressions) OVER (PARTITION BY query) FROM search_queries WHERE site_id = ${site.id}`);
    expect(plan.map((row) => row.detail).join("\n")).toContain("search_queries_site_query_idx");
  });
});

describe("traction: states and suggestions at their edges", () => {
  it("lists articles 28 days old and older; the state follows clicks and impressions; the suggestion follows the state and age", async () => {
    const { accountId, site } = await blog();
    const make = async (slug: string, ageDays: number, figures: { clicks: number; impressions: number } | null) => {
      const article = await publishedArticle(accountId, site.id, { title: slug, url: url(slug), ageDays });
      if (figures) await pageWithQueries(site.id, url(slug), { ...figures, articleId: article.id }, []);
      return article;
    };
    await make("too-young", 27, null);
    await make("clicks-5", 28, { clicks: 5, impressions: 20 });
    await make("impressions-100", 40, { clicks: 0, impressions: 100 });
    await make("slow-99", 40, { clicks: 4, impressions: 99 });
    await make("slow-10", 40, { clicks: 0, impressions: 10 });
    await make("none-9-young", 55, { clicks: 0, impressions: 9 });
    await make("none-56", 56, { clicks: 0, impressions: 0 });
    await make("none-111", 111, null);
    await make("none-112", 112, null);

    const items = await findTraction(db(), config(), site.id, NOW);
    expect(items.map((item) => [item.title, item.state, item.suggestion])).toEqual([
      ["none-112", "none", "unpublish"],
      ["none-111", "none", "noindex"],
      ["none-56", "none", "noindex"],
      ["none-9-young", "none", "wait"],
      ["slow-99", "slow", "improve"],
      ["slow-10", "slow", "improve"],
      ["impressions-100", "earning", "wait"],
      ["clicks-5", "earning", "wait"],
    ]);
    expect(await countNoTraction(db(), config(), site.id, NOW)).toBe(4);
  });

  it("suggests merge into the page of the site that outranks it on a shared query or on its keyword", async () => {
    const { accountId, site } = await blog();
    const shared = await publishedArticle(accountId, site.id, { title: "shared", url: url("shared"), ageDays: 60 });
    await pageWithQueries(site.id, url("shared"), { clicks: 0, impressions: 30, articleId: shared.id }, [
      { query: "rye bread", impressions: 30 },
    ]);
    await pageWithQueries(site.id, url("rye-guide"), { clicks: 40, impressions: 900 }, [{ query: "rye bread", impressions: 400 }]);
    await publishedArticle(accountId, site.id, { title: "keyword", url: url("keyword"), ageDays: 60, targetKeyword: "Spelt Flour " });
    await pageWithQueries(site.id, url("spelt"), { clicks: 40, impressions: 900 }, [{ query: "spelt flour", impressions: 200 }]);

    const items = Object.fromEntries((await findTraction(db(), config(), site.id, NOW)).map((item) => [item.title, item]));
    expect(items.shared).toMatchObject({ state: "slow", suggestion: "merge", mergeInto: url("rye-guide") });
    expect(items.keyword).toMatchObject({ state: "none", suggestion: "merge", mergeInto: url("spelt") });
  });

  it("thresholds come from the configuration", async () => {
    const { accountId, token, site } = await blog();
    const article = await publishedArticle(accountId, site.id, { title: "ten days", url: url("ten-days"), ageDays: 10 });
    await pageWithQueries(site.id, url("ten-days"), { clicks: 0, impressions: 50, articleId: article.id }, []);
    expect(((await (await call(`/api/sites/${site.id}/traction`, { token })).json()) as { items: unknown[] }).items).toEqual([]);

    useVars({ TRACTION_MIN_AGE_DAYS: "7", TRACTION_EARNING_IMPRESSIONS: "50" });
    const res = await call(`/api/sites/${site.id}/traction`, { token });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      items: [
        {
          articleId: String(article.id),
          title: "ten days",
          url: url("ten-days"),
          publishedAt: expect.any(String),
          impressions: 50,
          clicks: 0,
          position: 10,
          state: "earning",
          suggestion: "wait",
          mergeInto: null,
          action: null,
        },
      ],
      syncedAt: "2026-11-24T06:00:00Z",
    });
  });
});
