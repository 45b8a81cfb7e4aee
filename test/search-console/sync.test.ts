import { and, count, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { isProviderError } from "../../src/adapters/provider-error";
import { googleConnections, searchDaily, searchPages, searchQueries, searchSiteDaily, sites } from "../../src/db/schema";
import { runCronTick } from "../../src/jobs/cron";
import { dayDate, lastCompleteDay } from "../../src/core/search-days";
import { queueDailySyncs, runSearchSyncStep } from "../../src/search-console/sync";
import { everyDay, type GoogleFake } from "../fakes/search-console";
import { call, db, seedAccount, seedExistingPosts, seedSite, testServices } from "../harness";
import { connectGoogle, drainSyncs, takeSyncSteps, useGoogle, useRecordedSearch } from "./google-connection";

const DAY_MS = 86_400_000;
const PROPERTY = "sc-domain:bakery.example";

const siteRow = async (siteId: string) => (await db().select().from(sites).where(eq(sites.id, siteId)))[0]!;
const pagesOf = (siteId: string) => db().select().from(searchPages).where(eq(searchPages.siteId, siteId)).orderBy(searchPages.urlKey);
async function dailyCount(siteId: string) {
  const pageIds = (await pagesOf(siteId)).map((page) => page.id);
  if (pageIds.length === 0) return 0;
  const [row] = await db().select({ n: count() }).from(searchDaily).where(inArray(searchDaily.pageId, pageIds));
  return row!.n;
}

/** The analytics queries that reached the fake, as (dimensions, startDate, endDate, startRow). */
function queriesSent(google: GoogleFake) {
  return google.searchConsole.calls
    .filter((entry) => entry.path.endsWith("/searchAnalytics/query"))
    .map((entry) => {
      const body = entry.body as { dimensions: string[]; startDate: string; endDate: string; startRow: number; rowLimit: number };
      return {
        dimensions: body.dimensions.join(","),
        startDate: body.startDate,
        endDate: body.endDate,
        startRow: body.startRow,
        rowLimit: body.rowLimit,
      };
    });
}

async function connectedSite(google: GoogleFake) {
  const { accountId, token } = await seedAccount();
  const site = await seedSite(accountId, { platform: "custom", url: "https://www.bakery.example" });
  google.searchConsole.setSites([{ siteUrl: PROPERTY, permissionLevel: "siteOwner" }]);
  return { accountId, token, site };
}

describe("the Search Console sync", () => {
  it("reads 16 months on the first sync, page by page of 25,000 rows, and stores pages, days and queries", async () => {
    const { google, sent } = useGoogle();
    const { accountId, token, site } = await connectedSite(google);
    const last = lastCompleteDay(new Date());
    // 60 pages × 450 days = 27,000 page-day rows: two pages of Google's rows.
    for (let i = 0; i < 60; i += 1) {
      google.searchConsole.setPage(PROPERTY, `https://www.bakery.example/post-${i}/`, {
        days: everyDay(dayDate(last - 449), dayDate(last), { clicks: i === 0 ? 2 : 1, impressions: 10, position: 4 }),
        queries:
          i === 0
            ? [
                { query: "sourdough", clicks: 30, impressions: 200, position: 3 },
                { query: "rye bread", clicks: 5, impressions: 80, position: 9 },
              ]
            : [],
      });
    }
    await seedExistingPosts(accountId, site.id, [{ title: "Post 0", url: "https://bakery.example/post-0" }]);
    await connectGoogle(token, google);

    const ran = await drainSyncs(sent, { siteIds: [site.id] });
    expect(ran).toEqual(["start", "site_days", "page_days", "page_days@25000", "queries", "finish"]);
    const from = dayDate(last - 485);
    expect(queriesSent(google)).toEqual([
      { dimensions: "date", startDate: from, endDate: dayDate(last), startRow: 0, rowLimit: 25_000 },
      { dimensions: "page,date", startDate: from, endDate: dayDate(last), startRow: 0, rowLimit: 25_000 },
      { dimensions: "page,date", startDate: from, endDate: dayDate(last), startRow: 25_000, rowLimit: 25_000 },
      { dimensions: "page,query", startDate: dayDate(last - 27), endDate: dayDate(last), startRow: 0, rowLimit: 25_000 },
    ]);

    expect(await dailyCount(site.id)).toBe(27_000);
    const [siteDays] = await db().select({ n: count() }).from(searchSiteDaily).where(eq(searchSiteDaily.siteId, site.id));
    expect(siteDays!.n).toBe(450);
    const pages = await pagesOf(site.id);
    expect(pages).toHaveLength(60);
    const first = pages.find((page) => page.urlKey === "bakery.example/post-0")!;
    expect(first).toMatchObject({ clicks: 56, impressions: 280, position: 4, previousClicks: 56, previousImpressions: 280 });
    expect(first.postId).not.toBeNull();
    const queries = await db().select().from(searchQueries).where(eq(searchQueries.siteId, site.id));
    expect(queries.map((q) => [q.pageId, q.query, q.clicks])).toEqual(
      expect.arrayContaining([
        [first.id, "sourdough", 30],
        [first.id, "rye bread", 5],
      ]),
    );
    expect(await siteRow(site.id)).toMatchObject({ searchConsoleState: "synced", searchSyncedThrough: last, searchConsoleMessage: null });
  });

  it("re-reads only the last 5 days later, upserting without duplicates", async () => {
    const { google, sent } = useGoogle();
    const { token, site } = await connectedSite(google);
    const last = lastCompleteDay(new Date());
    const page = "https://www.bakery.example/croissants/";
    google.searchConsole.setPage(PROPERTY, page, {
      days: everyDay(dayDate(last - 39), dayDate(last), { clicks: 1, impressions: 10, position: 5 }),
    });
    await connectGoogle(token, google);
    await drainSyncs(sent, { siteIds: [site.id] });
    expect(await dailyCount(site.id)).toBe(40);

    // Google revises the last day's figures; the next day's tick syncs again.
    google.searchConsole.setPage(PROPERTY, page, {
      days: {
        ...everyDay(dayDate(last - 39), dayDate(last - 1), { clicks: 1, impressions: 10, position: 5 }),
        [dayDate(last)]: { clicks: 9, impressions: 30, position: 2 },
      },
    });
    google.searchConsole.calls.splice(0);
    const tomorrow = new Date(Date.now() + DAY_MS);
    expect(await queueDailySyncs(testServices(), tomorrow)).toBeGreaterThanOrEqual(1);
    await drainSyncs(sent, { siteIds: [site.id], now: tomorrow });

    const windows = queriesSent(google).filter((q) => q.dimensions !== "page,query");
    expect(windows.map((q) => [q.dimensions, q.startDate])).toEqual([
      ["date", dayDate(last - 4)],
      ["page,date", dayDate(last - 4)],
    ]);
    expect(await dailyCount(site.id)).toBe(40);
    const [stored] = await pagesOf(site.id);
    const [revised] = await db()
      .select()
      .from(searchDaily)
      .where(and(eq(searchDaily.pageId, stored!.id), eq(searchDaily.day, last)));
    expect(revised).toMatchObject({ clicks: 9, impressions: 30, position: 2 });
  });

  it("stops at a revoked grant: the sites say grant_broken, nothing is queued again, nothing is thrown", async () => {
    const { google, sent } = useGoogle();
    const { accountId, token, site } = await connectedSite(google);
    await connectGoogle(token, google);
    google.oauth.revokeAccess();

    const [start] = takeSyncSteps(sent, [site.id]);
    await runSearchSyncStep(testServices(), start!);
    expect(takeSyncSteps(sent, [site.id])).toEqual([]);
    expect(await siteRow(site.id)).toMatchObject({ searchConsoleState: "grant_broken" });
    const [connection] = await db().select().from(googleConnections).where(eq(googleConnections.accountId, accountId));
    expect(connection!.status).toBe("ERROR");
    const integration = (await (await call("/api/integrations/google", { token })).json()) as { status: string; message: string };
    expect(integration.status).toBe("ERROR");
    expect(integration.message).toBeTruthy();
    // The site itself says so among its warnings.
    const shown = (await (await call(`/api/sites/${site.id}`, { token })).json()) as {
      warnings: string[];
      searchConsole: { state: string };
    };
    expect(shown.searchConsole.state).toBe("grant_broken");
    expect(shown.warnings).toContainEqual(expect.stringMatching(/^Search Console: .+/));
    // The next day's tick leaves the account alone until it reconnects.
    await queueDailySyncs(testServices(), new Date(Date.now() + DAY_MS));
    expect(takeSyncSteps(sent, [site.id])).toEqual([]);
  });

  it("hands a 429 back to the queue with Google's Retry-After", async () => {
    const { google, sent } = useGoogle();
    const { token, site } = await connectedSite(google);
    await connectGoogle(token, google);
    const [start] = takeSyncSteps(sent, [site.id]);
    await runSearchSyncStep(testServices(), start!);
    const [siteDays] = takeSyncSteps(sent, [site.id]);
    expect(siteDays!.phase).toBe("site_days");

    google.searchConsole.rateLimit({ retryAfter: 120 });
    const error = await runSearchSyncStep(testServices(), siteDays!).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(isProviderError(error, "rate_limited") && error.retryAfterSeconds).toBe(120);
    expect(takeSyncSteps(sent, [site.id])).toEqual([]);
    // The retry goes through.
    await runSearchSyncStep(testServices(), siteDays!);
    expect(takeSyncSteps(sent, [site.id]).map((step) => step.phase)).toEqual(["page_days"]);
  });

  it("says property_forbidden when Google refuses the owner's chosen property, without a retry", async () => {
    const { google, sent } = useGoogle();
    const { token, site } = await connectedSite(google);
    google.searchConsole.setSites([
      { siteUrl: PROPERTY, permissionLevel: "siteOwner" },
      { siteUrl: "https://www.bakery.example/", permissionLevel: "siteRestrictedUser" },
    ]);
    await connectGoogle(token, google);
    takeSyncSteps(sent);
    expect(
      (await call(`/api/sites/${site.id}/search-console`, { method: "PUT", token, json: { property: "https://www.bakery.example/" } }))
        .status,
    ).toBe(200);
    await drainSyncs(sent, { siteIds: [site.id] });
    expect(await siteRow(site.id)).toMatchObject({
      searchConsoleState: "property_forbidden",
      searchConsoleProperty: "https://www.bakery.example/",
    });
  });

  it("drops the steps of a run that a newer run replaced", async () => {
    const { google, sent } = useGoogle();
    const { token, site } = await connectedSite(google);
    await connectGoogle(token, google);
    const [old] = takeSyncSteps(sent, [site.id]);
    await connectGoogle(token, google);
    await runSearchSyncStep(testServices(), old!);
    expect(takeSyncSteps(sent, [site.id]).map((step) => step.runId)).not.toContain(old!.runId);
  });
});

describe("the cron's daily sync", () => {
  it("queues each connected site once a day, however many ticks run", async () => {
    const sent = useRecordedSearch();
    const { accountId } = await seedAccount();
    const site = await seedSite(accountId, { url: "https://once-a-day.example" });
    const forum = await seedSite(accountId, { platform: "forum", url: "https://forum.once-a-day.example" });
    const now = new Date();
    await runCronTick(testServices(), now);
    await runCronTick(testServices(), new Date(now.getTime() + 60_000));
    expect(takeSyncSteps(sent, [site.id, forum.id])).toEqual([expect.objectContaining({ siteId: site.id, phase: "start" })]);
    await runCronTick(testServices(), new Date(now.getTime() + DAY_MS));
    expect(takeSyncSteps(sent, [site.id])).toHaveLength(1);
  });

  it("leaves out the sites of accounts without a Google connection", async () => {
    const { sent } = useGoogle();
    const { accountId } = await seedAccount();
    const site = await seedSite(accountId, { url: "https://not-connected.example" });
    await queueDailySyncs(testServices(), new Date());
    expect(takeSyncSteps(sent, [site.id])).toEqual([]);
  });

  it("offline: the cron's sync fills the site's figures from invented data for its known pages", async () => {
    const sent = useRecordedSearch();
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId, { url: "https://www.offline-sync.example" });
    await seedExistingPosts(accountId, site.id, [
      { title: "Sourdough", url: "https://www.offline-sync.example/sourdough-starter/" },
      { title: "Rye", url: "https://www.offline-sync.example/rye-bread/" },
    ]);
    await runCronTick(testServices(), new Date());
    const ran = await drainSyncs(sent, { siteIds: [site.id] });
    expect(ran[0]).toBe("start");
    expect(ran.at(-1)).toBe("finish");

    const response = await call(`/api/sites/${site.id}`, { token });
    const body = (await response.json()) as { searchConsole: Record<string, unknown> };
    expect(body.searchConsole).toMatchObject({
      property: "sc-domain:offline-sync.example",
      state: "synced",
      syncedThrough: dayDate(lastCompleteDay(new Date())),
    });
    const pages = await pagesOf(site.id);
    expect(pages.map((page) => page.urlKey)).toEqual(["offline-sync.example/rye-bread", "offline-sync.example/sourdough-starter"]);
    expect(pages.every((page) => page.postId !== null)).toBe(true);
    expect(await dailyCount(site.id)).toBeGreaterThan(0);
  });
});
