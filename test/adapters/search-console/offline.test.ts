import { afterEach, describe, expect, it, vi } from "vitest";
import { createOfflineSearchConsole } from "../../../src/adapters/search-console/offline";
import { type OfflineProfile, offlineSite } from "../../../src/adapters/search-console/offline-pages";
import type { SearchAnalyticsRequest, SearchAnalyticsRow } from "../../../src/adapters/search-console/port";
import { dayDate, HISTORY_DAYS, lastCompleteDay, pacificToday } from "../../../src/core/search-days";
import { failureOf } from "../provider-support";

/** Offline, the access token names the account whose pages get figures. */
const ACCOUNT = "acc_offlineTest00000";
const TOKEN = `offline:${ACCOUNT}`;
const PROPERTY = "sc-domain:bakery.example";
const SLUGS = [
  "eksi-maya-ekmegi",
  "kahve-makinesi-secimi",
  "tarcinli-kurabiye-tarifi",
  "ev-yapimi-pizza-hamuru",
  "glutensiz-ekmek",
  "limonlu-cheesecake",
  "french-press-kullanimi",
  "filtre-kahve-oranlari",
  "evde-simit-nasil-yapilir",
  "muzlu-kek",
  "kruvasan-hamuru",
  "soguk-demleme-kahve",
  "pogaca-tarifi",
  "ekmek-mayasi-nedir",
  "brownie-puf-noktalari",
  "tahinli-corek",
];
const PAGES = SLUGS.map((slug) => `https://bakery.example/${slug}/`);
/** The first URL's main query, which the second URL also ranks for. */
const SHARED_QUERY = "brownie puf noktalari";
const NOW = new Date("2026-03-15T12:00:00Z");
const LAST = lastCompleteDay(NOW);

function offline(now = NOW) {
  return createOfflineSearchConsole({
    pagesOf: async (property, accountId) => (property === PROPERTY && accountId === ACCOUNT ? PAGES.map((url) => ({ url })) : []),
    now: () => now,
  });
}

const request = (overrides: Partial<SearchAnalyticsRequest> = {}): SearchAnalyticsRequest => ({
  startDate: dayDate(LAST - 27),
  endDate: dayDate(LAST),
  dimensions: ["page"],
  rowLimit: 25_000,
  startRow: 0,
  ...overrides,
});

const sum = (rows: SearchAnalyticsRow[], field: "clicks" | "impressions") => rows.reduce((total, row) => total + row[field], 0);
/** The profile each page was dealt across the site. */
const profiles = new Map(
  offlineSite(
    PAGES.map((url) => ({ url })),
    LAST,
  ).map((page) => [page.url, page.profile]),
);
const pageOf = (profile: OfflineProfile) => PAGES.find((url) => profiles.get(url) === profile)!;

/** Clicks of one page over the 28 complete days up to `end`. */
async function clicksOver(page: string, end: number) {
  const rows = await offline().query(
    TOKEN,
    PROPERTY,
    request({ dimensions: ["date"], page, startDate: dayDate(end - 27), endDate: dayDate(end) }),
  );
  return sum(rows, "clicks");
}

afterEach(() => vi.restoreAllMocks());

describe("offline Search Console", () => {
  it("invents figures only for the pages of the account its token names", async () => {
    expect(await offline().query("offline:acc_someoneElse000", PROPERTY, request())).toEqual([]);
    expect(await offline().query("ya29.a-real-token", PROPERTY, request())).toEqual([]);
    expect((await offline().query(TOKEN, PROPERTY, request())).length).toBeGreaterThan(0);
  });

  it("is labelled offline and lists no properties (the integration uses the site's own address)", async () => {
    const searchConsole = offline();
    expect(searchConsole).toMatchObject({ provider: "offline", offline: true });
    expect(await searchConsole.listSites("")).toEqual([]);
  });

  it("gives the same figures on every run, without randomness", async () => {
    const random = vi.spyOn(Math, "random");
    const first = await offline().query(TOKEN, PROPERTY, request({ dimensions: ["page", "query"] }));
    const second = await offline().query(TOKEN, PROPERTY, request({ dimensions: ["page", "query"] }));
    expect(first.length).toBeGreaterThan(PAGES.length * 3 - 1);
    expect(second).toEqual(first);
    expect(random).not.toHaveBeenCalled();
  });

  it("has every profile among the pages", () => {
    expect(new Set(profiles.values())).toEqual(new Set(["growing", "decaying", "steady", "near_page_one"]));
  });

  it("a decaying page lost at least 40 % of its clicks over the last 28 days, from at least 20", async () => {
    const page = pageOf("decaying");
    const recent = await clicksOver(page, LAST);
    const before = await clicksOver(page, LAST - 28);
    expect(before).toBeGreaterThanOrEqual(20);
    expect(recent).toBeLessThanOrEqual(before * 0.6);
    // Every decaying page, not only the first.
    for (const url of PAGES.filter((candidate) => profiles.get(candidate) === "decaying")) {
      expect(await clicksOver(url, LAST)).toBeLessThanOrEqual((await clicksOver(url, LAST - 28)) * 0.5);
    }
  });

  it("a growing page gains, a near-page-one page averages position 9–15", async () => {
    const growing = pageOf("growing");
    expect(await clicksOver(growing, LAST)).toBeGreaterThan(await clicksOver(growing, LAST - 180));
    const [near] = await offline().query(TOKEN, PROPERTY, request({ page: pageOf("near_page_one") }));
    expect(near!.position).toBeGreaterThanOrEqual(9);
    expect(near!.position).toBeLessThanOrEqual(15);
  });

  it("finds each page for 3–6 searches made of its slug, some ranking 8–30 (opportunities)", async () => {
    const rows = await offline().query(TOKEN, PROPERTY, request({ dimensions: ["page", "query"] }));
    // The query the weaker page competes for (below) is not made of its slug.
    const weaker = [...PAGES].sort()[1];
    const own = (page: string) => rows.filter((row) => row.keys[0] === page && !(page === weaker && row.keys[1] === SHARED_QUERY));
    for (const page of PAGES) {
      expect(own(page).length).toBeGreaterThanOrEqual(3);
      expect(own(page).length).toBeLessThanOrEqual(6);
      expect(own(page).some((row) => row.position >= 8 && row.position <= 30)).toBe(true);
    }
    const bread = own(PAGES[0]!).map((row) => row.keys[1]);
    expect(bread).toContain("eksi maya ekmegi");
    expect(bread.every((query) => query!.includes("eksi") || query!.includes("maya") || query!.includes("ekmegi"))).toBe(true);
  });

  it("two pages compete for one query, each with a real share of its impressions", async () => {
    // No two slugs here start with the same word: the first two URLs compete, for the first one's main query.
    const [stronger, weaker] = [...PAGES].sort();
    const rows = await offline().query(TOKEN, PROPERTY, request({ dimensions: ["page", "query"] }));
    const shared = rows.filter((row) => row.keys[1] === SHARED_QUERY);
    expect(shared.map((row) => row.keys[0]).sort()).toEqual([stronger, weaker]);
    const total = sum(shared, "impressions");
    for (const row of shared) expect(row.impressions / total).toBeGreaterThanOrEqual(0.3);
    const ofStronger = shared.find((row) => row.keys[0] === stronger)!;
    const ofWeaker = shared.find((row) => row.keys[0] === weaker)!;
    expect(ofWeaker.position).toBeGreaterThan(ofStronger.position);
    expect(ofWeaker.position).toBeLessThanOrEqual(30);
    // The weaker page's figures include the shared query: its queries never add up to more than the page.
    const [page] = await offline().query(TOKEN, PROPERTY, request({ page: weaker }));
    expect(
      sum(
        rows.filter((row) => row.keys[0] === weaker),
        "impressions",
      ),
    ).toBeLessThanOrEqual(page!.impressions);
  });

  it("pages sharing their first topic word are the ones that compete", async () => {
    const urls = [
      "https://bakery.example/kahve-demleme/",
      "https://bakery.example/pizza-hamuru/",
      "https://bakery.example/kahve-cekirdegi/",
    ];
    const searchConsole = createOfflineSearchConsole({
      pagesOf: async () => urls.map((url) => ({ url })),
      now: () => NOW,
    });
    const rows = await searchConsole.query(TOKEN, PROPERTY, request({ dimensions: ["page", "query"] }));
    const byQuery = new Map<string, SearchAnalyticsRow[]>();
    for (const row of rows) byQuery.set(row.keys[1]!, [...(byQuery.get(row.keys[1]!) ?? []), row]);
    const competing = [...byQuery].filter(([, pages]) => pages.length >= 2);
    expect(competing).toHaveLength(1);
    expect(competing[0]![0]).toBe("kahve cekirdegi");
    expect(competing[0]![1].map((row) => row.keys[0]).sort()).toEqual([urls[2], urls[0]]);
  });

  it("one article published 56 or more days ago is never found; newer ones and posts are", async () => {
    // Articles published 80 and 60 days before the last complete day, and one 40 days before.
    const lastDay = new Date(LAST * 86_400_000);
    const at = (days: number) => new Date(lastDay.getTime() - days * 86_400_000).toISOString();
    const articles = [
      { url: "https://bakery.example/yeni-tarif-bir/", publishedAt: at(80), article: true },
      { url: "https://bakery.example/yeni-tarif-iki/", publishedAt: at(60), article: true },
      { url: "https://bakery.example/yeni-tarif-uc/", publishedAt: at(40), article: true },
    ];
    const searchConsole = createOfflineSearchConsole({
      pagesOf: async () => [...PAGES.map((url) => ({ url })), ...articles],
      now: () => NOW,
    });
    const rows = await searchConsole.query(TOKEN, PROPERTY, request({ dimensions: ["page"], startDate: dayDate(LAST - 90) }));
    const found = new Set(rows.map((row) => row.keys[0]));
    const unseen = articles.filter((article) => !found.has(article.url));
    expect(unseen).toHaveLength(1);
    expect(unseen[0]!.url).not.toBe(articles[2]!.url);
    for (const url of PAGES) expect(found.has(url)).toBe(true);
    // Not in any answer: by date, by query, filtered to it.
    expect(await searchConsole.query(TOKEN, PROPERTY, request({ dimensions: ["date"], page: unseen[0]!.url }))).toEqual([]);
    const queries = await searchConsole.query(TOKEN, PROPERTY, request({ dimensions: ["page", "query"] }));
    expect(queries.some((row) => row.keys[0] === unseen[0]!.url)).toBe(false);
  });

  it("a page has figures from the day it was published; only pages with 70+ days of them decay", async () => {
    const lastDay = new Date(LAST * 86_400_000);
    const at = (days: number) => new Date(lastDay.getTime() - days * 86_400_000).toISOString();
    // A dozen posts published 5 to 400 days before the last complete day.
    const ages = [5, 12, 20, 33, 47, 64, 90, 130, 180, 240, 320, 400];
    const posts = ages.map((age, index) => ({ url: `https://bakery.example/${SLUGS[index]}/`, publishedAt: at(age) }));
    const site = offlineSite(posts, LAST);
    const dealt = new Map(site.map((page) => [page.url, page.profile]));
    expect(new Set(dealt.values())).toEqual(new Set(["growing", "decaying", "steady", "near_page_one"]));
    for (const [index, age] of ages.entries()) if (age < 70) expect(dealt.get(posts[index]!.url)).not.toBe("decaying");

    const searchConsole = createOfflineSearchConsole({ pagesOf: async () => posts, now: () => NOW });
    const young = posts[1]!; // 12 days old
    const days = await searchConsole.query(
      TOKEN,
      PROPERTY,
      request({ dimensions: ["date"], page: young.url, startDate: dayDate(LAST - 60) }),
    );
    expect(days.map((row) => row.keys[0])).toEqual(Array.from({ length: 13 }, (_, i) => dayDate(LAST - 12 + i)));
    // The site's first row is the oldest post's first day (400 days back, within the 16 months).
    const [firstDay] = await searchConsole.query(TOKEN, PROPERTY, request({ dimensions: ["date"], startDate: dayDate(LAST - 480) }));
    expect(firstDay!.keys[0]).toBe(dayDate(LAST - 400));
    // Paged page × date rows are one big page's, though the number of rows grows day by day.
    const whole = request({ dimensions: ["page", "date"], startDate: dayDate(LAST - 100) });
    const all = await searchConsole.query(TOKEN, PROPERTY, whole);
    expect(all).toHaveLength(ages.reduce((sum, age) => sum + Math.min(age, 100) + 1, 0));
    const paged: SearchAnalyticsRow[] = [];
    for (let startRow = 0; ; startRow += 37) {
      const rows = await searchConsole.query(TOKEN, PROPERTY, { ...whole, rowLimit: 37, startRow });
      paged.push(...rows);
      if (rows.length < 37) break;
    }
    expect(paged).toEqual(all);
  });

  it("pages page × date rows through startRow, across day boundaries, to the same rows as one big page", async () => {
    const all = await offline().query(TOKEN, PROPERTY, request({ dimensions: ["page", "date"] }));
    for (const size of [5, 16, 23]) {
      const paged: SearchAnalyticsRow[] = [];
      for (let startRow = 0; ; startRow += size) {
        const rows = await offline().query(TOKEN, PROPERTY, request({ dimensions: ["page", "date"], rowLimit: size, startRow }));
        paged.push(...rows);
        if (rows.length < size) break;
      }
      expect(paged).toEqual(all);
    }
    const byDate = await offline().query(TOKEN, PROPERTY, request({ dimensions: ["date"], startRow: 20 }));
    expect(byDate.map((row) => row.keys[0])).toEqual([dayDate(LAST - 7), ...[6, 5, 4, 3, 2, 1, 0].map((back) => dayDate(LAST - back))]);
  });

  it("nothing after the last complete day (Pacific, three days back) nor older than 16 months", async () => {
    const rows = await offline().query(
      TOKEN,
      PROPERTY,
      request({ dimensions: ["date"], startDate: dayDate(LAST - 600), endDate: dayDate(LAST + 10) }),
    );
    expect(rows.at(-1)!.keys[0]).toBe(dayDate(LAST));
    expect(rows[0]!.keys[0]).toBe(dayDate(pacificToday(NOW) - HISTORY_DAYS));
    expect(await offline().query(TOKEN, PROPERTY, request({ startDate: dayDate(LAST + 1), endDate: dayDate(LAST + 3) }))).toEqual([]);
  });

  it("date rows are chronological and keyed in the dimensions' order; others sorted by clicks", async () => {
    const pageDate = await offline().query(TOKEN, PROPERTY, request({ dimensions: ["page", "date"] }));
    const datePage = await offline().query(TOKEN, PROPERTY, request({ dimensions: ["date", "page"] }));
    expect(pageDate).toHaveLength(PAGES.length * 28);
    expect(datePage.map((row) => [row.keys[1], row.keys[0]])).toEqual(pageDate.map((row) => row.keys));
    const dates = pageDate.map((row) => row.keys[1]!);
    expect(dates).toEqual([...dates].sort());
    const byClicks = await offline().query(TOKEN, PROPERTY, request({ dimensions: ["query"] }));
    const clicks = byClicks.map((row) => row.clicks);
    expect(clicks).toEqual([...clicks].sort((a, b) => b - a));
  });

  it("aggregates days with ctr = clicks / impressions and the position weighted by impressions", async () => {
    const page = PAGES[3]!;
    const days = await offline().query(TOKEN, PROPERTY, request({ dimensions: ["date"], page }));
    const [total] = await offline().query(TOKEN, PROPERTY, request({ page }));
    expect(total!.keys).toEqual([page]);
    expect(total!.clicks).toBe(sum(days, "clicks"));
    expect(total!.impressions).toBe(sum(days, "impressions"));
    expect(total!.ctr).toBeCloseTo(total!.clicks / total!.impressions, 10);
    const weighted = days.reduce((acc, row) => acc + row.position * row.impressions, 0) / sum(days, "impressions");
    expect(total!.position).toBeCloseTo(weighted, 1);
  });

  it("pages through startRow/rowLimit to the same rows as one big page", async () => {
    const all = await offline().query(TOKEN, PROPERTY, request({ dimensions: ["page", "query"] }));
    const paged: SearchAnalyticsRow[] = [];
    for (let startRow = 0; ; startRow += 7) {
      const rows = await offline().query(TOKEN, PROPERTY, request({ dimensions: ["page", "query"], rowLimit: 7, startRow }));
      paged.push(...rows);
      if (rows.length < 7) break;
    }
    expect(paged).toEqual(all);
  });

  it("has nothing for a property without known pages or a page filter that matches none", async () => {
    expect(await offline().query(TOKEN, "sc-domain:other.example", request())).toEqual([]);
    expect(await offline().query(TOKEN, PROPERTY, request({ page: "https://bakery.example/unknown/" }))).toEqual([]);
  });

  it("refuses what Google refuses: reversed or invalid dates, rowLimit over 25,000", async () => {
    const searchConsole = offline();
    expect(
      (await failureOf(searchConsole.query(TOKEN, PROPERTY, request({ startDate: dayDate(LAST), endDate: dayDate(LAST - 1) })))).failure,
    ).toBe("bad_request");
    expect((await failureOf(searchConsole.query(TOKEN, PROPERTY, request({ startDate: "2026-02-30" })))).failure).toBe("bad_request");
    expect((await failureOf(searchConsole.query(TOKEN, PROPERTY, request({ rowLimit: 25_001 })))).failure).toBe("bad_request");
  });
});
