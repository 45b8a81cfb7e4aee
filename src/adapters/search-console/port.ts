/** Who answered: Google's Search Console API, or the offline stand-in that invents figures. */
export type SearchConsoleProviderName = "google" | "offline";

/** A property the user can see (sites.list); `permissionLevel` as Google sends it (siteOwner, siteFullUser…). */
export interface SearchConsoleSite {
  siteUrl: string;
  permissionLevel: string;
}

export type SearchDimension = "date" | "page" | "query";

/** searchanalytics.query, reduced to what the loop asks. Dates are Pacific `YYYY-MM-DD`, inclusive. */
export interface SearchAnalyticsRequest {
  startDate: string;
  endDate: string;
  dimensions: SearchDimension[];
  /** 1–25,000. */
  rowLimit: number;
  startRow: number;
  /** Only rows of this page (dimension filter `page equals`). */
  page?: string;
}

export interface SearchAnalyticsRow {
  /** In the order of the request's dimensions. */
  keys: string[];
  clicks: number;
  impressions: number;
  ctr: number;
  position: number;
}

/**
 * Google Search Console (EXTERNAL_APIS-2.md §3). Failures are ProviderErrors: `credentials_rejected`
 * for a 401 after one refresh or a missing scope, `refused` for 403 `forbidden` (the user cannot
 * read the property), `rate_limited` for 429 and quota 403s (with `retryAfterSeconds`),
 * `unavailable`/`timeout` for 5xx and network failures, `bad_request` for 400.
 */
export interface SearchConsole {
  readonly provider: SearchConsoleProviderName;
  readonly offline: boolean;
  listSites(accessToken: string): Promise<SearchConsoleSite[]>;
  /** One page of rows (`rows` absent in Google's answer is `[]` here). */
  query(accessToken: string, siteUrl: string, request: SearchAnalyticsRequest): Promise<SearchAnalyticsRow[]>;
}

/** Google's largest page of rows. */
export const SEARCH_ANALYTICS_ROW_LIMIT = 25_000;
