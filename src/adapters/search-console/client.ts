import { z } from "zod";
import { GOOGLE, type GoogleReply, googleRequest, logGoogleReply, retryAfterSecondsOf } from "../google-oauth/google-request";
import { ProviderError } from "../provider-error";
import type { SearchAnalyticsRequest, SearchAnalyticsRow, SearchConsole, SearchConsoleSite } from "./port";

const SitesReplySchema = z.object({
  siteEntry: z.array(z.object({ siteUrl: z.string(), permissionLevel: z.string().optional() })).optional(),
});

const RowSchema = z.object({
  keys: z.array(z.string()).optional(),
  clicks: z.number().optional(),
  impressions: z.number().optional(),
  ctr: z.number().optional(),
  position: z.number().optional(),
});
const QueryReplySchema = z.object({ rows: z.array(RowSchema).optional() });

const GoogleErrorSchema = z.object({
  error: z
    .object({
      status: z.string().optional(),
      errors: z.array(z.object({ reason: z.string().optional() })).optional(),
      details: z.array(z.object({ reason: z.string().optional() })).optional(),
    })
    .optional(),
});

/** Google asks for 15 minutes after a load-quota error (webmaster-tools/limits); used when it sends no Retry-After. */
const QUOTA_WAIT_SECONDS = 900;
const SCOPE_REASONS = new Set(["insufficientPermissions", "ACCESS_TOKEN_SCOPE_INSUFFICIENT"]);
const QUOTA_REASONS = new Set(["quotaExceeded", "rateLimitExceeded", "userRateLimitExceeded", "RATE_LIMIT_EXCEEDED"]);

/** Google Search Console API (EXTERNAL_APIS-2 §3): sites.list and searchanalytics.query, one attempt each. */
export function createSearchConsoleClient(deps: { baseUrl: string; fetch: typeof fetch; timeoutMs: number }): SearchConsole {
  const root = `${deps.baseUrl.replace(/\/+$/, "")}/webmasters/v3`;
  const headersFor = (accessToken: string) => ({ Authorization: `Bearer ${accessToken}`, Accept: "application/json" });

  return {
    provider: "google",
    offline: false,

    async listSites(accessToken: string): Promise<SearchConsoleSite[]> {
      const url = `${root}/sites`;
      const reply = await googleRequest(deps, url, { method: "GET", headers: headersFor(accessToken) });
      if (reply.status !== 200) throw searchConsoleFailure(reply, url, null);
      const parsed = SitesReplySchema.safeParse(reply.json);
      if (!parsed.success) throw unexpected(reply, url, "the list of properties");
      return (parsed.data.siteEntry ?? []).map((entry) => ({ siteUrl: entry.siteUrl, permissionLevel: entry.permissionLevel ?? "" }));
    },

    async query(accessToken: string, siteUrl: string, request: SearchAnalyticsRequest): Promise<SearchAnalyticsRow[]> {
      const url = `${root}/sites/${encodeURIComponent(siteUrl)}/searchAnalytics/query`;
      const body = {
        startDate: request.startDate,
        endDate: request.endDate,
        dimensions: request.dimensions,
        type: "web",
        rowLimit: request.rowLimit,
        startRow: request.startRow,
        dataState: "final",
        ...(request.page
          ? {
              dimensionFilterGroups: [{ groupType: "and", filters: [{ dimension: "page", operator: "equals", expression: request.page }] }],
            }
          : {}),
      };
      const reply = await googleRequest(deps, url, {
        method: "POST",
        headers: { ...headersFor(accessToken), "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      if (reply.status !== 200) throw searchConsoleFailure(reply, url, siteUrl);
      const parsed = QueryReplySchema.safeParse(reply.json);
      if (!parsed.success) throw unexpected(reply, url, "the search analytics rows");
      return (parsed.data.rows ?? []).map((row) => {
        const clicks = row.clicks ?? 0;
        const impressions = row.impressions ?? 0;
        return {
          keys: row.keys ?? [],
          clicks,
          impressions,
          ctr: row.ctr ?? (impressions > 0 ? clicks / impressions : 0),
          position: row.position ?? 0,
        };
      });
    },
  };
}

function unexpected(reply: GoogleReply, url: string, what: string): ProviderError {
  logGoogleReply("search_console_unexpected_reply", url, reply);
  return new ProviderError("invalid_output", GOOGLE, `${GOOGLE} Search Console answered in an unexpected form instead of ${what}`);
}

/** Classifies a failed call by status and Google's `reason`s, never by message text; the body goes to the log. */
function searchConsoleFailure(reply: GoogleReply, url: string, siteUrl: string | null): ProviderError {
  logGoogleReply("search_console_failed", url, reply);
  const error = GoogleErrorSchema.safeParse(reply.json).data?.error;
  const reasons = [...(error?.errors ?? []), ...(error?.details ?? [])].map((entry) => entry.reason ?? "");
  const has = (set: Set<string>) => reasons.some((reason) => set.has(reason));
  const property = siteUrl ? `the Search Console property ${siteUrl}` : "the Search Console properties";

  if (reply.status === 429 || (reply.status === 403 && (has(QUOTA_REASONS) || error?.status === "RESOURCE_EXHAUSTED"))) {
    return new ProviderError(
      "rate_limited",
      GOOGLE,
      `${GOOGLE} Search Console's quota is used up for now; the sync tries again later`,
      retryAfterSecondsOf(reply, QUOTA_WAIT_SECONDS),
    );
  }
  if (reply.status === 401) {
    return new ProviderError(
      "credentials_rejected",
      GOOGLE,
      `${GOOGLE} did not accept the connection's access token; reconnect Search Console if this persists`,
    );
  }
  if (reply.status === 403 && has(SCOPE_REASONS)) {
    return new ProviderError(
      "credentials_rejected",
      GOOGLE,
      `The Google connection lacks the Search Console permission (the box was unticked on Google's consent screen); reconnect and allow it`,
    );
  }
  if (reply.status === 403) {
    return new ProviderError(
      "refused",
      GOOGLE,
      `The connected Google account cannot read ${property}: it needs Owner or Full user access in Search Console`,
    );
  }
  if (reply.status >= 500)
    return new ProviderError("unavailable", GOOGLE, `${GOOGLE} Search Console failed (HTTP ${reply.status}); try again later`);
  return new ProviderError("bad_request", GOOGLE, `${GOOGLE} Search Console refused the request for ${property} (HTTP ${reply.status})`);
}
