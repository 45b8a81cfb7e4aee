import { and, eq, inArray, isNull, lt, not, or } from "drizzle-orm";
import { SEARCH_ANALYTICS_ROW_LIMIT, type SearchAnalyticsRequest, type SearchAnalyticsRow } from "../adapters/search-console/port";
import { isProviderError } from "../adapters/provider-error";
import { AppError } from "../core/errors";
import { errorFields, log } from "../core/logger";
import { SEARCH_SYNC_MESSAGE, type SearchSyncStep } from "../core/queue-messages";
import { toIsoSeconds } from "../core/time";
import { googleConnections, sites } from "../db/schema";
import type { Services } from "../services/container";
import type { SiteRow } from "../sites/service";
import { accessTokenFor, markGrantBroken, storeProperties } from "./connection";
import { dayDate, dayNumber, HISTORY_DAYS, lastCompleteDay } from "../core/search-days";
import { checkDecay } from "./decay";
import { type DayRange, windowsEndingOn } from "./figures";
import { historyMissed, readPostsOfNewBlog } from "./offline-history";
import { applyPropertyChoice, offlinePropertyOf, SEARCHABLE_PLATFORMS } from "./property";
import { isCurrentRun, newRunId, runMark, sendSyncStep, utcDay } from "./sync-runs";
import {
  addQueries,
  clearQueries,
  matchPages,
  pruneHistory,
  refreshPageFigures,
  trimQueries,
  upsertPageDays,
  upsertSiteDays,
} from "./sync-store";

// A site's daily Search Console sync, one queue message per step so no invocation reads more
// than one page of Google's rows: start (the property and the window) → site_days (the
// property's daily totals) → page_days (page × date, a page of 25,000 rows per message) →
// queries (page × query over the last 28 days) → finish (the pages' window figures, their
// articles and posts, history beyond 16 months dropped, then the decay check: weekly, and after
// every run that read all 16 months).

/** Google's figures settle within 2–3 days: every later sync reads the last 5 days again. */
const REREAD_DAYS = 5;
/** The window of the pages' figures and their queries. */
export const WINDOW_DAYS = 28;
/**
 * Page × date pages read per run: 200 × 25,000 = 5 M rows, a 10,000-page site's full 16 months
 * (docs/scale.md). Google sorts by clicks, so past it only the long tail is left; Google itself
 * keeps about 50,000 rows a day.
 */
const MAX_PAGE_DAY_PAGES = 200;
/** Page × query is Google's most expensive read: at most this many pages (100,000 rows). */
const MAX_QUERY_PAGES = 4;
/** The queries kept per page (its best, by clicks). */
export const QUERIES_PER_PAGE = 50;
const DECAY_CHECK_EVERY_MS = 7 * 86_400_000;

/**
 * Queues one sync per site and UTC day: connected blogs and custom sites of accounts whose Google
 * connection is CONNECTED (offline: every such site), except a site waiting for its owner to
 * choose among several properties. One conditional UPDATE claims the day, so two ticks never
 * queue a site twice. Returns how many were queued.
 */
export async function queueDailySyncs(services: Services, now: Date): Promise<number> {
  const today = utcDay(now);
  const runId = newRunId();
  const offline = services.config.search.provider === "offline";
  const connected = services.db
    .select({ accountId: googleConnections.accountId })
    .from(googleConnections)
    .where(eq(googleConnections.status, "CONNECTED"));
  const queued = await services.db
    .update(sites)
    .set({ searchSyncQueuedOn: runMark(now, runId) })
    .where(
      and(
        inArray(sites.platform, SEARCHABLE_PLATFORMS),
        eq(sites.status, "CONNECTED"),
        // "YYYY-MM-DD:run" sorts after "YYYY-MM-DD": only earlier days (or never) pass.
        or(isNull(sites.searchSyncQueuedOn), lt(sites.searchSyncQueuedOn, today)),
        not(and(eq(sites.searchConsoleState, "property_ambiguous"), eq(sites.searchConsolePropertyChosen, false))!),
        offline ? undefined : inArray(sites.accountId, connected),
      ),
    )
    .returning({ id: sites.id, accountId: sites.accountId });
  for (let i = 0; i < queued.length; i += 100) {
    await services.queues.search.sendBatch(
      queued.slice(i, i + 100).map((site) => ({
        body: {
          type: SEARCH_SYNC_MESSAGE,
          accountId: site.accountId,
          siteId: site.id,
          runId,
          phase: "start",
          startRow: 0,
        } satisfies SearchSyncStep & { type: string },
      })),
    );
  }
  return queued.length;
}

/**
 * One step of a site's sync. Google's rate limits, outages and timeouts are thrown for the queue
 * to retry (after Retry-After); a grant Google no longer accepts stops the account's syncing and
 * a property the account cannot read stops the site's, without a retry.
 */
export async function runSearchSyncStep(services: Services, step: SearchSyncStep, now = new Date()): Promise<void> {
  try {
    await runStep(services, step, now);
  } catch (error) {
    const where = { accountId: step.accountId, siteId: step.siteId, phase: step.phase };
    if (isProviderError(error, "credentials_rejected")) {
      await markGrantBroken(services, step.accountId, error.message);
      return;
    }
    if (isProviderError(error, "refused")) {
      log("warn", "search_sync_property_forbidden", where);
      await services.db
        .update(sites)
        .set({ searchConsoleState: "property_forbidden", searchConsoleMessage: error.message })
        .where(eq(sites.id, step.siteId));
      return;
    }
    // Asking again cannot mend a request Google called malformed, nor a connection that is gone.
    if (isProviderError(error, "bad_request") || isProviderError(error, "invalid_output")) {
      log("error", "search_sync_step_failed", { ...where, ...errorFields(error) });
      return;
    }
    if (error instanceof AppError && (error.code === "google_not_connected" || error.code === "google_not_configured")) {
      log("warn", "search_sync_without_connection", where);
      return;
    }
    throw error;
  }
}

async function runStep(services: Services, step: SearchSyncStep, now: Date): Promise<void> {
  const [site] = await services.db
    .select()
    .from(sites)
    .where(and(eq(sites.id, step.siteId), eq(sites.accountId, step.accountId)));
  if (site?.status !== "CONNECTED" || site.platform === "forum" || !isCurrentRun(site, step.runId)) {
    log("info", "search_sync_step_dropped", { siteId: step.siteId, runId: step.runId, phase: step.phase });
    return;
  }
  const accessToken = step.phase === "finish" ? "" : await accessTokenFor(services, step.accountId);
  const next = (phase: SearchSyncStep["phase"], startRow = 0) => sendSyncStep(services, { ...step, phase, startRow });

  if (step.phase === "start") {
    await start(services, site, accessToken, now, (fullHistory) => sendSyncStep(services, { ...step, phase: "site_days", fullHistory }));
    return;
  }
  const property = site.searchConsoleProperty;
  if (!property) return;
  const read = (request: Omit<SearchAnalyticsRequest, "rowLimit">) =>
    services.searchConsole().query(accessToken, property, { ...request, rowLimit: SEARCH_ANALYTICS_ROW_LIMIT });
  const sync = syncWindow(site, now, step.fullHistory);
  const last = lastCompleteDay(now);
  const recent: DayRange = { start: last - WINDOW_DAYS + 1, end: last };
  const fullPage = (rows: SearchAnalyticsRow[]) => rows.length >= SEARCH_ANALYTICS_ROW_LIMIT;

  switch (step.phase) {
    case "site_days": {
      const rows = await read({ ...datesOf(sync), dimensions: ["date"], startRow: 0 });
      await upsertSiteDays(
        services.db,
        site.id,
        rows.map((row) => ({ day: dayNumber(row.keys[0] ?? ""), ...figures(row) })).filter(validDay),
      );
      await next("page_days");
      return;
    }
    case "page_days": {
      const rows = await read({ ...datesOf(sync), dimensions: ["page", "date"], startRow: step.startRow });
      await upsertPageDays(
        services.db,
        site.id,
        rows.map((row) => ({ url: row.keys[0] ?? "", day: dayNumber(row.keys[1] ?? ""), ...figures(row) })).filter(validDay),
      );
      const more = fullPage(rows) && step.startRow / SEARCH_ANALYTICS_ROW_LIMIT + 1 < MAX_PAGE_DAY_PAGES;
      await (more ? next("page_days", step.startRow + SEARCH_ANALYTICS_ROW_LIMIT) : next("queries"));
      return;
    }
    case "queries": {
      const rows = await read({ ...datesOf(recent), dimensions: ["page", "query"], startRow: step.startRow });
      if (step.startRow === 0) await clearQueries(services.db, site.id);
      await addQueries(
        services.db,
        site.id,
        rows.map((row) => ({ url: row.keys[0] ?? "", query: row.keys[1] ?? "", ...figures(row) })).filter((row) => row.query !== ""),
      );
      const more = fullPage(rows) && step.startRow / SEARCH_ANALYTICS_ROW_LIMIT + 1 < MAX_QUERY_PAGES;
      if (more) {
        await next("queries", step.startRow + SEARCH_ANALYTICS_ROW_LIMIT);
        return;
      }
      await trimQueries(services.db, site.id, QUERIES_PER_PAGE);
      await next("finish");
      return;
    }
    case "finish":
      await finish(services, site, step.runId, sync, now);
      return;
  }
}

/**
 * Start: the property to read, then the window. Offline, a blog's posts are read first if they
 * never were, and the run reads all 16 months when the stand-in has pages whose history the store
 * lacks (src/search-console/offline-history.ts).
 */
async function start(services: Services, site: SiteRow, accessToken: string, now: Date, next: (fullHistory: boolean) => Promise<void>) {
  const offline = services.searchConsole().offline;
  if (offline) await readPostsOfNewBlog(services, site);
  const property = await chooseProperty(services, site, accessToken);
  if (!property) return;
  const [chosen] = await services.db.select().from(sites).where(eq(sites.id, site.id));
  const window = syncWindow(chosen!, now);
  const partial = window.start > window.end - HISTORY_DAYS + 1;
  const fullHistory =
    offline && partial && (await historyMissed(services, { siteId: site.id, property, accessToken, day: window.start - 1 }));
  if (fullHistory) log("info", "search_sync_history_missed", { siteId: site.id });
  await next(fullHistory);
}

/** The property to read (the owner's, else chosen again from sites.list, which the connection keeps). */
async function chooseProperty(services: Services, site: SiteRow, accessToken: string): Promise<string | null> {
  const searchConsole = services.searchConsole();
  if (searchConsole.offline) {
    return applyPropertyChoice(services.db, site, [{ siteUrl: offlinePropertyOf(site.url), permissionLevel: "siteOwner" }]);
  }
  const properties = await searchConsole.listSites(accessToken);
  await storeProperties(services, site.accountId, properties);
  return applyPropertyChoice(services.db, site, properties);
}

/**
 * The days a sync reads: the first (or one told to read `fullHistory`), all of Search Console's
 * 16 months; a later one, from 4 days before the last day read (so the last 5 days are read
 * again), both up to the last complete day.
 */
export function syncWindow(site: Pick<SiteRow, "searchSyncedThrough">, now: Date, fullHistory = false): DayRange {
  const end = lastCompleteDay(now);
  const earliest = end - HISTORY_DAYS + 1;
  const start =
    site.searchSyncedThrough === null || fullHistory
      ? earliest
      : Math.max(earliest, Math.min(end, site.searchSyncedThrough) - (REREAD_DAYS - 1));
  return { start, end };
}

async function finish(services: Services, site: SiteRow, runId: string, sync: DayRange, now: Date): Promise<void> {
  await refreshPageFigures(services.db, site.id, windowsEndingOn(sync.end, WINDOW_DAYS));
  await matchPages(services.db, site.id);
  await pruneHistory(services.db, site.id, sync.end - HISTORY_DAYS + 1);
  const [synced] = await services.db
    .update(sites)
    .set({ searchSyncedThrough: sync.end, searchSyncedAt: toIsoSeconds(now), searchConsoleState: "synced", searchConsoleMessage: null })
    .where(and(eq(sites.id, site.id), eq(sites.searchSyncQueuedOn, site.searchSyncQueuedOn!)))
    .returning({ decayCheckedAt: sites.decayCheckedAt });
  if (!synced) return;
  log("info", "search_sync_finished", { siteId: site.id, runId, through: dayDate(sync.end) });
  const readAll = sync.start === sync.end - HISTORY_DAYS + 1;
  if (readAll || !synced.decayCheckedAt || now.getTime() - Date.parse(synced.decayCheckedAt) >= DECAY_CHECK_EVERY_MS) {
    await checkDecay(services, site.id, now);
  }
}

function datesOf(range: DayRange): Pick<SearchAnalyticsRequest, "startDate" | "endDate"> {
  return { startDate: dayDate(range.start), endDate: dayDate(range.end) };
}

function figures(row: SearchAnalyticsRow) {
  return { clicks: row.clicks, impressions: row.impressions, position: row.position };
}

const validDay = (row: { day: number }) => Number.isFinite(row.day);
