import { log } from "../../core/logger";
import { type ProviderReply, retryAfterMs, sendOnce } from "../provider-http";

export const GOOGLE = "Google";

/** How a Google client reaches the network; injectable so tests hand in a fake. */
export interface GoogleTransport {
  fetch: typeof fetch;
  /** The whole exchange, body included; a slower answer is a `timeout`. */
  timeoutMs: number;
}

export type GoogleReply = ProviderReply;

/** One request to a Google endpoint, never retried here: the queue that called retries. */
export function googleRequest(transport: GoogleTransport, url: string, init: RequestInit): Promise<GoogleReply> {
  return sendOnce(transport, GOOGLE, url, init);
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
