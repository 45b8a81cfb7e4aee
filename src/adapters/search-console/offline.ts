import { dayDate, dayNumber, HISTORY_DAYS, lastCompleteDay, pacificToday } from "../../core/search-days";
import { ProviderError } from "../provider-error";
import { type KnownPage, type OfflineFigures, type OfflinePage, offlineSite } from "./offline-pages";
import {
  SEARCH_ANALYTICS_ROW_LIMIT,
  type SearchAnalyticsRequest,
  type SearchAnalyticsRow,
  type SearchConsole,
  type SearchConsoleSite,
  type SearchDimension,
} from "./port";

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const PROVIDER = "Offline Search Console";

interface Group {
  keys: string[];
  /** The keys as one string, for the order of groups with equal figures. */
  order: string;
  clicks: number;
  impressions: number;
  weightedPosition: number;
}

/**
 * A Search Console without Google, for local runs: plausible figures, the same on every run,
 * for the pages the service knows under a property (`pagesOf`), each from the day it was published
 * (`offlineSite`): some growing, some decaying, some near page one, the rest steady, each found for
 * three to six searches made of its slug's words; two pages share a query and one old article is
 * never found. Like Google, it has nothing for days after the last complete day or older than 16
 * months.
 *
 * Rows with a date come day by day and a page has a row every day from its first, so a page of
 * rows is made from the days it covers only: reading a property's 16 months costs time in
 * proportion to its rows, not to the rows times the pages.
 */
export function createOfflineSearchConsole(deps: {
  /** The pages under a property of the account an access token names (`offline:<accountId>`; any other token: none). */
  pagesOf: (property: string, accountId: string) => Promise<KnownPage[]>;
  now?: () => Date;
}): SearchConsole {
  const now = deps.now ?? (() => new Date());
  return {
    provider: "offline",
    offline: true,

    // Offline there is no Google account and so no list of properties: the integration does not
    // ask for one and takes the site's own address as its property.
    async listSites(): Promise<SearchConsoleSite[]> {
      return [];
    },

    async query(accessToken: string, siteUrl: string, request: SearchAnalyticsRequest): Promise<SearchAnalyticsRow[]> {
      checkRequest(request);
      const at = now();
      const lastComplete = lastCompleteDay(at);
      const first = Math.max(dayNumber(request.startDate), pacificToday(at) - HISTORY_DAYS);
      const last = Math.min(dayNumber(request.endDate), lastComplete);
      if (first > last) return [];
      const accountId = accessToken.startsWith("offline:") ? accessToken.slice("offline:".length) : "";
      const known = accountId ? await deps.pagesOf(siteUrl, accountId) : [];
      const pages = memoisedSite(`${accountId} ${siteUrl}`, known, lastComplete).filter(
        (page) => request.page === undefined || page.url === request.page,
      );
      const read = { pages, first, last, lastComplete, dimensions: request.dimensions };
      const wanted = { from: request.startRow, count: request.rowLimit };
      const groups =
        request.dimensions.includes("date") && !request.dimensions.includes("query") ? dayByDay(read, wanted) : grouped(read, wanted);
      return groups.map((group) => ({
        keys: group.keys,
        clicks: group.clicks,
        impressions: group.impressions,
        ctr: group.clicks / group.impressions,
        position: Math.round((group.weightedPosition / group.impressions) * 100) / 100,
      }));
    },
  };
}

/** The invented sites last read, by account and property: a sync reads one property page after page. */
const recentSites = new Map<string, { fingerprint: string; pages: OfflinePage[] }>();
const RECENT_SITES = 8;

/**
 * `offlineSite` of the known pages, made once for as long as they stay the same: making a page's
 * search life parses its URL and words, which per page of rows would cost a 10,000-page site a
 * quarter of a second each time.
 */
function memoisedSite(key: string, known: KnownPage[], lastComplete: number): OfflinePage[] {
  let hash = 0x811c9dc5;
  for (const page of known) {
    const text = `${page.url} ${page.publishedAt ?? ""}\n`;
    for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  }
  const fingerprint = `${lastComplete} ${known.length} ${hash}`;
  const seen = recentSites.get(key);
  if (seen?.fingerprint === fingerprint) return seen.pages;
  const pages = offlineSite(known, lastComplete);
  recentSites.delete(key);
  recentSites.set(key, { fingerprint, pages });
  if (recentSites.size > RECENT_SITES) recentSites.delete(recentSites.keys().next().value!);
  return pages;
}

/** The answers Google gives a malformed request (400), so the offline stand-in does not hide a caller's bug. */
function checkRequest(request: SearchAnalyticsRequest): void {
  const valid = (date: string) => DATE.test(date) && dayDate(dayNumber(date)) === date;
  if (!valid(request.startDate) || !valid(request.endDate) || request.startDate > request.endDate) {
    throw new ProviderError("bad_request", PROVIDER, "Search Console needs a start and an end date (YYYY-MM-DD), the start first");
  }
  if (!Number.isInteger(request.rowLimit) || request.rowLimit < 1 || request.rowLimit > SEARCH_ANALYTICS_ROW_LIMIT) {
    throw new ProviderError("bad_request", PROVIDER, `Search Console pages hold 1 to ${SEARCH_ANALYTICS_ROW_LIMIT} rows`);
  }
  if (!Number.isInteger(request.startRow) || request.startRow < 0) {
    throw new ProviderError("bad_request", PROVIDER, "Search Console's startRow starts at 0");
  }
}

interface Read {
  pages: OfflinePage[];
  first: number;
  last: number;
  lastComplete: number;
  dimensions: SearchDimension[];
}

/** Rows `from` to `from + count` of the whole answer. */
interface Wanted {
  from: number;
  count: number;
}

/** Within a day (and in answers without dates) Google's order: clicks, then impressions, then the keys. */
function byClicks(a: Group, b: Group): number {
  return b.clicks - a.clicks || b.impressions - a.impressions || (a.order < b.order ? -1 : a.order > b.order ? 1 : 0);
}

const groupOf = (keys: string[]): Group => ({ keys, order: keys.join(" "), clicks: 0, impressions: 0, weightedPosition: 0 });

function add(group: Group, figures: OfflineFigures): void {
  group.clicks += figures.clicks;
  group.impressions += figures.impressions;
  group.weightedPosition += figures.position * figures.impressions;
}

/**
 * Dimensions with a date and without a query: chronological, a day's rows by clicks. A day has one
 * row per page published by then (one per property without the page dimension), since a page has
 * impressions every day from its first, so the rows before `from` are skipped by whole days
 * without being made: the pages are taken in order of their first day as the days go by.
 */
function dayByDay(read: Read, wanted: Wanted): Group[] {
  const perPage = read.dimensions.includes("page");
  const byFirstDay = [...read.pages].sort((a, b) => (a.firstDay < b.firstDay ? -1 : a.firstDay > b.firstDay ? 1 : 0));
  let live = 0;
  const liveOn = (day: number) => {
    while (live < byFirstDay.length && byFirstDay[live]!.firstDay <= day) live += 1;
    return live;
  };
  const out: Group[] = [];
  let skip = wanted.from;
  for (let day = read.first; day <= read.last && out.length < wanted.count; day += 1) {
    const count = liveOn(day);
    const rowsToday = perPage ? count : Math.min(1, count);
    if (skip >= rowsToday) {
      skip -= rowsToday;
      continue;
    }
    const date = dayDate(day);
    const age = read.lastComplete - day;
    const keysOf = (page: string) => read.dimensions.map((dimension) => (dimension === "date" ? date : page));
    const pages = byFirstDay.slice(0, count);
    let rows: Group[];
    if (perPage) {
      rows = pages.map((page) => {
        const group = groupOf(keysOf(page.url));
        add(group, page.day(day, age));
        return group;
      });
      rows.sort(byClicks);
    } else {
      const total = groupOf(keysOf(""));
      for (const page of pages) add(total, page.day(day, age));
      rows = [total];
    }
    out.push(...rows.slice(skip, skip + wanted.count - out.length));
    skip = 0;
  }
  return out;
}

/**
 * Everything else (queries, or no date): each page's figures summed over the days, per query when
 * asked, then merged across pages when the page is not a dimension. Chronological when a date is
 * a dimension, else by clicks.
 */
function grouped(read: Read, wanted: Wanted): Group[] {
  const perQuery = read.dimensions.includes("query");
  const groups = new Map<string, Group>();
  const dates = Array.from({ length: read.last - read.first + 1 }, (_, index) => dayDate(read.first + index));
  for (const page of read.pages) {
    const own = new Map<string, Group>();
    const count = (keys: string[], figures: OfflineFigures) => {
      const id = keys.join("\u0000");
      let group = own.get(id);
      if (!group) {
        group = groupOf(keys);
        own.set(id, group);
      }
      add(group, figures);
    };
    for (let day = Math.max(read.first, page.firstDay); day <= read.last; day += 1) {
      const date = dates[day - read.first]!;
      const age = read.lastComplete - day;
      const keysOf = (query: string) =>
        read.dimensions.map((dimension) => (dimension === "date" ? date : dimension === "page" ? page.url : query));
      if (!perQuery) count(keysOf(""), page.day(day, age));
      else for (const query of page.queries) count(keysOf(query.text), page.queryDay(query, day, age));
    }
    for (const [id, group] of own) {
      const seen = groups.get(id);
      if (!seen) groups.set(id, group);
      else {
        seen.clicks += group.clicks;
        seen.impressions += group.impressions;
        seen.weightedPosition += group.weightedPosition;
      }
    }
  }
  const dateAt = read.dimensions.indexOf("date");
  const dateOf = (group: Group) => (dateAt < 0 ? "" : group.keys[dateAt]!);
  return [...groups.values()]
    .filter((group) => group.impressions > 0)
    .sort((a, b) => (dateOf(a) < dateOf(b) ? -1 : dateOf(a) > dateOf(b) ? 1 : byClicks(a, b)))
    .slice(wanted.from, wanted.from + wanted.count);
}
