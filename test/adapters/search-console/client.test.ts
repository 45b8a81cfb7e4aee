import { describe, expect, it } from "vitest";
import { WEBMASTERS_READONLY } from "../../../src/adapters/google-oauth/port";
import { createSearchConsoleClient } from "../../../src/adapters/search-console/client";
import type { SearchAnalyticsRequest } from "../../../src/adapters/search-console/port";
import { dayDate, lastCompleteDay } from "../../../src/core/search-days";
import { DEFAULT_GOOGLE_ACCOUNT, USERINFO_EMAIL } from "../../fakes/google-oauth";
import { createGoogleFake, everyDay, SEARCH_CONSOLE_BASE_URL } from "../../fakes/search-console";
import { failureOf } from "../provider-support";

const PROPERTY = "https://bakery.example/";
const DOMAIN = "sc-domain:bakery.example";
const RESTRICTED = "https://shop.example/";
const PAGE_A = "https://bakery.example/eksi-maya-ekmegi/";
const PAGE_B = "https://bakery.example/kahve-makinesi/";
const PAGE_C = "https://bakery.example/tarcinli-kurabiye/";

const NOW = new Date("2026-03-15T12:00:00Z");
const last = lastCompleteDay(NOW);
const LAST = dayDate(last);
const START = dayDate(last - 27);

function setup(options: { timeoutMs?: number } = {}) {
  const fake = createGoogleFake({ now: () => NOW });
  fake.searchConsole.setSites([
    { siteUrl: PROPERTY, permissionLevel: "siteOwner" },
    { siteUrl: DOMAIN, permissionLevel: "siteFullUser" },
    { siteUrl: RESTRICTED, permissionLevel: "siteRestrictedUser" },
  ]);
  // Over 28 days: A has 10 clicks a day, B 5, C 1.
  fake.searchConsole.setPage(PROPERTY, PAGE_A, {
    days: everyDay(START, LAST, { clicks: 10, impressions: 200, position: 3 }),
    queries: [
      { query: "eksi maya ekmegi", clicks: 200, impressions: 3000, position: 2.5 },
      { query: "eksi maya nasil yapilir", clicks: 20, impressions: 1500, position: 14 },
    ],
  });
  fake.searchConsole.setPage(PROPERTY, PAGE_B, { days: everyDay(START, LAST, { clicks: 5, impressions: 100, position: 6 }) });
  fake.searchConsole.setPage(PROPERTY, PAGE_C, { days: everyDay(START, LAST, { clicks: 1, impressions: 50, position: 12 }) });
  const client = createSearchConsoleClient({ baseUrl: SEARCH_CONSOLE_BASE_URL, fetch: fake.fetch, timeoutMs: options.timeoutMs ?? 5_000 });
  const token = fake.oauth.accessTokenFor();
  return { fake, client, token };
}

const byPage = (overrides: Partial<SearchAnalyticsRequest> = {}): SearchAnalyticsRequest => ({
  startDate: START,
  endDate: LAST,
  dimensions: ["page"],
  rowLimit: 1000,
  startRow: 0,
  ...overrides,
});

describe("Search Console: sites", () => {
  it("lists the account's properties with their permission levels, with the Bearer token", async () => {
    const { fake, client, token } = setup();
    expect(await client.listSites(token)).toEqual([
      { siteUrl: PROPERTY, permissionLevel: "siteOwner" },
      { siteUrl: DOMAIN, permissionLevel: "siteFullUser" },
      { siteUrl: RESTRICTED, permissionLevel: "siteRestrictedUser" },
    ]);
    expect(fake.searchConsole.calls[0]).toMatchObject({ method: "GET", path: "/webmasters/v3/sites", authorization: `Bearer ${token}` });
  });

  it("an account without properties (no siteEntry) is an empty list", async () => {
    const { fake, client } = setup();
    const other = { sub: "2", email: "nobody@example.com" };
    fake.searchConsole.setSites([], other);
    expect(await client.listSites(fake.oauth.accessTokenFor({ account: other }))).toEqual([]);
  });
});

describe("Search Console: searchanalytics.query", () => {
  it("posts the request to the encoded property with type web and final data; rows come back sorted by clicks", async () => {
    const { fake, client, token } = setup();
    const rows = await client.query(token, PROPERTY, byPage());
    const call = fake.searchConsole.calls[0]!;
    expect(call.path).toBe(`/webmasters/v3/sites/${encodeURIComponent(PROPERTY)}/searchAnalytics/query`);
    expect(call.siteUrl).toBe(PROPERTY);
    expect(call.body).toEqual({
      startDate: START,
      endDate: LAST,
      dimensions: ["page"],
      type: "web",
      rowLimit: 1000,
      startRow: 0,
      dataState: "final",
    });
    expect(rows).toEqual([
      { keys: [PAGE_A], clicks: 280, impressions: 5600, ctr: 0.05, position: 3 },
      { keys: [PAGE_B], clicks: 140, impressions: 2800, ctr: 0.05, position: 6 },
      { keys: [PAGE_C], clicks: 28, impressions: 1400, ctr: 0.02, position: 12 },
    ]);
  });

  it("pages with startRow until a page is shorter than rowLimit", async () => {
    const { fake, client, token } = setup();
    const seen: string[] = [];
    for (let startRow = 0; ; startRow += 2) {
      const rows = await client.query(token, PROPERTY, byPage({ rowLimit: 2, startRow }));
      seen.push(...rows.map((row) => row.keys[0]!));
      if (rows.length < 2) break;
    }
    expect(seen).toEqual([PAGE_A, PAGE_B, PAGE_C]);
    expect(fake.searchConsole.calls.map((call) => (call.body as { startRow: number }).startRow)).toEqual([0, 2]);
  });

  it("past the last row Google sends no rows: an empty page", async () => {
    const { client, token } = setup();
    expect(await client.query(token, PROPERTY, byPage({ startRow: 3 }))).toEqual([]);
    expect(await client.query(token, DOMAIN, byPage())).toEqual([]);
  });

  it("a page filter sends page equals and gets that page's rows only", async () => {
    const { fake, client, token } = setup();
    const rows = await client.query(token, PROPERTY, byPage({ dimensions: ["page", "query"], page: PAGE_A }));
    expect((fake.searchConsole.calls[0]!.body as Record<string, unknown>).dimensionFilterGroups).toEqual([
      { groupType: "and", filters: [{ dimension: "page", operator: "equals", expression: PAGE_A }] },
    ]);
    expect(rows.map((row) => row.keys)).toEqual([
      [PAGE_A, "eksi maya ekmegi"],
      [PAGE_A, "eksi maya nasil yapilir"],
    ]);
  });

  it("date rows come chronologically and end at the last complete day", async () => {
    const { client, token } = setup();
    const rows = await client.query(token, PROPERTY, byPage({ dimensions: ["date"], endDate: dayDate(last + 3) }));
    expect(rows).toHaveLength(28);
    expect(rows[0]).toEqual({ keys: [START], clicks: 16, impressions: 350, ctr: 16 / 350, position: (200 * 3 + 100 * 6 + 50 * 12) / 350 });
    expect(rows.at(-1)!.keys).toEqual([LAST]);
  });
});

describe("Search Console: failures", () => {
  it("an unknown or expired access token (401) is credentials_rejected", async () => {
    const { fake, client, token } = setup();
    fake.oauth.expireAccessTokens();
    expect(await failureOf(client.query(token, PROPERTY, byPage()))).toMatchObject({ failure: "credentials_rejected", retryable: false });
    expect((await failureOf(client.listSites("ya29.unknown"))).failure).toBe("credentials_rejected");
  });

  it("a token without the Search Console scope (403 insufficientPermissions) is credentials_rejected: reconnect", async () => {
    const { fake, client } = setup();
    const token = fake.oauth.accessTokenFor({ scopes: ["openid", USERINFO_EMAIL] });
    const error = await failureOf(client.query(token, PROPERTY, byPage()));
    expect(error.failure).toBe("credentials_rejected");
    expect(error.message).toContain("reconnect");
  });

  it("a Restricted or unknown property (403 forbidden) is refused, naming the property, not Google's text", async () => {
    const { client, token } = setup();
    for (const property of [RESTRICTED, "https://stranger.example/"]) {
      const error = await failureOf(client.query(token, property, byPage()));
      expect(error).toMatchObject({ failure: "refused", retryable: false });
      expect(error.message).toContain(property);
      expect(error.message).not.toContain("sufficient permission");
    }
  });

  it("a 429 is rate_limited with Google's Retry-After, else 15 minutes", async () => {
    const { fake, client, token } = setup();
    fake.searchConsole.rateLimit({ retryAfter: 120 });
    expect(await failureOf(client.query(token, PROPERTY, byPage()))).toMatchObject({
      failure: "rate_limited",
      retryable: true,
      retryAfterSeconds: 120,
    });
    fake.searchConsole.rateLimit();
    expect(await failureOf(client.query(token, PROPERTY, byPage()))).toMatchObject({ failure: "rate_limited", retryAfterSeconds: 900 });
  });

  it.each(["quotaExceeded", "rateLimitExceeded"] as const)("a 403 %s is rate_limited, not refused", async (reason) => {
    const { fake, client, token } = setup();
    fake.searchConsole.rateLimit({ status: 403, reason });
    expect(await failureOf(client.query(token, PROPERTY, byPage()))).toMatchObject({ failure: "rate_limited", retryAfterSeconds: 900 });
  });

  it("no retry inside the client: one call per failure", async () => {
    const { fake, client, token } = setup();
    fake.searchConsole.failHttp(503, { times: 2 });
    expect(await failureOf(client.query(token, PROPERTY, byPage()))).toMatchObject({ failure: "unavailable", retryable: true });
    expect(fake.searchConsole.calls).toHaveLength(1);
  });

  it("bad dates and a rowLimit over 25,000 (Google's 400) are bad_request", async () => {
    const { client, token } = setup();
    expect((await failureOf(client.query(token, PROPERTY, byPage({ startDate: "2026-02-30" })))).failure).toBe("bad_request");
    expect((await failureOf(client.query(token, PROPERTY, byPage({ rowLimit: 25_001 })))).failure).toBe("bad_request");
    expect((await failureOf(client.query(token, PROPERTY, byPage({ startDate: LAST, endDate: START })))).failure).toBe("bad_request");
  });

  it("a slow answer is a timeout; an unreachable host unavailable", async () => {
    const { fake, client, token } = setup({ timeoutMs: 50 });
    fake.searchConsole.hang();
    expect((await failureOf(client.query(token, PROPERTY, byPage()))).failure).toBe("timeout");
    const nowhere = createSearchConsoleClient({ baseUrl: "https://nowhere.test", fetch: fake.fetch, timeoutMs: 5_000 });
    expect((await failureOf(nowhere.listSites(token))).failure).toBe("unavailable");
  });

  it("the scopes come from the OAuth grant: a full grant reads, the account is the token's", async () => {
    const { fake, client } = setup();
    const token = fake.oauth.accessTokenFor({ account: DEFAULT_GOOGLE_ACCOUNT, scopes: [WEBMASTERS_READONLY] });
    expect(await client.query(token, PROPERTY, byPage())).toHaveLength(3);
  });
});
