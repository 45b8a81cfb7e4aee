import { Hono, type Context } from "hono";
import { abortablePeer } from "./abortable-peer";
import { TEST_DATAFORSEO_LOGIN } from "./dataforseo";

// A DataForSEO v3 fake of the SERP API, Google Organic live/advanced (EXTERNAL_APIS-2 §1.6):
// Basic auth (401), one-task arrays only (task 40000), HTTP 200 with the two-level envelope,
// `data` echoed, cost 0.002 + 0.0015 × (pages − 1) plus $0.00015 per PAA click when questions
// are shown; a configurable SERP mixing organic, people_also_ask (both expanded variants),
// related_searches (strings), featured_snippet, ai_overview (both reference levels) and one
// unknown type, with rank_group per type, rank_absolute over all and matching item_types;
// `items: null` for an empty SERP and the depth > 200 task error.

export interface FakeOrganic {
  url: string;
  title: string;
  description?: string;
}

export interface FakeSerp {
  organic: FakeOrganic[];
  questions: string[];
  related: string[];
  /** Adds a featured snippet, an AI overview and an item of a type no client knows. */
  extras: boolean;
}

export const DEFAULT_FAKE_SERP: FakeSerp = {
  organic: Array.from({ length: 12 }, (_, i) => ({
    url: `https://site${i + 1}.example/kahve-makinesi-${i + 1}`,
    title: `Kahve makinesi rehberi ${i + 1}`,
    description: `Kahve makinesi seçerken dikkat edilecekler, bölüm ${i + 1}.`,
  })),
  questions: ["Kahve makinesi nasıl seçilir?", "En iyi kahve makinesi hangisi?"],
  related: ["kahve makinesi fiyatları", "filtre kahve makinesi"],
  extras: true,
};

type Scripted =
  | { kind: "task"; code: number; message: string }
  | { kind: "request"; code: number; message: string }
  | { kind: "http"; status: number; body: string; times: number }
  | { kind: "hang" };

const PATH = ["v3", "serp", "google", "organic", "live", "advanced"];
const round = (dollars: number) => Math.round(dollars * 1e6) / 1e6;

const envelope = (statusCode: number, statusMessage: string, tasks: unknown[], cost: number) => ({
  version: "0.1.20250101",
  status_code: statusCode,
  status_message: statusMessage,
  time: "5.9 sec.",
  cost,
  tasks_count: tasks.length,
  tasks_error: tasks.filter((task) => (task as { status_code: number }).status_code !== 20000).length,
  tasks,
});

/** The items of a SERP page in the order Google shows them, ranked as DataForSEO ranks them. */
function serpItems(serp: FakeSerp, depth: number): Record<string, unknown>[] {
  const laid: Record<string, unknown>[] = [];
  const organic = serp.organic.slice(0, depth);
  if (serp.extras) {
    laid.push({
      type: "ai_overview",
      asynchronous_ai_overview: false,
      markdown: "An overview.",
      items: [
        {
          type: "ai_overview_element",
          title: null,
          text: "An overview.",
          references: [
            { type: "ai_overview_reference", source: "Site", domain: "ref1.example", url: "https://ref1.example/", title: "Ref" },
          ],
        },
      ],
      references: [{ type: "ai_overview_reference", source: "Site", domain: "ref2.example", url: "https://ref2.example/", title: "Ref 2" }],
    });
    laid.push({
      type: "featured_snippet",
      domain: "snippet.example",
      title: "Snippet",
      featured_title: "Snippet title",
      description: "A snippet.",
      url: "https://snippet.example/",
      breadcrumb: "https://snippet.example",
      timestamp: null,
      images: null,
      table: null,
    });
  }
  organic.forEach((entry, index) => {
    laid.push({
      type: "organic",
      domain: new URL(entry.url).hostname,
      title: entry.title,
      url: entry.url,
      description: entry.description ?? null,
      breadcrumb: `${new URL(entry.url).origin} › blog`,
      website_name: "Site",
      is_featured_snippet: false,
      is_image: false,
      is_video: false,
      highlighted: [],
      links: null,
      faq: null,
      rating: null,
      related_result: null,
      timestamp: null,
    });
    if (index === 0 && serp.questions.length > 0) {
      laid.push({
        type: "people_also_ask",
        items: serp.questions.map((question, q) => ({
          type: "people_also_ask_element",
          title: question,
          seed_question: null,
          expanded_element:
            q % 2 === 0
              ? [
                  {
                    type: "people_also_ask_expanded_element",
                    featured_title: null,
                    url: "https://answer.example/",
                    domain: "answer.example",
                    title: "Answer",
                    description: "The answer.",
                    timestamp: null,
                    table: null,
                  },
                ]
              : [
                  {
                    type: "people_also_ask_ai_overview_expanded_element",
                    items: [{ type: "ai_overview_element", title: null, text: "An AI answer.", references: null }],
                    references: [{ type: "ai_overview_reference", source: "Site", domain: "aio.example", url: "https://aio.example/" }],
                  },
                ],
        })),
      });
    }
    if (index === 2 && serp.extras) laid.push({ type: "perspectives_unknown_to_clients", items: [{ title: "ignored" }] });
  });
  if (serp.related.length > 0) laid.push({ type: "related_searches", items: serp.related });
  const perType = new Map<string, number>();
  return laid.map((item, index) => {
    const type = item.type as string;
    perType.set(type, (perType.get(type) ?? 0) + 1);
    return {
      ...item,
      rank_group: perType.get(type),
      rank_absolute: index + 1,
      position: "left",
      xpath: `/html[1]/body[1]/div[${index + 1}]`,
    };
  });
}

export function createDataForSeoSerpFake(options: { login?: string; password?: string; serp?: FakeSerp } = {}) {
  const { login, password } = { ...TEST_DATAFORSEO_LOGIN, ...options };
  const calls: { url: string; headers: Record<string, string>; body: unknown }[] = [];
  let serp = options.serp ?? DEFAULT_FAKE_SERP;
  let empty = false;
  let scripted: Scripted | null = null;
  const app = new Hono();

  const take = () => {
    const current = scripted;
    if (current?.kind === "http" && --current.times > 0) return current;
    if (current?.kind !== "hang") scripted = null;
    return current;
  };

  app.post("/v3/serp/google/organic/live/advanced", async (c: Context) => {
    const body = await c.req.json().catch(() => undefined);
    calls.push({ url: c.req.url, headers: Object.fromEntries(c.req.raw.headers), body });
    if (c.req.header("Authorization") !== `Basic ${btoa(`${login}:${password}`)}`) {
      return c.json({ status_code: 40100, status_message: "You are not authorized to access this resource." }, 401);
    }
    const script = take();
    if (script?.kind === "hang") return new Promise<Response>(() => {});
    if (script?.kind === "http") return c.body(script.body, script.status as 500);
    if (script?.kind === "request") return c.json(envelope(script.code, script.message, [], 0));
    if (!Array.isArray(body) || body.length !== 1) return c.json(envelope(40000, "You can set only one task at a time.", [], 0));

    const task = body[0] as Record<string, unknown>;
    const base = { id: `0105${String(calls.length).padStart(4, "0")}-1535-0139-0000-2bd4a71e7f46`, time: "5.8 sec.", path: PATH };
    const data = { api: "serp", function: "live", se: "google", se_type: "organic", ...task };
    const failed = (code: number, message: string) =>
      c.json(
        envelope(20000, "Ok.", [{ ...base, status_code: code, status_message: message, cost: 0, result_count: 0, data, result: null }], 0),
      );
    if (script?.kind === "task") return failed(script.code, script.message);
    if (typeof task.keyword !== "string" || task.keyword.length === 0 || task.keyword.length > 700)
      return failed(40501, "Invalid Field: 'keyword'.");
    if (task.location_code === undefined && task.location_name === undefined && task.location_coordinate === undefined)
      return failed(40501, "Invalid Field: 'location_code'.");
    const depth = (task.depth as number | undefined) ?? 10;
    if (!Number.isInteger(depth) || depth < 1 || depth > 200) return failed(40501, "Invalid Field: 'depth'.");

    const items = empty ? null : serpItems(serp, depth);
    const clicks = Number(task.people_also_ask_click_depth ?? 0);
    const hasQuestions = items?.some((item) => item.type === "people_also_ask") ?? false;
    const pages = Math.ceil(depth / 10);
    // A PAA click is refunded when the SERP has no questions.
    const cost = round(0.002 + 0.0015 * (pages - 1) + (hasQuestions ? 0.00015 * clicks : 0));
    // `%25` and `%2B` reach Google as `%` and `+`.
    const keyword = task.keyword.replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    const result = {
      keyword,
      type: "organic",
      se_domain: "google.com.tr",
      location_code: task.location_code ?? null,
      language_code: task.language_code ?? null,
      check_url: `https://www.google.com.tr/search?q=${encodeURIComponent(keyword)}`,
      datetime: "2026-01-05 10:11:12 +00:00",
      spell: null,
      refinement_chips: null,
      item_types: items ? [...new Set(items.map((item) => item.type))] : [],
      se_results_count: items ? 1230000 : 0,
      pages_count: pages,
      items_count: items?.length ?? 0,
      items,
    };
    return c.json(
      envelope(20000, "Ok.", [{ ...base, status_code: 20000, status_message: "Ok.", cost, result_count: 1, data, result: [result] }], cost),
    );
  });

  app.notFound((c) => c.json({ status_code: 40400, status_message: "Not Found." }, 404));

  return {
    app,
    /** For fakeNetwork(...): answers at api.dataforseo.com. */
    peer: abortablePeer("api.dataforseo.com", app),
    calls,
    setSerp(next: FakeSerp) {
      serp = next;
    },
    /** From now on Google finds nothing: `items: null`, `items_count: 0`. */
    answerEmpty() {
      empty = true;
    },
    /** The next call answers HTTP 200, request status 20000 and this task status (no result). */
    failTask(code: number, message: string) {
      scripted = { kind: "task", code, message };
    },
    /** The next call answers HTTP 200 with this request-level status and no task. */
    failRequest(code: number, message: string) {
      scripted = { kind: "request", code, message };
    },
    /** The next `times` calls answer this HTTP status (after the auth check). */
    failHttp(status: number, options: { body?: string; times?: number } = {}) {
      scripted = { kind: "http", status, body: options.body ?? "Internal Server Error", times: options.times ?? 1 };
    },
    /** Calls from now on never answer. */
    hang() {
      scripted = { kind: "hang" };
    },
  };
}
