import { Hono, type Context } from "hono";
import { abortablePeer } from "./abortable-peer";

// A DataForSEO v3 fake (as DataForSEO documents it) for Labs keyword ideas:
// Basic auth, a JSON array with exactly one task, HTTP 200 with the two-level envelope (request
// status and task status), `data` echoed, `limit` honoured, X-RateLimit-* headers. Filters are
// recorded but not applied, so the client's own guard against volume-less items is exercised.

export interface FakeKeyword {
  keyword: string;
  searchVolume: number | null;
  /** Labs' 0–1 competition index. */
  competition?: number | null;
  competitionLevel?: "LOW" | "MEDIUM" | "HIGH" | null;
}

export const TEST_DATAFORSEO_LOGIN = { login: "api@example.com", password: "api-password-123" };

export const DEFAULT_FAKE_KEYWORDS: FakeKeyword[] = [
  { keyword: "kahve makinesi", searchVolume: 40500, competition: 0.91, competitionLevel: "HIGH" },
  { keyword: "kahve makinesi tavsiye", searchVolume: 2400, competition: 0.87, competitionLevel: "HIGH" },
  { keyword: "filtre kahve makinesi", searchVolume: 9900, competition: 0.52, competitionLevel: "MEDIUM" },
  { keyword: "kahve makinesi temizleme", searchVolume: 1300, competition: 0.12, competitionLevel: "LOW" },
];

type Scripted =
  | { kind: "task"; code: number; message: string; times: number }
  | { kind: "request"; code: number; message: string; times: number }
  | { kind: "http"; status: number; body: string; retryAfter?: string; times: number }
  | { kind: "hang" };

const RATE_LIMIT = 2000;
const KEYWORD_IDEAS_PATH = ["v3", "dataforseo_labs", "google", "keyword_ideas", "live"];

const envelope = (statusCode: number, statusMessage: string, tasks: unknown[], cost: number) => ({
  version: "0.1.20250101",
  status_code: statusCode,
  status_message: statusMessage,
  time: "0.1234 sec.",
  cost,
  tasks_count: tasks.length,
  tasks_error: tasks.filter((task) => (task as { status_code: number }).status_code !== 20000).length,
  tasks,
});

function keywordItem(entry: FakeKeyword, locationCode: number, languageCode: string) {
  return {
    se_type: "google",
    keyword: entry.keyword,
    location_code: locationCode,
    language_code: languageCode,
    keyword_info: {
      se_type: "google",
      last_updated_time: "2025-01-02 10:11:12 +00:00",
      competition: entry.competition ?? null,
      competition_level: entry.competitionLevel ?? null,
      cpc: 0.41,
      search_volume: entry.searchVolume,
      low_top_of_page_bid: 0.12,
      high_top_of_page_bid: 0.55,
      categories: [10021],
      monthly_searches: entry.searchVolume === null ? null : [{ year: 2024, month: 12, search_volume: entry.searchVolume }],
      search_volume_trend: { monthly: 0, quarterly: 0, yearly: 0 },
    },
    keyword_properties: {
      se_type: "google",
      core_keyword: null,
      keyword_difficulty: 34,
      detected_language: languageCode,
      is_another_language: false,
      words_count: entry.keyword.split(" ").length,
    },
    search_intent_info: { se_type: "google", main_intent: "commercial", foreign_intent: null },
    avg_backlinks_info: null,
    serp_info: null,
  };
}

/** The first problem with a keyword-ideas task, as DataForSEO's "Invalid Field" answer would name it. */
function invalidField(task: Record<string, unknown>): string | null {
  const keywords = task.keywords;
  if (
    !Array.isArray(keywords) ||
    keywords.length === 0 ||
    keywords.length > 200 ||
    !keywords.every((k) => typeof k === "string" && k.length > 0)
  )
    return "keywords";
  if (task.location_code === undefined && task.location_name === undefined) return "location_code";
  if (task.location_code !== undefined && !Number.isInteger(task.location_code)) return "location_code";
  if (task.language_code !== undefined && typeof task.language_code !== "string") return "language_code";
  if (task.limit !== undefined && (!Number.isInteger(task.limit) || (task.limit as number) < 1 || (task.limit as number) > 1000))
    return "limit";
  if (task.filters !== undefined && (!Array.isArray(task.filters) || task.filters.length > 8)) return "filters";
  return null;
}

export function createDataForSeoFake(options: { login?: string; password?: string; keywords?: FakeKeyword[] } = {}) {
  const { login, password } = { ...TEST_DATAFORSEO_LOGIN, ...options };
  const calls: { url: string; headers: Record<string, string>; body: unknown }[] = [];
  let keywords = options.keywords ?? DEFAULT_FAKE_KEYWORDS;
  let scripted: Scripted | null = null;
  let remaining = RATE_LIMIT;
  const app = new Hono();

  const take = () => {
    const current = scripted;
    if (current && current.kind !== "hang" && --current.times <= 0) scripted = null;
    return current;
  };
  const reply = (c: Context, body: unknown, status = 200) => {
    c.header("X-RateLimit-Limit", String(RATE_LIMIT));
    c.header("X-RateLimit-Remaining", String(Math.max(0, --remaining)));
    return c.json(body, status as 200);
  };

  app.post("/v3/dataforseo_labs/google/keyword_ideas/live", async (c) => {
    const body = await c.req.json().catch(() => undefined);
    calls.push({ url: c.req.url, headers: Object.fromEntries(c.req.raw.headers), body });
    if (c.req.header("Authorization") !== `Basic ${btoa(`${login}:${password}`)}`) {
      return reply(c, { status_code: 40100, status_message: "You are not authorized to access this resource." }, 401);
    }
    const script = take();
    if (script?.kind === "hang") return new Promise<Response>(() => {});
    if (script?.kind === "http") {
      if (script.retryAfter) c.header("Retry-After", script.retryAfter);
      return c.body(script.body, script.status as 500);
    }
    if (script?.kind === "request") return reply(c, envelope(script.code, script.message, [], 0));
    if (!Array.isArray(body) || body.length !== 1) return reply(c, envelope(40000, "You can set only one task at a time.", [], 0));

    const task = body[0] as Record<string, unknown>;
    const base = {
      id: `0101${String(calls.length).padStart(4, "0")}-1535-0398-0000-39e6f6d1d2e1`,
      time: "0.1 sec.",
      path: KEYWORD_IDEAS_PATH,
    };
    const data = { api: "dataforseo_labs", function: "keyword_ideas", se_type: "google", ...task };
    const failed = (code: number, message: string) =>
      reply(
        c,
        envelope(20000, "Ok.", [{ ...base, status_code: code, status_message: message, cost: 0, result_count: 0, data, result: null }], 0),
      );
    if (script?.kind === "task") return failed(script.code, script.message);
    const field = invalidField(task);
    if (field) return failed(40501, `Invalid Field: '${field}'.`);

    const locationCode = (task.location_code as number | undefined) ?? 2840;
    const languageCode = (task.language_code as string | undefined) ?? "en";
    const byVolume = JSON.stringify(task.order_by ?? []).includes("keyword_info.search_volume,desc");
    const ordered = byVolume ? [...keywords].sort((a, b) => (b.searchVolume ?? -1) - (a.searchVolume ?? -1)) : keywords;
    const items = ordered
      .slice(0, (task.limit as number | undefined) ?? 700)
      .map((entry) => keywordItem(entry, locationCode, languageCode));
    const cost = Math.round((0.01 + 0.0001 * items.length) * 1e6) / 1e6;
    const result = {
      se_type: "google",
      seed_keywords: task.keywords,
      location_code: locationCode,
      language_code: languageCode,
      total_count: keywords.length,
      items_count: items.length,
      offset: 0,
      offset_token: "fake-offset-token",
      items,
    };
    return reply(
      c,
      envelope(20000, "Ok.", [{ ...base, status_code: 20000, status_message: "Ok.", cost, result_count: 1, data, result: [result] }], cost),
    );
  });

  app.notFound((c) => c.json({ status_code: 40400, status_message: "Not Found." }, 404));

  return {
    app,
    /** For fakeNetwork(...): answers at api.dataforseo.com. */
    peer: abortablePeer("api.dataforseo.com", app),
    calls,
    /** What keyword ideas answers from now on (each with its volume and competition). */
    setKeywords(next: FakeKeyword[]) {
      keywords = next;
    },
    /** The next `times` calls answer HTTP 200, request status 20000 and this task status (no result). */
    failTask(code: number, message: string, times = 1) {
      scripted = { kind: "task", code, message, times };
    },
    /** The next `times` calls answer HTTP 200 with this request-level status and no task. */
    failRequest(code: number, message: string, times = 1) {
      scripted = { kind: "request", code, message, times };
    },
    /** The next `times` calls answer this HTTP status (after the auth check), e.g. 402, 500. */
    failHttp(status: number, options: { body?: string; retryAfter?: string; times?: number } = {}) {
      scripted = {
        kind: "http",
        status,
        body: options.body ?? "Internal Server Error",
        retryAfter: options.retryAfter,
        times: options.times ?? 1,
      };
    },
    /** Calls from now on never answer. */
    hang() {
      scripted = { kind: "hang" };
    },
  };
}
