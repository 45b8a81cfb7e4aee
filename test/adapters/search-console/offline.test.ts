import { afterEach, describe, expect, it, vi } from "vitest";
import { createOfflineSearchConsole } from "../../../src/adapters/search-console/offline";
import { type OfflineProfile, offlinePage } from "../../../src/adapters/search-console/offline-pages";
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
const NOW = new Date("2026-03-15T12:00:00Z");
const LAST = lastCompleteDay(NOW);

function offline(now = NOW) {
  return createOfflineSearchConsole({
    pagesOf: async (property, accountId) => (property === PROPERTY && accountId === ACCOUNT ? PAGES : []),
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
const pageOf = (profile: OfflineProfile) => PAGES.find((url) => offlinePage(url).profile === profile)!;

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
    expect(new Set(PAGES.map((url) => offlinePage(url).profile))).toEqual(new Set(["growing", "decaying", "steady", "near_page_one"]));
  });

  it("a decaying page lost at least 40 % of its clicks over the last 28 days, from at least 20", async () => {
    const page = pageOf("decaying");
    const recent = await clicksOver(page, LAST);
    const before = await clicksOver(page, LAST - 28);
    expect(before).toBeGreaterThanOrEqual(20);
    expect(recent).toBeLessThanOrEqual(before * 0.6);
    // Every decaying page, not only the first.
    for (const url of PAGES.filter((candidate) => offlinePage(candidate).profile === "decaying")) {
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
    for (const page of PAGES) {
      const own = rows.filter((row) => row.keys[0] === page);
      expect(own.length).toBeGreaterThanOrEqual(3);
      expect(own.length).toBeLessThanOrEqual(6);
      expect(own.some((row) => row.position >= 8 && row.position <= 30)).toBe(true);
    }
    const bread = rows.filter((row) => row.keys[0] === PAGES[0]).map((row) => row.keys[1]);
    expect(bread).toContain("eksi maya ekmegi");
    expect(bread.every((query) => query!.includes("eksi") || query!.includes("maya") || query!.includes("ekmegi"))).toBe(true);
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
