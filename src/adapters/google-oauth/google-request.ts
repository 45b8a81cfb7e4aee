import { log } from "../../core/logger";
import { ProviderError } from "../provider-error";
import { retryAfterMs } from "../provider-http";

export const GOOGLE = "Google";

/** How a Google client reaches the network; injectable so tests hand in a fake. */
export interface GoogleTransport {
  fetch: typeof fetch;
  /** The whole exchange, body included; a slower answer is a `timeout`. */
  timeoutMs: number;
}

export interface GoogleReply {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed body, or undefined when it was not JSON. */
  json: unknown;
}

/**
 * One request to a Google endpoint. A network failure is `unavailable` and an answer later than
 * `timeoutMs` a `timeout`; every HTTP status is returned for the caller to classify. No retries:
 * the queue that called retries.
 */
export async function googleRequest(transport: GoogleTransport, url: string, init: RequestInit): Promise<GoogleReply> {
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
    return { status: response.status, headers: response.headers, text, json };
  } catch (error) {
    if (signal.aborted)
      throw new ProviderError("timeout", GOOGLE, `${GOOGLE} did not answer within ${Math.round(transport.timeoutMs / 1000)} s`);
    log("warn", "google_unreachable", { host: new URL(url).host, error: String(error) });
    throw new ProviderError("unavailable", GOOGLE, `${GOOGLE} could not be reached`);
  }
}

/** Google's answer goes to the log only (it may echo tokens or account details), never into our message. */
export function logGoogleReply(event: string, url: string, reply: GoogleReply): void {
  log("warn", event, { host: new URL(url).host, path: new URL(url).pathname, status: reply.status, body: reply.text.slice(0, 500) });
}

/** Seconds to wait before the next try: Google's Retry-After, else `fallbackSeconds`. */
export function retryAfterSecondsOf(reply: GoogleReply, fallbackSeconds: number): number {
  const ms = retryAfterMs(reply.headers);
  return ms === null ? fallbackSeconds : Math.max(1, Math.ceil(ms / 1000));
}
