// How the page's first reads (web/src/early-reads.js) are found by the API client (api/client.ts).

/** The global the first reads are kept under, each until the client takes it. */
export const EARLY_READS = "__panelEarlyReads";

/** A read is taken only by the same request: method, path with its query, and language. */
export function earlyReadKey(method: string, pathWithQuery: string, language: string): string {
  return `${method} ${pathWithQuery} ${language}`;
}

type EarlyReads = Map<string, Promise<Response>> & { until?: number };

/**
 * The first read started for this request, once (the next identical request asks the API), or
 * undefined. Only while the page starts (the script's `until`): a read nobody took at the start
 * (a signed-out page's) is stale by the time someone signs in.
 */
export function takeEarlyRead(request: Request, now = Date.now()): Promise<Response> | undefined {
  const reads = (globalThis as Record<string, unknown>)[EARLY_READS] as EarlyReads | undefined;
  if (!reads || reads.size === 0 || request.method !== "GET" || request.headers.has("Authorization")) return undefined;
  if (reads.until !== undefined && now > reads.until) {
    reads.clear();
    return undefined;
  }
  const url = new URL(request.url);
  const key = earlyReadKey("GET", url.pathname + url.search, request.headers.get("Accept-Language") ?? "");
  const read = reads.get(key);
  if (read) reads.delete(key);
  return read;
}
