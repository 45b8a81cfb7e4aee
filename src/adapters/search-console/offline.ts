import { dayDate, dayNumber, HISTORY_DAYS, lastCompleteDay, pacificToday } from "../../core/search-days";
import { ProviderError } from "../provider-error";
import { type OfflineFigures, type OfflinePage, offlinePage } from "./offline-pages";
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

interface Fact extends OfflineFigures {
  page: string;
  query: string | null;
  date: string;
}

interface Group {
  keys: string[];
  date: string | null;
  clicks: number;
  impressions: number;
  weightedPosition: number;
}

/**
 * A Search Console without Google, for local runs: plausible figures, the same on every run,
 * for the pages the service knows under a property (`pagesOf`). Each page follows a profile
 * chosen by its URL's hash (growing, decaying, steady, near page one) and is found for three to
 * six searches made of its slug's words. Like Google, it has nothing for days after the last
 * complete day or older than 16 months.
 */
export function createOfflineSearchConsole(deps: {
  /** The pages under a property of the account an access token names (`offline:<accountId>`; any other token: none). */
  pagesOf: (property: string, accountId: string) => Promise<string[]>;
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
      const first = Math.max(dayNumber(request.startDate), pacificToday(at) - HISTORY_DAYS);
      const last = Math.min(dayNumber(request.endDate), lastCompleteDay(at));
      if (first > last) return [];
      const accountId = accessToken.startsWith("offline:") ? accessToken.slice("offline:".length) : "";
      const urls = (accountId ? await deps.pagesOf(siteUrl, accountId) : []).filter(
        (url) => request.page === undefined || url === request.page,
      );
      const pages = urls.map(offlinePage);
      const byDate = request.dimensions.includes("date");
      const groups = new Map<string, Group>();
      for (const fact of facts(pages, first, last, lastCompleteDay(at), request.dimensions.includes("query"))) {
        const keys = request.dimensions.map((dimension) => keyOf(fact, dimension));
        const id = keys.join("\u0000");
        const group = groups.get(id) ?? { keys, date: byDate ? fact.date : null, clicks: 0, impressions: 0, weightedPosition: 0 };
        group.clicks += fact.clicks;
        group.impressions += fact.impressions;
        group.weightedPosition += fact.position * fact.impressions;
        groups.set(id, group);
      }
      return [...groups.values()]
        .filter((group) => group.impressions > 0)
        .sort(
          (a, b) =>
            (a.date ?? "").localeCompare(b.date ?? "") ||
            b.clicks - a.clicks ||
            b.impressions - a.impressions ||
            a.keys.join(" ").localeCompare(b.keys.join(" ")),
        )
        .slice(request.startRow, request.startRow + request.rowLimit)
        .map((group) => ({
          keys: group.keys,
          clicks: group.clicks,
          impressions: group.impressions,
          ctr: group.clicks / group.impressions,
          position: Math.round((group.weightedPosition / group.impressions) * 100) / 100,
        }));
    },
  };
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

/** Each page's figures per day (or per query and day) from `first` to `last`. */
function* facts(pages: OfflinePage[], first: number, last: number, lastComplete: number, perQuery: boolean): Generator<Fact> {
  for (const page of pages) {
    for (let day = first; day <= last; day += 1) {
      const figures = page.day(day, lastComplete - day);
      const date = dayDate(day);
      if (!perQuery) {
        yield { ...figures, page: page.url, query: null, date };
        continue;
      }
      for (const query of page.queries) yield { ...page.queryDay(query, day, figures), page: page.url, query: query.text, date };
    }
  }
}

function keyOf(fact: Fact, dimension: SearchDimension): string {
  if (dimension === "date") return fact.date;
  if (dimension === "page") return fact.page;
  return fact.query ?? "";
}
