import { describe, expect, it } from "vitest";
import { articleListStatements, type ArticleListQuery } from "../../src/articles/list";
import { call, db, expectError, seedAccount, seedArticle, seedSite, testEnv } from "../harness";

// Issue 28: a public article says where it is published (`url`) and on which site (`site_id`),
// and the list takes `site`, so a static-site build of one site of many needs nothing else.

const LIST = "/api/v1/public/articles";
const cacheState = (res: Response) => /cache;desc=(\w+)/.exec(res.headers.get("Server-Timing") ?? "")?.[1];

interface ListBody {
  data: { id: number; title: string; site_id: string | null; url: string | null }[];
  meta: { current_page: number; last_page: number; per_page: number; total: number };
}

async function list(token: string, query = ""): Promise<ListBody> {
  const res = await call(`${LIST}${query}`, { token });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as ListBody;
}

const titles = (body: ListBody) => body.data.map((article) => article.title);
const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 10, minute, 0));

/** An account with two sites and an article without one, newest last. */
async function seedTwoSites() {
  const seeded = await seedAccount();
  const blog = await seedSite(seeded.accountId, { platform: "blog" });
  const shop = await seedSite(seeded.accountId, { platform: "custom" });
  await seedArticle(
    seeded.accountId,
    { title: "Blog one", siteId: blog.id, status: "published", publicationUrl: "https://blog.example.com/blog-one/" },
    at(1),
  );
  await seedArticle(seeded.accountId, { title: "Shop one", siteId: shop.id, status: "published" }, at(2));
  await seedArticle(
    seeded.accountId,
    { title: "Blog two", siteId: blog.id, status: "draft", publicationUrl: "https://blog.example.com/?p=12" },
    at(3),
  );
  await seedArticle(seeded.accountId, { title: "No site" }, at(4));
  return { ...seeded, blog, shop };
}

describe("public articles: url and site_id", () => {
  it("gives the published post's address and the site's id, in the list and the detail alike", async () => {
    const { token, blog, shop } = await seedTwoSites();
    const body = await list(token);
    expect(body.data.map(({ title, site_id, url }) => ({ title, site_id, url }))).toStrictEqual([
      { title: "No site", site_id: null, url: null },
      // A draft sent to WordPress has an address there, but nobody can read it: null.
      { title: "Blog two", site_id: blog.id, url: null },
      // A custom site's article is published without an address the service knows.
      { title: "Shop one", site_id: shop.id, url: null },
      { title: "Blog one", site_id: blog.id, url: "https://blog.example.com/blog-one/" },
    ]);
    for (const item of body.data) {
      const detail = (await (await call(`${LIST}/${item.id}`, { token })).json()) as { data: unknown };
      expect(detail.data, item.title).toStrictEqual(item);
    }
  });
});

describe("GET /api/v1/public/articles?site=", () => {
  it("lists only the site's articles, counted alone, and combines with the other filters", async () => {
    const { token, blog, shop } = await seedTwoSites();
    const blogList = await list(token, `?site=${blog.id}`);
    expect(titles(blogList)).toStrictEqual(["Blog two", "Blog one"]);
    expect(blogList.meta).toStrictEqual({ current_page: 1, last_page: 1, per_page: 10, total: 2 });
    expect(titles(await list(token, `?site=${shop.id}`))).toStrictEqual(["Shop one"]);
    expect(titles(await list(token, `?site=${blog.id}&status=published`))).toStrictEqual(["Blog one"]);
    expect(titles(await list(token, `?site=${blog.id}&sort=title&order=asc&per_page=1&page=2`))).toStrictEqual(["Blog two"]);
    expect(titles(await list(token, `?site=${blog.id}&search=two`))).toStrictEqual(["Blog two"]);
  });

  it("gives an empty list, not an error, for another account's site and for an unknown one", async () => {
    const { token } = await seedTwoSites();
    const other = await seedTwoSites();
    for (const site of [other.blog.id, "site_0000000000000000"]) {
      const body = await list(token, `?site=${site}`);
      expect(body, site).toStrictEqual({ success: true, data: [], meta: { current_page: 1, last_page: 1, per_page: 10, total: 0 } });
    }
  });

  it("refuses a malformed site id with a 400 naming the parameter", async () => {
    const { token, blog } = await seedTwoSites();
    for (const site of [
      "",
      "42",
      "blog",
      "site_",
      "site-abc",
      `${blog.id}%20`,
      "site_abc%27%20OR%201=1",
      `site_${"a".repeat(60)}`,
      `plan_${blog.id.slice(5)}`,
    ]) {
      const res = await call(`${LIST}?site=${site}`, { token });
      const body = (await expectError(res, 400, "invalid_request")) as { message: string; issues?: unknown[] };
      expect(body.message, site).toMatch(/^Query parameter 'site': site must be a site id such as site_/);
      expect(body.issues, site).toStrictEqual([
        { path: "site", code: "invalid_format", message: expect.stringContaining("GET /api/sites") },
      ]);
    }
    const twice = await expectError(await call(`${LIST}?site=${blog.id}&site=${blog.id}`, { token }), 400, "invalid_request");
    expect(twice.message).toContain("'site'");
  });
});

describe("the site filter and the public cache", () => {
  it("never serves one site's answer, ETag or count for another's", async () => {
    const { token, blog, shop } = await seedTwoSites();
    const blogPage = await call(`${LIST}?site=${blog.id}&per_page=1`, { token });
    const blogTag = blogPage.headers.get("ETag")!;
    expect(((await blogPage.json()) as ListBody).meta.total).toBe(2);

    // The same page of another site: its own answer (not a hit), its own ETag, its own count.
    const shopPage = await call(`${LIST}?site=${shop.id}&per_page=1`, { token });
    expect(cacheState(shopPage)).toBe("miss");
    expect(shopPage.headers.get("Server-Timing")).not.toContain("query;desc=page");
    const shopTag = shopPage.headers.get("ETag")!;
    expect(shopTag).not.toBe(blogTag);
    const shopBody = (await shopPage.json()) as ListBody;
    expect(titles(shopBody)).toStrictEqual(["Shop one"]);
    expect(shopBody.meta.total).toBe(1);

    // One site's ETag does not revalidate the other's list, nor the unfiltered one.
    const revalidated = await call(`${LIST}?site=${shop.id}&per_page=1`, { token, headers: { "If-None-Match": blogTag } });
    expect(revalidated.status).toBe(200);
    expect(titles((await revalidated.json()) as ListBody)).toStrictEqual(["Shop one"]);
    expect((await call(`${LIST}?per_page=1`, { token, headers: { "If-None-Match": blogTag } })).status).toBe(200);
    expect((await call(`${LIST}?site=${blog.id}&per_page=1`, { token, headers: { "If-None-Match": blogTag } })).status).toBe(304);

    // The next page of the first site reuses its own count only.
    const blogNext = await call(`${LIST}?site=${blog.id}&per_page=1&page=2`, { token });
    expect(blogNext.headers.get("Server-Timing")).toContain("query;desc=page");
    const blogNextBody = (await blogNext.json()) as ListBody;
    expect(titles(blogNextBody)).toStrictEqual(["Blog one"]);
    expect(blogNextBody.meta).toMatchObject({ total: 2, last_page: 2 });
    // Repeated, each site's answer is a hit of its own.
    const blogAgain = await call(`${LIST}?per_page=1&site=${blog.id}`, { token });
    expect(cacheState(blogAgain)).toBe("hit");
    expect(titles((await blogAgain.json()) as ListBody)).toStrictEqual(["Blog two"]);
  });

  it("finds a site's articles and counts them through the account-and-site index", async () => {
    const query: ArticleListQuery = { page: 1, perPage: 10, sort: "created_at", order: "desc", siteId: "site_b8Zq0Ls2Kd93Hw1P" };
    const explain = async (statement: { toSQL(): { sql: string; params: unknown[] } }) => {
      const { sql: text, params } = statement.toSQL();
      const { results } = await testEnv.DB.prepare(`EXPLAIN QUERY PLAN ${text}`)
        .bind(...params)
        .all<{ detail: string }>();
      return results.map((row) => row.detail).join(" | ");
    };
    const { count, page } = articleListStatements(db(), "acc_x", query)!;
    const counted = await explain(count);
    expect(counted).toMatch(/SEARCH articles USING COVERING INDEX articles_account_site_idx \(account_id=\? AND site_id=\?\)/);
    const paged = await explain(page);
    expect(paged).toMatch(/SEARCH articles USING INDEX articles_account_site_idx \(account_id=\? AND site_id=\?\)/);
    // The index's order (created_at, then the rowid) is the list's: no sort of the site's articles
    // (the images' subquery sorts each article's few images, which is not this).
    expect(paged).not.toMatch(/TEMP B-TREE FOR (RIGHT PART OF )?ORDER BY/);
    expect(paged).not.toMatch(/SCAN articles/);
  });
});
