import { describe, expect, it } from "vitest";
import { call, expectError, seedAccount, seedArticle, seedSite } from "../harness";
import { seedSearchPage } from "../search-console/search-rows";

interface Summary {
  id: string;
  title: string;
  search: { clicks: number; impressions: number; position: number | null; clicksChange: number; positionChange: number | null } | null;
}

/** Three articles created a day apart: A has a page (5 clicks at 6.04), B none, C a page (20 clicks at 1.2). */
async function articlesWithFigures() {
  const { accountId, token } = await seedAccount();
  const site = await seedSite(accountId, { url: "https://example.com" });
  const created = (day: number) => new Date(`2026-11-0${day}T00:00:00Z`);
  const a = await seedArticle(
    accountId,
    { title: "A", siteId: site.id, status: "published", publicationUrl: "https://example.com/a" },
    created(1),
  );
  await seedArticle(accountId, { title: "B", siteId: site.id }, created(2));
  const c = await seedArticle(
    accountId,
    { title: "C", siteId: site.id, status: "published", publicationUrl: "https://example.com/c" },
    created(3),
  );
  await seedSearchPage(site.id, "https://example.com/a/", {
    articleId: a.id,
    clicks: 5,
    impressions: 100,
    position: 6.04,
    previousClicks: 2,
    previousImpressions: 90,
    previousPosition: 9.5,
  });
  await seedSearchPage(site.id, "https://example.com/c/", { articleId: c.id, clicks: 20, impressions: 80, position: 1.2 });
  return { token };
}

const list = async (token: string, query = "") =>
  ((await (await call(`/api/autopilot/articles${query}`, { token })).json()) as { items: Summary[] }).items;

describe("GET /api/autopilot/articles with Search Console figures", () => {
  it("gives each article its page's 28-day figures (null without a page), newest first by default", async () => {
    const { token } = await articlesWithFigures();
    const items = await list(token);
    expect(items.map((item) => item.title)).toEqual(["C", "B", "A"]);
    expect(items.map((item) => item.search)).toEqual([
      { clicks: 20, impressions: 80, position: 1.2, clicksChange: 20, positionChange: null },
      null,
      { clicks: 5, impressions: 100, position: 6, clicksChange: 3, positionChange: -3.5 },
    ]);
  });

  it("sorts by clicks or position, articles without figures last either way", async () => {
    const { token } = await articlesWithFigures();
    expect((await list(token, "?sort=clicks")).map((item) => item.title)).toEqual(["C", "A", "B"]);
    expect((await list(token, "?sort=clicks&order=asc")).map((item) => item.title)).toEqual(["A", "C", "B"]);
    expect((await list(token, "?sort=position&order=asc")).map((item) => item.title)).toEqual(["C", "A", "B"]);
    await expectError(await call("/api/autopilot/articles?sort=views", { token }), 400, "invalid_request");
  });
});
