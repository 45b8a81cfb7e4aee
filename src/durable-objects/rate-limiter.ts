import { DurableObject } from "cloudflare:workers";

export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Epoch milliseconds at which the oldest counted request leaves the window. */
  resetAtMs: number;
}

/**
 * A rolling-window counter for one account (the object is keyed by account id). The request
 * times live in memory: an idle object is evicted only long after its window has emptied,
 * so losing them never lets more than `limit` requests through in one window.
 */
export class RateLimiter extends DurableObject {
  private hits: number[] = [];

  /** Counts one request if the window has room; refuses it (uncounted) otherwise. */
  hit(limit: number, windowMs: number): RateLimitDecision {
    const now = Date.now();
    const windowStart = now - windowMs;
    let expired = 0;
    while (expired < this.hits.length && this.hits[expired]! <= windowStart) expired++;
    if (expired > 0) this.hits.splice(0, expired);

    const allowed = this.hits.length < limit;
    if (allowed) this.hits.push(now);
    const oldest = this.hits[0] ?? now;
    return { allowed, limit, remaining: Math.max(0, limit - this.hits.length), resetAtMs: oldest + windowMs };
  }
}
