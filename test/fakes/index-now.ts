import { Hono, type Context } from "hono";
import { abortablePeer } from "./abortable-peer";

// An IndexNow engine (EXTERNAL_APIS-2 §4.4): GET /indexnow?url=&key=[&keyLocation=] and POST
// /indexnow {host, key, keyLocation, urlList}; 400 for a malformed request, a bad key or more
// than 10,000 URLs; 422 for a URL off `host` or outside the key file's directory; the key file
// fetched from the site (403 when it is missing or holds another key), 202 the first time a key
// is verified and 200 after; a 429 switch; bodies empty, as the protocol leaves them unspecified.

export const INDEXNOW_HOST = "api.indexnow.org";
export const INDEXNOW_ENDPOINT = `https://${INDEXNOW_HOST}/indexnow`;

const KEY = /^[a-zA-Z0-9-]{8,128}$/;
const MAX_URLS = 10_000;

/** A submission the engine took (200 or 202). */
export interface IndexNowSubmission {
  method: "GET" | "POST";
  host: string;
  key: string;
  keyLocation: string;
  urlList: string[];
  contentType: string | null;
}

/** Every request, with the status it was answered. */
export interface IndexNowRequest {
  method: string;
  body: unknown;
  status: number;
}

type Parsed = { host: string; key: string; keyLocation?: string; urlList: string[] };

/**
 * `sites` is how the engine reaches the sites to read their key files (a fake WordPress's
 * `fetch`); without it the engine reads the files `serveKeyFile` registered, and 404 otherwise.
 */
export function createIndexNowFake(options: { sites?: typeof fetch } = {}) {
  const keyFiles = new Map<string, string>();
  const verified = new Set<string>();
  const submissions: IndexNowSubmission[] = [];
  const requests: IndexNowRequest[] = [];
  let rateLimited: { retryAfter: string | null } | null = null;
  let failing: { status: number; times: number } | null = null;
  let hanging = false;

  const readKeyFile =
    options.sites ??
    (async (input: RequestInfo | URL) => {
      const text = keyFiles.get(new Request(input).url);
      return text === undefined
        ? new Response("Not Found", { status: 404 })
        : new Response(text, { headers: { "Content-Type": "text/plain" } });
    });

  /** The key file says exactly this key (surrounding whitespace aside). */
  async function keyFileHolds(keyLocation: string, key: string): Promise<boolean> {
    try {
      const response = await readKeyFile(keyLocation);
      return response.status === 200 && (await response.text()).trim() === key;
    } catch {
      return false;
    }
  }

  async function answer(c: Context, method: "GET" | "POST", parsed: Parsed | null, body: unknown): Promise<Response> {
    const reply = (status: number, headers: Record<string, string> = {}) => {
      requests.push({ method, body, status });
      return c.body(null, status as 200, headers);
    };
    if (hanging) return new Promise<Response>(() => {});
    if (rateLimited) return reply(429, rateLimited.retryAfter === null ? {} : { "Retry-After": rateLimited.retryAfter });
    if (failing) {
      const { status } = failing;
      if (--failing.times <= 0) failing = null;
      return reply(status);
    }
    if (!parsed || !KEY.test(parsed.key) || parsed.urlList.length === 0 || parsed.urlList.length > MAX_URLS) return reply(400);
    const keyLocation = parsed.keyLocation ?? `https://${parsed.host}/${parsed.key}.txt`;
    const location = urlOf(keyLocation);
    if (!location || location.host !== parsed.host) return reply(422);
    const directory = location.pathname.slice(0, location.pathname.lastIndexOf("/") + 1);
    for (const url of parsed.urlList) {
      const page = urlOf(url);
      if (!page || page.host !== parsed.host || !page.pathname.startsWith(directory)) return reply(422);
    }
    if (!(await keyFileHolds(keyLocation, parsed.key))) return reply(403);
    const known = `${parsed.host} ${parsed.key}`;
    const first = !verified.has(known);
    verified.add(known);
    submissions.push({ method, ...parsed, keyLocation, contentType: c.req.header("Content-Type") ?? null });
    return reply(first ? 202 : 200);
  }

  const app = new Hono();
  app.get("/indexnow", (c) => {
    const url = c.req.query("url");
    const key = c.req.query("key");
    const host = url ? urlOf(url)?.host : undefined;
    const parsed = url && key && host ? { host, key, keyLocation: c.req.query("keyLocation"), urlList: [url] } : null;
    return answer(c, "GET", parsed, Object.fromEntries(new URL(c.req.url).searchParams));
  });
  app.post("/indexnow", async (c) => {
    const body = (await c.req.json().catch(() => undefined)) as Record<string, unknown> | undefined;
    const ok =
      body &&
      typeof body.host === "string" &&
      typeof body.key === "string" &&
      (body.keyLocation === undefined || typeof body.keyLocation === "string") &&
      Array.isArray(body.urlList) &&
      body.urlList.every((url) => typeof url === "string");
    const parsed = ok ? ({ host: body.host, key: body.key, keyLocation: body.keyLocation, urlList: body.urlList } as Parsed) : null;
    return answer(c, "POST", parsed, body);
  });
  app.notFound((c) => c.body(null, 404));

  return {
    app,
    /** For fakeNetwork(...): answers at api.indexnow.org. */
    peer: abortablePeer(INDEXNOW_HOST, app),
    /** What the engine took (200 or 202), oldest first. */
    submissions,
    requests,
    /** A site serving this text at `url` (used when no `sites` fetch was given). */
    serveKeyFile(url: string, text: string) {
      keyFiles.set(url, text);
    },
    /** Every request answers 429 (with this Retry-After, if any) until `rateLimit(false)`. */
    rateLimit(on: boolean, retryAfter: string | null = null) {
      rateLimited = on ? { retryAfter } : null;
    },
    /** The next `times` requests answer this status (a 5xx). */
    failHttp(status: number, times = 1) {
      failing = { status, times };
    },
    /** Requests from now on never answer. */
    hang() {
      hanging = true;
    },
  };
}

function urlOf(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

export type FakeIndexNow = ReturnType<typeof createIndexNowFake>;
