import { Hono, type Context } from "hono";
import { WEBMASTERS_READONLY } from "../../src/adapters/google-oauth/port";
import type { Env } from "../../src/env";
import { abortablePeer } from "./abortable-peer";
import {
  createGoogleOAuthFake,
  DEFAULT_GOOGLE_ACCOUNT,
  GOOGLE_AUTH_URL,
  GOOGLE_REVOKE_URL,
  GOOGLE_TOKEN_URL,
  type GoogleAccount,
  type GoogleOAuthFake,
} from "./google-oauth";
import { fakeNetwork } from "./network";

// Google Search Console's API (EXTERNAL_APIS-2 §3.7) for the tokens of the OAuth fake: Bearer
// auth (401 UNAUTHENTICATED), per-token scopes (403 insufficientPermissions), sites.list per
// Google account (no `siteEntry` for an empty account), and searchanalytics.query: the siteUrl
// path segment decoded, 403 forbidden for an unknown or Restricted property, 400 for bad dates,
// rowLimit over 25,000 and byProperty with page, rows from the figures the test sets (grouped by
// the dimensions, position impression-weighted, sorted by clicks or by date) paged by
// startRow/rowLimit, no `rows` when empty, nothing after today−3 (Pacific) with `final` and
// nothing older than 16 months; a 429 (or quota 403) switch with Retry-After.

export const SEARCH_CONSOLE_BASE_URL = "https://searchconsole.googleapis.com";

export interface SiteEntry {
  siteUrl: string;
  permissionLevel: string;
}

export interface DayFigures {
  clicks: number;
  impressions: number;
  position: number;
}

/** A query of a page: with `date` it counts on that day only; without, in full for every range that has days. */
export interface QueryFigures extends DayFigures {
  query: string;
  date?: string;
}

interface Fact extends DayFigures {
  page: string;
  query: string | null;
  date: string | null;
}

export interface SearchConsoleCall {
  method: string;
  path: string;
  siteUrl: string | null;
  authorization: string | null;
  body: unknown;
}

const DAY_MS = 86_400_000;
const HISTORY_DAYS = 486;
const FINAL_AFTER_DAYS = 3;
const MAX_ROW_LIMIT = 25_000;
const READING_LEVELS = new Set(["siteOwner", "siteFullUser", "SITE_OWNER", "SITE_FULL_USER"]);
const KNOWN_DIMENSIONS = new Set(["date", "page", "query"]);
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const dayOf = (date: string) => Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
function pacificDay(at: Date): number {
  return dayOf(
    new Intl.DateTimeFormat("en-CA", { timeZone: "America/Los_Angeles", year: "numeric", month: "2-digit", day: "2-digit" }).format(at),
  );
}
const validDate = (value: unknown): value is string => typeof value === "string" && DATE.test(value) && dateOf(dayOf(value)) === value;

/** Figures for every day from `startDate` to `endDate` (inclusive), e.g. `everyDay("2026-01-01", "2026-01-28", () => ({ clicks: 3, impressions: 90, position: 6 }))`. */
export function everyDay(
  startDate: string,
  endDate: string,
  figures: DayFigures | ((date: string, index: number) => DayFigures),
): Record<string, DayFigures> {
  const days: Record<string, DayFigures> = {};
  for (let day = dayOf(startDate), index = 0; day <= dayOf(endDate); day += 1, index += 1) {
    days[dateOf(day)] = typeof figures === "function" ? figures(dateOf(day), index) : figures;
  }
  return days;
}

type Scripted =
  | { kind: "rate"; status: 429 | 403; reason: string; retryAfter: number | null; times: number }
  | { kind: "http"; status: number; times: number }
  | { kind: "hang" };

export function createSearchConsoleFake(oauth: GoogleOAuthFake, options: { baseUrl?: string; now?: () => Date } = {}) {
  const now = options.now ?? (() => new Date());
  const sites = new Map<string, SiteEntry[]>();
  /** siteUrl → page → figures */
  const pages = new Map<string, Map<string, { days: Record<string, DayFigures>; queries: QueryFigures[] }>>();
  const calls: SearchConsoleCall[] = [];
  let scripted: Scripted | null = null;

  const googleError = (c: Context, code: number, status: string, message: string, reason?: string, extra: Record<string, unknown> = {}) =>
    c.json(
      { error: { code, message, ...(reason ? { errors: [{ message, domain: "global", reason }] } : {}), status, ...extra } },
      code as 400,
    );

  const take = () => {
    const current = scripted;
    if (current && current.kind !== "hang" && --current.times <= 0) scripted = null;
    return current;
  };

  /** The auth checks and the scripted failures every call passes; a Response ends the call. */
  async function gate(c: Context): Promise<Response | { account: GoogleAccount }> {
    const bearer = /^Bearer (.+)$/.exec(c.req.header("Authorization") ?? "")?.[1];
    const info = bearer ? oauth.tokenInfo(bearer) : null;
    if (!info) {
      c.header("WWW-Authenticate", 'Bearer realm="https://accounts.google.com/", error="invalid_token"');
      return googleError(
        c,
        401,
        "UNAUTHENTICATED",
        "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.",
        "authError",
      );
    }
    if (!info.scopes.includes(WEBMASTERS_READONLY) && !info.scopes.includes("https://www.googleapis.com/auth/webmasters")) {
      return googleError(c, 403, "PERMISSION_DENIED", "Request had insufficient authentication scopes.", "insufficientPermissions", {
        details: [
          { "@type": "type.googleapis.com/google.rpc.ErrorInfo", reason: "ACCESS_TOKEN_SCOPE_INSUFFICIENT", domain: "googleapis.com" },
        ],
      });
    }
    const script = take();
    if (script?.kind === "hang") return new Promise<Response>(() => {});
    if (script?.kind === "http") return googleError(c, script.status, "INTERNAL", "Internal error encountered.", "backendError");
    if (script?.kind === "rate") {
      if (script.retryAfter !== null) c.header("Retry-After", String(script.retryAfter));
      return script.status === 429
        ? googleError(c, 429, "RESOURCE_EXHAUSTED", "Quota exceeded for quota metric 'Queries'.", "rateLimitExceeded")
        : googleError(c, 403, "PERMISSION_DENIED", "Search Analytics load quota exceeded.", script.reason);
    }
    return { account: info.account };
  }

  const entriesOf = (account: GoogleAccount) => sites.get(account.email) ?? [];
  const forbidden = (c: Context, siteUrl: string) =>
    googleError(
      c,
      403,
      "PERMISSION_DENIED",
      `User does not have sufficient permission for site '${siteUrl}'. See also: https://support.google.com/webmasters/answer/2451999.`,
      "forbidden",
    );

  function factsOf(siteUrl: string, dimensions: string[]): Fact[] {
    const facts: Fact[] = [];
    for (const [page, data] of pages.get(siteUrl) ?? []) {
      if (dimensions.includes("query")) {
        for (const q of data.queries) facts.push({ ...q, page, date: q.date ?? null });
      } else {
        for (const [date, figures] of Object.entries(data.days)) facts.push({ ...figures, page, query: null, date });
      }
    }
    return facts;
  }

  const app = new Hono();
  app.all("*", async (c) => {
    const path = new URL(c.req.url).pathname;
    const site = /^\/webmasters\/v3\/sites\/([^/]+)(\/searchAnalytics\/query)?$/.exec(path);
    const body = c.req.method === "POST" ? await c.req.json().catch(() => undefined) : undefined;
    const siteUrl = site ? decodeURIComponent(site[1]!) : null;
    calls.push({ method: c.req.method, path, siteUrl, authorization: c.req.header("Authorization") ?? null, body });

    const listing = path === "/webmasters/v3/sites" && c.req.method === "GET";
    const oneSite = site && !site[2] && c.req.method === "GET";
    const query = site?.[2] && c.req.method === "POST";
    if (!listing && !oneSite && !query) return googleError(c, 404, "NOT_FOUND", "Not Found");

    const passed = await gate(c);
    if (passed instanceof Response) return passed;
    const entries = entriesOf(passed.account);
    if (listing) return c.json(entries.length > 0 ? { siteEntry: entries } : {});
    const entry = entries.find((candidate) => candidate.siteUrl === siteUrl);
    if (oneSite) return entry ? c.json(entry) : forbidden(c, siteUrl!);
    if (!entry || !READING_LEVELS.has(entry.permissionLevel)) return forbidden(c, siteUrl!);
    return answerQuery(c, siteUrl!, body);
  });

  function answerQuery(c: Context, siteUrl: string, body: unknown) {
    const request = (body ?? {}) as Record<string, unknown>;
    const invalid = (message: string) => googleError(c, 400, "INVALID_ARGUMENT", message, "badRequest");
    if (!validDate(request.startDate) || !validDate(request.endDate)) return invalid("Request contains an invalid argument.");
    if (request.startDate > request.endDate) return invalid("startDate is after endDate.");
    const rowLimit = request.rowLimit ?? 1000;
    const startRow = request.startRow ?? 0;
    if (!Number.isInteger(rowLimit) || (rowLimit as number) < 1 || (rowLimit as number) > MAX_ROW_LIMIT)
      return invalid("rowLimit must be between 1 and 25000.");
    if (!Number.isInteger(startRow) || (startRow as number) < 0) return invalid("startRow must not be negative.");
    const dimensions = (request.dimensions ?? []) as string[];
    if (!Array.isArray(dimensions) || dimensions.some((dimension) => !KNOWN_DIMENSIONS.has(String(dimension).toLowerCase())))
      return invalid("The fake knows the dimensions date, page and query only.");
    const dims = dimensions.map((dimension) => dimension.toLowerCase() as "date" | "page" | "query");
    const filters = (
      (request.dimensionFilterGroups ?? []) as { filters?: { dimension: string; operator?: string; expression: string }[] }[]
    ).flatMap((group) => group.filters ?? []);
    const aggregation = String(request.aggregationType ?? "auto").toLowerCase();
    const byPage = dims.includes("page") || filters.some((filter) => filter.dimension.toLowerCase() === "page");
    if (aggregation === "byproperty" && byPage) return invalid("Cannot group by page when aggregating by property.");
    const type = String(request.type ?? request.searchType ?? "web").toLowerCase();
    const dataState = String(request.dataState ?? "final").toLowerCase();

    const today = pacificDay(now());
    const lastDay = dataState === "all" ? today - 1 : today - FINAL_AFTER_DAYS;
    const first = Math.max(dayOf(request.startDate), today - HISTORY_DAYS);
    const last = Math.min(dayOf(request.endDate), lastDay);

    const groups = new Map<string, { keys: string[]; clicks: number; impressions: number; weighted: number; date: string | null }>();
    if (type === "web" && first <= last) {
      for (const fact of factsOf(siteUrl, dims)) {
        if (fact.date !== null && (dayOf(fact.date) < first || dayOf(fact.date) > last)) continue;
        if (fact.date === null && dims.includes("date")) continue;
        if (!filters.every((filter) => matches(filter, fact))) continue;
        const keys = dims.map((dimension) => String(fact[dimension]));
        const key = JSON.stringify(keys);
        const group = groups.get(key) ?? { keys, clicks: 0, impressions: 0, weighted: 0, date: dims.includes("date") ? fact.date : null };
        group.clicks += fact.clicks;
        group.impressions += fact.impressions;
        group.weighted += fact.position * fact.impressions;
        groups.set(key, group);
      }
    }
    const rows = [...groups.values()]
      .filter((group) => group.impressions > 0)
      .sort(
        (a, b) =>
          (a.date ?? "").localeCompare(b.date ?? "") ||
          b.clicks - a.clicks ||
          b.impressions - a.impressions ||
          JSON.stringify(a.keys).localeCompare(JSON.stringify(b.keys)),
      )
      .slice(startRow as number, (startRow as number) + (rowLimit as number))
      .map((group) => ({
        keys: group.keys,
        clicks: group.clicks,
        impressions: group.impressions,
        ctr: group.clicks / group.impressions,
        position: group.weighted / group.impressions,
      }));
    return c.json({
      ...(rows.length > 0 ? { rows } : {}),
      responseAggregationType: byPage ? "byPage" : "byProperty",
      ...(dataState === "all" ? { metadata: { first_incomplete_date: dateOf(today - FINAL_AFTER_DAYS + 1) } } : {}),
    });
  }

  return {
    peer: abortablePeer(new URL(options.baseUrl ?? SEARCH_CONSOLE_BASE_URL).host, app),
    calls,

    /** The properties a Google account sees (sites.list); `[]` is the empty-account case. */
    setSites(entries: SiteEntry[], account: GoogleAccount = DEFAULT_GOOGLE_ACCOUNT) {
      sites.set(account.email, entries);
    },

    /** A page's daily figures and its queries under a property (replacing what was set for the page). */
    setPage(siteUrl: string, page: string, data: { days?: Record<string, DayFigures>; queries?: QueryFigures[] }) {
      const byPage = pages.get(siteUrl) ?? new Map();
      byPage.set(page, { days: data.days ?? {}, queries: data.queries ?? [] });
      pages.set(siteUrl, byPage);
    },

    /** The next `times` calls answer a quota error: 429 RESOURCE_EXHAUSTED, or a 403 with this reason; Retry-After when given. */
    rateLimit(options: { retryAfter?: number; status?: 429 | 403; reason?: "quotaExceeded" | "rateLimitExceeded"; times?: number } = {}) {
      scripted = {
        kind: "rate",
        status: options.status ?? 429,
        reason: options.reason ?? "quotaExceeded",
        retryAfter: options.retryAfter ?? null,
        times: options.times ?? 1,
      };
    },

    /** The next `times` calls (after the auth check) answer this status. */
    failHttp(status: number, options: { times?: number } = {}) {
      scripted = { kind: "http", status, times: options.times ?? 1 };
    },

    /** Calls from now on never answer. */
    hang() {
      scripted = { kind: "hang" };
    },
  };
}

function matches(filter: { dimension: string; operator?: string; expression: string }, fact: Fact): boolean {
  const value = String(fact[filter.dimension.toLowerCase() as "page" | "query" | "date"] ?? "");
  switch ((filter.operator ?? "equals").toLowerCase()) {
    case "equals":
      return value === filter.expression;
    case "notequals":
      return value !== filter.expression;
    case "contains":
      return value.toLowerCase().includes(filter.expression.toLowerCase());
    case "notcontains":
      return !value.toLowerCase().includes(filter.expression.toLowerCase());
    default:
      return false;
  }
}

/**
 * Google as the service meets it: the OAuth endpoints and Search Console sharing one set of
 * accounts and tokens. `fetch` routes to all three hosts; `oauth` and `searchConsole` hold the
 * controls and the records.
 */
export function createGoogleFake(options: { redirectUris?: string[]; now?: () => Date } = {}) {
  const oauth = createGoogleOAuthFake({ redirectUris: options.redirectUris, now: options.now });
  const searchConsole = createSearchConsoleFake(oauth, { now: options.now });
  const peers = [oauth.accountsPeer, oauth.tokenPeer, searchConsole.peer];
  return { oauth, searchConsole, peers, fetch: fakeNetwork(...peers) };
}

export type GoogleFake = ReturnType<typeof createGoogleFake>;

/** The vars that point the service's Google integration at the fake (for useVars). */
export function googleVars(fake: GoogleFake): Partial<Env> {
  return {
    SEARCH_CONSOLE_PROVIDER: "google",
    GOOGLE_CLIENT_ID: fake.oauth.clientId,
    GOOGLE_CLIENT_SECRET: fake.oauth.clientSecret,
    GOOGLE_AUTH_URL: GOOGLE_AUTH_URL,
    GOOGLE_TOKEN_URL: GOOGLE_TOKEN_URL,
    GOOGLE_REVOKE_URL: GOOGLE_REVOKE_URL,
    SEARCH_CONSOLE_BASE_URL: SEARCH_CONSOLE_BASE_URL,
  };
}
