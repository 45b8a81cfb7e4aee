import { log } from "../../core/logger";
import { extractPage } from "./extract";
import { excerptOf, readFailure, type PageRead, type PageReader, type PageReadFailure } from "./port";
import { ROBOTS_PRODUCT_TOKEN, robotsAllows, robotsRulesFor, type RobotsRule } from "./robots";

/** Bytes of a page read at most; the rest is not downloaded. */
export const MAX_PAGE_BYTES = 2 * 1024 * 1024;
/** RFC 9309 asks crawlers to parse at least 500 KiB of robots.txt. */
const MAX_ROBOTS_BYTES = 512 * 1024;
const MAX_REDIRECTS = 3;
/** The User-Agent of every request; robots.txt groups find us by its product token. */
export const PAGE_READER_USER_AGENT = `${ROBOTS_PRODUCT_TOKEN}/1.0 (article research; honours robots.txt)`;

export interface HttpPageReaderOptions {
  fetch: typeof fetch;
  /** Per request (robots.txt, then the page), the body included. */
  timeoutMs: number;
  /** The outbound URL rule (src/core/outbound-url.ts); throws to refuse a URL. Applied to every redirect too. */
  checkUrl: (url: string) => void;
  maxBytes?: number;
  now?: () => Date;
}

/** Stops a read with the failure it ends in. */
class Stop extends Error {
  constructor(
    readonly failure: PageReadFailure,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Reads public pages over HTTP for research: robots.txt first (per origin, once per reader),
 * every URL and redirect through the outbound rule, HTML only, at most `maxBytes`, each request
 * within `timeoutMs`. A page's own faults come back as failures, never as exceptions.
 */
export function createHttpPageReader(options: HttpPageReaderOptions): PageReader {
  const maxBytes = options.maxBytes ?? MAX_PAGE_BYTES;
  const now = options.now ?? (() => new Date());
  const robotsByOrigin = new Map<string, Promise<RobotsRule[] | Stop>>();

  const robotsOf = (origin: string) => {
    let rules = robotsByOrigin.get(origin);
    if (!rules) {
      rules = loadRobots(options, origin).catch((error: unknown) =>
        error instanceof Stop
          ? new Stop("robots_unavailable", `robots.txt of ${origin} did not load: ${error.message}`)
          : Promise.reject(error),
      );
      robotsByOrigin.set(origin, rules);
    }
    return rules;
  };

  return {
    offline: false,
    async read(url: string): Promise<PageRead> {
      const obeyRobots = async (hop: URL) => {
        const rules = await robotsOf(hop.origin);
        if (rules instanceof Stop) throw rules;
        if (!robotsAllows(rules, hop.pathname + hop.search))
          throw new Stop("robots_disallowed", `robots.txt of ${hop.origin} disallows ${hop.pathname}`);
      };
      try {
        // robots.txt of the first origin is read before the page's own time starts, so a slow
        // robots.txt is told apart from a slow page.
        await obeyRobots(checked(options, url));
        const { response, finalUrl, body, truncated } = await timed(options.timeoutMs, hostOf(url), async (signal) => {
          const answered = await follow(options, url, signal, MAX_REDIRECTS, (hop, index) =>
            index === 0 ? Promise.resolve() : obeyRobots(hop),
          );
          if (answered.response.status < 200 || answered.response.status > 299) {
            await answered.response.body?.cancel();
            throw new Stop("http_error", `${answered.url} answered HTTP ${answered.response.status}`);
          }
          const type = answered.response.headers.get("Content-Type")?.toLowerCase() ?? "";
          if (!/^\s*(text\/html|application\/xhtml\+xml)\b/.test(type)) {
            await answered.response.body?.cancel();
            throw new Stop("not_html", `${answered.url} is not an HTML page (${type || "no Content-Type"})`);
          }
          return { ...answered, finalUrl: answered.url, ...(await readCapped(answered.response, maxBytes)) };
        });
        const html = decode(body, response.headers.get("Content-Type"));
        const extracted = await extractPage(html);
        if (!extracted.text) return readFailure(url, "empty", `${finalUrl} has no main text`);
        return {
          ok: true,
          page: { url: finalUrl, ...extracted, excerpt: excerptOf(extracted.text), fetchedAt: now().toISOString(), truncated },
        };
      } catch (error) {
        if (error instanceof Stop) {
          log("info", "page_read_skipped", { host: hostOf(url), failure: error.failure });
          return readFailure(url, error.failure, error.message);
        }
        throw error;
      }
    },
  };
}

/** robots.txt rules of an origin: a 2xx is parsed, a 404 means no rules, anything else stops the read. */
async function loadRobots(options: HttpPageReaderOptions, origin: string): Promise<RobotsRule[]> {
  return timed(options.timeoutMs, origin, async (signal) => {
    const { response } = await follow(options, `${origin}/robots.txt`, signal, 5);
    if (response.status === 404) {
      await response.body?.cancel();
      return [];
    }
    if (response.status < 200 || response.status > 299) {
      await response.body?.cancel();
      throw new Stop("robots_unavailable", `HTTP ${response.status}`);
    }
    const { body } = await readCapped(response, MAX_ROBOTS_BYTES);
    return robotsRulesFor(new TextDecoder().decode(body));
  });
}

/** GETs a URL, following up to `maxRedirects` redirects; every hop passes the outbound rule and `beforeHop`. */
async function follow(
  options: HttpPageReaderOptions,
  firstUrl: string,
  signal: AbortSignal,
  maxRedirects: number,
  beforeHop?: (url: URL, hop: number) => Promise<void>,
): Promise<{ response: Response; url: string }> {
  let url = firstUrl;
  for (let hop = 0; ; hop += 1) {
    const target = checked(options, url);
    await beforeHop?.(target, hop);
    let response: Response;
    try {
      response = await options.fetch(target.toString(), {
        headers: { "User-Agent": PAGE_READER_USER_AGENT, Accept: "text/html,application/xhtml+xml;q=0.9,*/*;q=0.1" },
        redirect: "manual",
        signal,
      });
    } catch (error) {
      if (signal.aborted) throw new Stop("timeout", `${target.host} did not answer within ${options.timeoutMs / 1000} s`);
      throw new Stop("unreachable", `${target.host} could not be reached (${error instanceof Error ? error.message : "network error"})`);
    }
    const location = response.headers.get("Location");
    if (response.status < 300 || response.status > 399 || !location) return { response, url: target.toString() };
    await response.body?.cancel();
    if (hop >= maxRedirects) throw new Stop("http_error", `${target.host} redirected more than ${maxRedirects} times`);
    url = new URL(location, target).toString();
  }
}

function checked(options: HttpPageReaderOptions, url: string): URL {
  try {
    options.checkUrl(url);
    return new URL(url);
  } catch (error) {
    throw new Stop("refused", `Refusing to read ${url}: ${error instanceof Error ? error.message : "not allowed"}`);
  }
}

/** The body up to `maxBytes`; reading stops there and the rest of the stream is cancelled. */
async function readCapped(response: Response, maxBytes: number): Promise<{ body: Uint8Array; truncated: boolean }> {
  const declared = Number(response.headers.get("Content-Length") ?? "");
  if (!response.body) return { body: new Uint8Array(), truncated: false };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let truncated = declared > maxBytes;
  while (size < maxBytes) {
    const { done, value } = await reader.read();
    if (done) break;
    const room = maxBytes - size;
    chunks.push(value.byteLength > room ? value.subarray(0, room) : value);
    size += Math.min(value.byteLength, room);
    if (value.byteLength > room) truncated = true;
  }
  if (size >= maxBytes) {
    truncated = true;
    await reader.cancel().catch(() => {});
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { body, truncated };
}

/** The body in the charset its Content-Type names, UTF-8 when it names none or one the runtime lacks. */
function decode(body: Uint8Array, contentType: string | null): string {
  const charset = /charset=["']?([\w-]+)/i.exec(contentType ?? "")?.[1];
  try {
    return new TextDecoder(charset ?? "utf-8").decode(body);
  } catch {
    return new TextDecoder().decode(body);
  }
}

/** `work` under a deadline: its signal aborts and the result is a timeout once `timeoutMs` pass, body reading included. */
async function timed<T>(timeoutMs: number, host: string, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | null = null;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new Stop("timeout", `${host} did not answer within ${timeoutMs / 1000} s`));
    }, timeoutMs);
  });
  try {
    return await Promise.race([work(controller.signal), timedOut]);
  } finally {
    if (timer !== null) clearTimeout(timer);
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "(invalid)";
  }
}
