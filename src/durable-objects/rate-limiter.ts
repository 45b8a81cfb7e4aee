import { DurableObject } from "cloudflare:workers";
import type { Env } from "../env";

export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Epoch milliseconds at which the oldest counted request leaves the window. */
  resetAtMs: number;
  /** The token was revoked: the request is refused as unauthenticated and not counted. */
  revoked: boolean;
}

const REVOKED_PREFIX = "revoked:";

/**
 * One object per account (keyed by account id), called on every public API request. It counts
 * the rolling-window rate limit, and it is the authority on which of the account's tokens are
 * revoked, so isolates may cache a token's immutable facts (account, scope, expiry) and still
 * refuse a revoked token at once.
 *
 * The request times live in memory: an idle object is evicted only long after its window has
 * emptied, so losing them never lets more than `limit` requests through in one window. The
 * revoked ids are stored, because a revocation must outlive an eviction.
 */
export class RateLimiter extends DurableObject<Env> {
  private hits: number[] = [];
  /** Revoked token id → the token's own expiry (after which it is refused anyway and can be forgotten). */
  private revoked = new Map<string, number>();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.blockConcurrencyWhile(async () => {
      const now = Date.now();
      for (const [key, expiresAtMs] of await ctx.storage.list<number>({ prefix: REVOKED_PREFIX })) {
        if (expiresAtMs > now) this.revoked.set(key.slice(REVOKED_PREFIX.length), expiresAtMs);
        else await ctx.storage.delete(key);
      }
    });
  }

  /** Records that one of the account's tokens is revoked; telling it twice is harmless. */
  async revokeToken(tokenId: string, expiresAtMs: number): Promise<void> {
    if (this.revoked.has(tokenId)) return;
    this.revoked.set(tokenId, expiresAtMs);
    await this.ctx.storage.put(REVOKED_PREFIX + tokenId, expiresAtMs);
  }

  /** Counts one request of `tokenId` if the window has room; refuses it (uncounted) otherwise, or when the token is revoked. */
  hit(limit: number, windowMs: number, tokenId: string): RateLimitDecision {
    const now = Date.now();
    const windowStart = now - windowMs;
    let expired = 0;
    while (expired < this.hits.length && this.hits[expired]! <= windowStart) expired++;
    if (expired > 0) this.hits.splice(0, expired);

    const revoked = this.revoked.has(tokenId);
    const allowed = !revoked && this.hits.length < limit;
    if (allowed) this.hits.push(now);
    const oldest = this.hits[0] ?? now;
    return { allowed, limit, remaining: Math.max(0, limit - this.hits.length), resetAtMs: oldest + windowMs, revoked };
  }
}
