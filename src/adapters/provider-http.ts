import { log } from "../core/logger";
import { ProviderError } from "./provider-error";

/** How a provider client reaches its API; everything injectable so tests hand in a fake. */
export interface ProviderTransport {
  fetch: typeof fetch;
  /** Per attempt: a model call that takes longer is given up (504). */
  timeoutMs: number;
  /** Extra attempts after a 429 or 5xx; 0 disables retries. */
  maxRetries: number;
  /** Waits between attempts; tests pass a recorder instead of sleeping. */
  sleep?: (ms: number) => Promise<void>;
}

export interface ProviderReply {
  status: number;
  headers: Headers;
  /** The parsed JSON body, or undefined when the body was not JSON. */
  json: unknown;
  text: string;
}

/** A Retry-After longer than this is not waited for inside one call: the caller retries later. */
const MAX_RETRY_AFTER_MS = 60_000;
const BASE_BACKOFF_MS = 1_000;

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Statuses worth another try: rate limits, server errors and Anthropic's 529 "overloaded". */
export function isRetryableStatus(status: number): boolean {
  return status === 429 || status >= 500;
}

/** OpenAI answers an empty account with a 429 `insufficient_quota`: waiting does not refill it. */
function isOutOfMoney(reply: ProviderReply): boolean {
  const error = (reply.json as { error?: { code?: unknown; type?: unknown } } | undefined)?.error;
  return error?.code === "insufficient_quota" || error?.type === "insufficient_quota";
}

/**
 * Seconds or an HTTP date (RFC 9110) to milliseconds; null when absent or unreadable. A
 * provider's Retry-After is honoured when it says how long to wait.
 */
export function retryAfterMs(headers: Headers, now = Date.now()): number | null {
  const value = headers.get("retry-after");
  if (!value) return null;
  if (/^\d+(\.\d+)?$/.test(value.trim())) return Math.round(Number(value) * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** Exponential backoff with full jitter: 0–1 s, 0–2 s, 0–4 s… */
export function backoffMs(attempt: number): number {
  return Math.round(Math.random() * BASE_BACKOFF_MS * 2 ** attempt);
}

/**
 * POSTs JSON to a provider and returns its reply. 429 and 5xx are retried with backoff (or the
 * provider's Retry-After) up to `maxRetries` times; the last such reply is returned for the
 * caller to classify. A network failure is `unavailable`, an attempt over `timeoutMs` a
 * `timeout` (not retried here: a model that timed out once is likely to again within one call).
 */
export async function postJson(
  transport: ProviderTransport,
  provider: string,
  url: string,
  headers: Record<string, string>,
  body: unknown,
): Promise<ProviderReply> {
  const sleep = transport.sleep ?? sleepFor;
  const payload = JSON.stringify(body);
  for (let attempt = 0; ; attempt += 1) {
    const reply = await postOnce(transport, provider, url, headers, payload);
    if (!isRetryableStatus(reply.status) || isOutOfMoney(reply) || attempt >= transport.maxRetries) return reply;
    const wait = retryAfterMs(reply.headers) ?? backoffMs(attempt);
    if (wait > MAX_RETRY_AFTER_MS) return reply;
    log("warn", "provider_retry", { provider, host: new URL(url).host, status: reply.status, attempt: attempt + 1, waitMs: wait });
    await sleep(wait);
  }
}

function postOnce(
  transport: ProviderTransport,
  provider: string,
  url: string,
  headers: Record<string, string>,
  payload: string,
): Promise<ProviderReply> {
  return sendOnce(transport, provider, url, { method: "POST", headers: { "Content-Type": "application/json", ...headers }, body: payload });
}

/**
 * One request to a provider, no retry: every HTTP status comes back for the caller to classify;
 * a network failure is `unavailable`, an answer later than `timeoutMs` a `timeout`.
 */
export async function sendOnce(
  transport: Pick<ProviderTransport, "fetch" | "timeoutMs">,
  provider: string,
  url: string,
  init: RequestInit,
): Promise<ProviderReply> {
  const signal = AbortSignal.timeout(transport.timeoutMs);
  try {
    const response = await transport.fetch(url, { ...init, signal });
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.status, headers: response.headers, json, text };
  } catch (error) {
    if (signal.aborted) {
      throw new ProviderError("timeout", provider, `${provider} did not answer within ${Math.round(transport.timeoutMs / 1000)} s`);
    }
    log("warn", "provider_unreachable", { provider, host: new URL(url).host, error: String(error) });
    throw new ProviderError("unavailable", provider, `${provider} could not be reached`);
  }
}
