import { describe, expect, it } from "vitest";
import { searchDecay } from "../../src/db/schema";
import { HEALTH_WEIGHTS, healthScore } from "../../src/site-health/health";
import { call, db, expectError, seedAccount, seedExistingPosts, seedSite } from "../harness";
import { pageWithQueries, publishedArticle } from "./helpers";

const url = (slug: string) => `https://blog.example.com/${slug}/`;
const fine = { cannibalized: 0, orphans: 0, pages: 10, broken: 0, noTraction: 0, judged: 4, decaying: 0, measured: 10, overPace: false };

async function json<T>(response: Response): Promise<T> {
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

describe("GET /api/sites/{siteId}/health", () => {
  it("counts each problem as its own list does, and scores them", async () => {
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId, { platform: "blog", url: "https://blog.example.com", searchSyncedAt: "2026-11-24T06:00:00Z" });
    await seedExistingPosts(accountId, site.id, [
      { title: "Rye bread", url: url("rye-bread") },
      { title: "Rye starter", url: url("rye-starter") },
    ]);
    // Two pages compete for "rye bread"; an article 40 days old earns nothing, another earns.
    const a = await pageWithQueries(site.id, url("rye-bread"), { clicks: 50, impressions: 500 }, [
      { query: "rye bread", impressions: 60, clicks: 5 },
    ]);
    await pageWithQueries(site.id, url("rye-starter"), { clicks: 30, impressions: 400 }, [
      { query: "rye bread", impressions: 40, clicks: 2 },
    ]);
    const silent = await publishedArticle(accountId, site.id, { title: "Silent", url: url("silent"), ageDays: 40 });
    const earning = await publishedArticle(accountId, site.id, { title: "Earning", url: url("earning"), ageDays: 40 });
    await pageWithQueries(site.id, url("earning"), { clicks: 40, impressions: 900, articleId: earning.id }, []);
    const window = { clicks: 10, impressions: 100, ctr: 0.1, position: 5 };
    await db()
      .insert(searchDecay)
      .values([
        {
          pageId: a,
          siteId: site.id,
          reason: "clicks_fell",
          seasonal: false,
          current: window,
          previous: window,
          windowEnd: 20_000,
          detectedAt: "2026-11-24T06:00:00Z",
        },
      ]);

    const health = await json<Record<string, unknown>>(await call(`/api/sites/${site.id}/health`, { token }));
    const cannibalization = await json<{ items: unknown[] }>(await call(`/api/sites/${site.id}/cannibalization`, { token }));
    const links = await json<{ stats: { orphans: number; broken: number; pages: number } }>(
      await call(`/api/sites/${site.id}/links`, { token }),
    );
    const traction = await json<{ items: { articleId: string; state: string }[] }>(await call(`/api/sites/${site.id}/traction`, { token }));

    expect(cannibalization.items).toHaveLength(1);
    expect(traction.items.filter((item) => item.state === "none").map((item) => item.articleId)).toEqual([String(silent.id)]);
    expect(health).toEqual({
      score: expect.any(Number),
      pace: { newLast7Days: 0, newLast28Days: 0, maxNewPerWeek: expect.any(Number) },
      cannibalized: 1,
      orphans: links.stats.orphans,
      broken: links.stats.broken,
      noTraction: 1,
      decaying: 1,
      checkedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/),
    });
    // Nothing links anywhere: every page is an orphan.
    expect(links.stats.orphans).toBe(links.stats.pages);
    expect(health.score).toBe(
      healthScore({
        cannibalized: 1,
        orphans: links.stats.orphans,
        pages: links.stats.pages,
        broken: links.stats.broken,
        noTraction: 1,
        judged: traction.items.length,
        decaying: 1,
        measured: 3,
        overPace: false,
      }),
    );
    // 1 query × 4, every page an orphan (20), 1 of 2 articles without traction (7.5), 1 of 3 pages decaying (5).
    expect(health.score).toBe(Math.round(100 - 4 - 20 - 7.5 - 5));
  });

  it("is 100 for a site with nothing wrong and loses each problem's part, at most its cap", () => {
    expect(healthScore(fine)).toBe(100);
    expect(healthScore({ ...fine, cannibalized: 2 })).toBe(92);
    expect(healthScore({ ...fine, cannibalized: 50 })).toBe(100 - HEALTH_WEIGHTS.cannibalized.max);
    expect(healthScore({ ...fine, orphans: 5 })).toBe(90);
    expect(healthScore({ ...fine, broken: 1 })).toBe(97);
    expect(healthScore({ ...fine, broken: 40 })).toBe(85);
    expect(healthScore({ ...fine, noTraction: 2 })).toBe(93);
    expect(healthScore({ ...fine, decaying: 10 })).toBe(85);
    expect(healthScore({ ...fine, overPace: true })).toBe(85);
    expect(
      healthScore({
        cannibalized: 9,
        orphans: 10,
        pages: 10,
        broken: 9,
        noTraction: 4,
        judged: 4,
        decaying: 10,
        measured: 10,
        overPace: true,
      }),
    ).toBe(0);
    // An empty site has nothing to lose a share of.
    expect(healthScore({ ...fine, pages: 0, judged: 0, measured: 0 })).toBe(100);
  });

  it("401 without a token, 404 for another account's site, 404 for an unknown one", async () => {
    const { accountId } = await seedAccount();
    const site = await seedSite(accountId, { platform: "blog" });
    const other = await seedAccount();
    await expectError(await call(`/api/sites/${site.id}/health`), 401);
    await expectError(await call(`/api/sites/${site.id}/health`, { token: other.token }), 404);
    await expectError(await call("/api/sites/site_doesNotExist0000/health", { token: other.token }), 404);
  });
});
