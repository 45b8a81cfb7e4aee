import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { existingPosts, searchDecay, searchRefreshes, sites, type SearchSettings } from "../../src/db/schema";
import { checkDecay, weekOf } from "../../src/search-console/decay";
import { call, db, expectError, recordingQueue, seedAccount, seedArticle, seedExistingPosts, seedSite, testServices } from "../harness";
import { type Day, SYNCED_THROUGH as E, seedPageDays, seedSearchPage } from "./search-rows";

type Figures = Omit<Day, "day">;

/**
 * A page with one day in each window it has figures for: the window before (E-30), the last 28
 * days (E), and the same two a year (364 days) earlier.
 */
function windows(w: { previous?: Figures; current?: Figures; yearPrevious?: Figures; yearCurrent?: Figures }): Day[] {
  return [
    w.previous && { day: E - 30, ...w.previous },
    w.current && { day: E, ...w.current },
    w.yearPrevious && { day: E - 364 - 30, ...w.yearPrevious },
    w.yearCurrent && { day: E - 364, ...w.yearCurrent },
  ].filter((row): row is Day => row !== undefined);
}

async function blogSite(settings: SearchSettings | null = null) {
  const { accountId, token } = await seedAccount();
  const site = await seedSite(accountId, {
    platform: "blog",
    url: "https://example.com",
    searchSyncedThrough: E,
    searchSettings: settings,
  });
  return { accountId, token, site };
}

const services = () => {
  const search = recordingQueue();
  return { services: testServices({ queues: { search: search.queue } }), sent: search.sent };
};

const decayOf = async (siteId: string) =>
  Object.fromEntries(
    (await db().select().from(searchDecay).where(eq(searchDecay.siteId, siteId))).map((row) => [row.pageId, row] as const),
  );

describe("checkDecay: the rules and their edges", () => {
  it("clicks_fell at a 40 % fall from at least 10 clicks; 39 %, or 9 clicks before, is not decay", async () => {
    const { site } = await blogSite();
    // Impressions fall to 70 %, so the CTR rule cannot apply.
    const fell = await seedSearchPage(
      site.id,
      "https://example.com/fell",
      {},
      windows({ previous: { clicks: 100, impressions: 1000, position: 5 }, current: { clicks: 60, impressions: 700, position: 5 } }),
    );
    const held = await seedSearchPage(
      site.id,
      "https://example.com/held",
      {},
      windows({ previous: { clicks: 100, impressions: 1000, position: 5 }, current: { clicks: 61, impressions: 700, position: 5 } }),
    );
    const ten = await seedSearchPage(
      site.id,
      "https://example.com/ten",
      {},
      windows({ previous: { clicks: 10, impressions: 50, position: 5 }, current: { clicks: 6, impressions: 50, position: 5 } }),
    );
    const nine = await seedSearchPage(
      site.id,
      "https://example.com/nine",
      {},
      windows({ previous: { clicks: 9, impressions: 50, position: 5 }, current: { clicks: 0, impressions: 50, position: 5 } }),
    );
    // A fall before the window before counts for nothing.
    await seedSearchPage(site.id, "https://example.com/old", {}, [{ day: E - 56, clicks: 500, impressions: 5000, position: 1 }]);
    const now = new Date("2026-11-25T09:00:00Z");

    expect(await checkDecay(services().services, site.id, now)).toEqual({ decaying: 2, queued: 0 });
    const rows = await decayOf(site.id);
    expect(Object.keys(rows).map(Number).sort()).toEqual([fell, ten].sort());
    expect(rows[fell]).toMatchObject({
      reason: "clicks_fell",
      seasonal: false,
      current: { clicks: 60, impressions: 700, ctr: 0.0857, position: 5 },
      previous: { clicks: 100, impressions: 1000, ctr: 0.1, position: 5 },
      windowEnd: E,
      detectedAt: "2026-11-25T09:00:00Z",
    });
    expect(rows[ten]!.reason).toBe("clicks_fell");
    expect(rows[held]).toBeUndefined();
    expect(rows[nine]).toBeUndefined();
    const [stored] = await db().select().from(sites).where(eq(sites.id, site.id));
    expect(stored!.decayCheckedAt).toBe("2026-11-25T09:00:00Z");
  });

  it("position_fell at 3 places lower with 20 impressions in both windows; 2.9 places or 19 impressions is not", async () => {
    const { site } = await blogSite();
    const three = await seedSearchPage(
      site.id,
      "https://example.com/three",
      {},
      windows({ previous: { clicks: 0, impressions: 20, position: 4.3 }, current: { clicks: 0, impressions: 20, position: 7.3 } }),
    );
    const almost = await seedSearchPage(
      site.id,
      "https://example.com/almost",
      {},
      windows({ previous: { clicks: 0, impressions: 20, position: 5 }, current: { clicks: 0, impressions: 20, position: 7.9 } }),
    );
    const few = await seedSearchPage(
      site.id,
      "https://example.com/few",
      {},
      windows({ previous: { clicks: 0, impressions: 19, position: 2 }, current: { clicks: 0, impressions: 40, position: 9 } }),
    );
    // Both rules hold: the clicks rule comes first.
    const both = await seedSearchPage(
      site.id,
      "https://example.com/both",
      {},
      windows({ previous: { clicks: 20, impressions: 100, position: 2 }, current: { clicks: 5, impressions: 100, position: 9 } }),
    );

    await checkDecay(services().services, site.id);
    const rows = await decayOf(site.id);
    expect(rows[three]).toMatchObject({ reason: "position_fell", current: { position: 7.3 }, previous: { position: 4.3 } });
    expect(rows[almost]).toBeUndefined();
    expect(rows[few]).toBeUndefined();
    expect(rows[both]!.reason).toBe("clicks_fell");
  });

  it("ctr_fell at 70 % of the CTR while impressions hold at 80 %, from 100 impressions; 79.9 %, or 99 impressions, is not", async () => {
    const { site } = await blogSite();
    // 9 clicks before: the clicks rule never applies.
    const ctr = await seedSearchPage(
      site.id,
      "https://example.com/ctr",
      {},
      windows({ previous: { clicks: 9, impressions: 1000, position: 3 }, current: { clicks: 3, impressions: 800, position: 3 } }),
    );
    const lost = await seedSearchPage(
      site.id,
      "https://example.com/lost",
      {},
      windows({ previous: { clicks: 9, impressions: 1000, position: 3 }, current: { clicks: 3, impressions: 799, position: 3 } }),
    );
    const small = await seedSearchPage(
      site.id,
      "https://example.com/small",
      {},
      windows({ previous: { clicks: 9, impressions: 99, position: 3 }, current: { clicks: 1, impressions: 99, position: 3 } }),
    );
    // 100 → 70 clicks on the same impressions: exactly 70 % of the CTR, and a 30 % fall of clicks (not the clicks rule).
    const edge = await seedSearchPage(
      site.id,
      "https://example.com/edge",
      {},
      windows({ previous: { clicks: 100, impressions: 1000, position: 3 }, current: { clicks: 70, impressions: 1000, position: 3 } }),
    );
    const above = await seedSearchPage(
      site.id,
      "https://example.com/above",
      {},
      windows({ previous: { clicks: 100, impressions: 1000, position: 3 }, current: { clicks: 71, impressions: 1000, position: 3 } }),
    );

    await checkDecay(services().services, site.id);
    const rows = await decayOf(site.id);
    expect(rows[ctr]).toMatchObject({
      reason: "ctr_fell",
      current: { clicks: 3, impressions: 800, ctr: 0.0038 },
      previous: { ctr: 0.009 },
    });
    expect(rows[edge]!.reason).toBe("ctr_fell");
    expect(rows[lost]).toBeUndefined();
    expect(rows[small]).toBeUndefined();
    expect(rows[above]).toBeUndefined();
  });

  it("marks seasonal a page that fell the same way a year earlier; another kind of fall, or no data, is not seasonal", async () => {
    const { site } = await blogSite();
    const fall = { previous: { clicks: 100, impressions: 1000, position: 3 }, current: { clicks: 40, impressions: 500, position: 3 } };
    const seasonal = await seedSearchPage(
      site.id,
      "https://example.com/ski",
      {},
      windows({
        ...fall,
        yearPrevious: { clicks: 80, impressions: 800, position: 3 },
        yearCurrent: { clicks: 30, impressions: 400, position: 3 },
      }),
    );
    const otherKind = await seedSearchPage(
      site.id,
      "https://example.com/other",
      {},
      windows({
        ...fall,
        yearPrevious: { clicks: 5, impressions: 50, position: 3 },
        yearCurrent: { clicks: 5, impressions: 50, position: 8 },
      }),
    );
    const noData = await seedSearchPage(site.id, "https://example.com/new", {}, windows(fall));

    await checkDecay(services().services, site.id);
    const rows = await decayOf(site.id);
    expect(rows[seasonal]).toMatchObject({ reason: "clicks_fell", seasonal: true });
    expect(rows[otherKind]).toMatchObject({ reason: "clicks_fell", seasonal: false });
    expect(rows[noData]).toMatchObject({ reason: "clicks_fell", seasonal: false });
  });

  it("replaces the site's rows at each check (a page that recovered leaves), and does nothing before the first sync", async () => {
    const { site } = await blogSite();
    const page = await seedSearchPage(
      site.id,
      "https://example.com/p",
      {},
      windows({ previous: { clicks: 100, impressions: 1000, position: 3 }, current: { clicks: 10, impressions: 900, position: 3 } }),
    );
    await checkDecay(services().services, site.id);
    expect(Object.keys(await decayOf(site.id))).toEqual([String(page)]);
    // The next sync reads a good week: the window now ends a week later with the clicks back.
    await db()
      .update(sites)
      .set({ searchSyncedThrough: E + 7 })
      .where(eq(sites.id, site.id));
    await seedPageDays(page, [{ day: E + 7, clicks: 200, impressions: 1000, position: 3 }]);
    await checkDecay(services().services, site.id);
    expect(await decayOf(site.id)).toEqual({});

    const { site: fresh } = await blogSite();
    await db().update(sites).set({ searchSyncedThrough: null }).where(eq(sites.id, fresh.id));
    expect(await checkDecay(services().services, fresh.id)).toEqual({ decaying: 0, queued: 0 });
    const [row] = await db().select().from(sites).where(eq(sites.id, fresh.id));
    expect(row!.decayCheckedAt).toBeNull();
  });
});

/** Four decaying posts losing 50, 40, 30 and 20 clicks, a seasonal one losing 100, and a decaying article page losing 90. */
async function decayingPosts(settings: SearchSettings | null) {
  const { accountId, token, site } = await blogSite(settings);
  await seedExistingPosts(accountId, site.id, [
    { title: "Loses 50", url: "https://example.com/p50" },
    { title: "Loses 40", url: "https://example.com/p40" },
    { title: "Loses 30", url: "https://example.com/p30" },
    { title: "Loses 20", url: "https://example.com/p20" },
    { title: "Seasonal", url: "https://example.com/season" },
  ]);
  const posts = Object.fromEntries(
    (await db().select().from(existingPosts).where(eq(existingPosts.siteId, site.id))).map((post) => [post.title, post.id] as const),
  );
  const fall = (lost: number) =>
    windows({ previous: { clicks: lost + 10, impressions: 2000, position: 3 }, current: { clicks: 10, impressions: 1000, position: 3 } });
  for (const lost of [20, 50, 30, 40])
    await seedSearchPage(site.id, `https://example.com/p${lost}/`, { postId: posts[`Loses ${lost}`] }, fall(lost));
  await seedSearchPage(site.id, "https://example.com/season/", { postId: posts.Seasonal }, [
    ...fall(100),
    ...windows({
      yearPrevious: { clicks: 100, impressions: 1000, position: 3 },
      yearCurrent: { clicks: 10, impressions: 900, position: 3 },
    }),
  ]);
  const article = await seedArticle(accountId, {
    title: "Article",
    siteId: site.id,
    status: "published",
    publicationUrl: "https://example.com/article",
  });
  await seedSearchPage(site.id, "https://example.com/article/", { articleId: article.id }, fall(90));
  return { accountId, token, site, posts, article };
}

const ON: SearchSettings = { refreshDecaying: true, autoApply: false, maxRefreshesPerWeek: 2 };

describe("checkDecay: automatic refreshes", () => {
  it("queues nothing while the site's setting is off", async () => {
    for (const settings of [null, { ...ON, refreshDecaying: false }]) {
      const { site } = await decayingPosts(settings);
      const { services: withQueue, sent } = services();
      expect(await checkDecay(withQueue, site.id)).toEqual({ decaying: 6, queued: 0 });
      expect(sent).toEqual([]);
      expect(await db().select().from(searchRefreshes).where(eq(searchRefreshes.siteId, site.id))).toEqual([]);
    }
  });

  it("queues the non-seasonal posts that lost the most clicks, at most N a week, never one post twice in a week", async () => {
    const { accountId, site, posts } = await decayingPosts(ON);
    const wednesday = new Date("2026-11-25T09:00:00Z");
    const first = services();
    expect(await checkDecay(first.services, site.id, wednesday)).toEqual({ decaying: 6, queued: 2 });
    expect(first.sent.map((message) => message.body)).toEqual([
      { type: "search.refresh", accountId, siteId: site.id, postId: posts["Loses 50"], week: "2026-11-23" },
      { type: "search.refresh", accountId, siteId: site.id, postId: posts["Loses 40"], week: "2026-11-23" },
    ]);

    // Again the same week: the week's two are taken.
    const again = services();
    expect((await checkDecay(again.services, site.id, new Date("2026-11-29T23:00:00Z"))).queued).toBe(0);
    expect(again.sent).toEqual([]);

    // A higher limit the same week adds only the next post.
    await db()
      .update(sites)
      .set({ searchSettings: { ...ON, maxRefreshesPerWeek: 3 } })
      .where(eq(sites.id, site.id));
    const raised = services();
    await checkDecay(raised.services, site.id, wednesday);
    expect(raised.sent.map((message) => message.body.postId)).toEqual([posts["Loses 30"]]);

    // The next week starts a new count.
    const nextWeek = services();
    await checkDecay(nextWeek.services, site.id, new Date("2026-11-30T00:00:00Z"));
    expect(nextWeek.sent.map((message) => [message.body.postId, message.body.week])).toEqual([
      [posts["Loses 50"], "2026-11-30"],
      [posts["Loses 40"], "2026-11-30"],
      [posts["Loses 30"], "2026-11-30"],
    ]);
    const rows = await db().select().from(searchRefreshes).where(eq(searchRefreshes.siteId, site.id));
    expect(rows).toHaveLength(6);
    expect(rows.every((row) => row.startedAt === null && row.outcome === null)).toBe(true);
  });

  it("counts weeks from Monday (UTC)", () => {
    expect(weekOf(new Date("2026-11-22T23:59:59Z"))).toBe("2026-11-16");
    expect(weekOf(new Date("2026-11-23T00:00:00Z"))).toBe("2026-11-23");
    expect(weekOf(new Date("2026-11-29T12:00:00Z"))).toBe("2026-11-23");
  });
});

describe("GET /api/sites/{siteId}/decay", () => {
  it("lists the decaying pages most clicks lost first, with the reason, both windows, the post's title and the window", async () => {
    const { token, site, posts, article } = await decayingPosts(ON);
    await checkDecay(services().services, site.id, new Date("2026-11-25T09:00:00Z"));
    const res = await call(`/api/sites/${site.id}/decay?per_page=3`, { token });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      items: Record<string, unknown>[];
      total: number;
      totalPages: number;
      window: unknown;
      checkedAt: string;
    };
    expect(body).toMatchObject({
      total: 6,
      totalPages: 2,
      window: { start: "2026-10-26", end: "2026-11-22", days: 28 },
      checkedAt: "2026-11-25T09:00:00Z",
    });
    expect(body.items[0]).toEqual({
      url: "https://example.com/season/",
      reason: "clicks_fell",
      seasonal: true,
      current: { clicks: 10, impressions: 1000, ctr: 0.01, position: 3 },
      previous: { clicks: 110, impressions: 2000, ctr: 0.055, position: 3 },
      clicksLost: 100,
      articleId: null,
      postId: posts.Seasonal,
      postTitle: "Seasonal",
      detectedAt: "2026-11-25T09:00:00Z",
    });
    expect(body.items.slice(1).map((item) => [item.clicksLost, item.articleId, item.postTitle])).toEqual([
      [90, String(article.id), null],
      [50, null, "Loses 50"],
    ]);
  });

  it("is empty before any check, 404 for another account's site", async () => {
    const { token, site } = await blogSite();
    expect(await (await call(`/api/sites/${site.id}/decay`, { token })).json()).toMatchObject({
      items: [],
      total: 0,
      window: null,
      checkedAt: null,
    });
    const stranger = await seedAccount();
    await expectError(await call(`/api/sites/${site.id}/decay`, { token: stranger.token }), 404, "not_found");
    await expectError(await call(`/api/sites/${site.id}/decay?page=0`, { token }), 400, "invalid_request");
  });
});
