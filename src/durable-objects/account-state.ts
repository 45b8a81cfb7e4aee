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
  /** The account's content version: it changes with every write the public API shows (src/articles/content-version.ts). */
  contentVersion: number;
  /**
   * A D1 bookmark taken after the write that made the content version: a read session started
   * from it sees at least that write, on whichever replica answers (null: read the primary).
   */
  contentBookmark: string | null;
}

const REVOKED_PREFIX = "revoked:";
const WINDOW_PREFIX = "window:";
const CONTENT_VERSION_KEY = "content-version";
const CONTENT_BOOKMARK_KEY = "content-bookmark";

/** What a rolling window counts: the account's public reads, its management calls, or an address's failed operator logins. */
export type RateLimitBucket =
  | "public"
  | "manage"
  | "operator-failures"
  | "signin-failures"
  | "signups"
  | "oauth-registrations"
  | "approval-failures"
  | "invitation-failures"
  | "invitations"
  | "invitation-mails"
  | "signin-links";
/**
 * Windows of failed logins (and of sign-ups and OAuth registrations, each counted as it is
 * made): kept in storage, so an attacker who waits for the object to be evicted finds the count still there.
 */
export type FailureBucket = Exclude<RateLimitBucket, "public" | "manage">;

/**
 * The per-account state every request consults, one object per account (keyed by account id):
 * the rolling-window rate limits (public and management apart); the authority on which of the
 * account's tokens are revoked, so isolates may cache a token's immutable facts (account, scope,
 * expiry) and still refuse a revoked token at once; and the content version that makes the
 * public ETags, with the D1 bookmark of the write behind it (reads from replicas start there). Objects keyed `operator-ip:<address>` count that address's failed operator logins;
 * `signin-ip:<address>` and `signin-email:<hash>` the panel's failed sign-ins (and wrong current
 * passwords); `signup-ip:<address>` and `oauth-register-ip:<address>` that address's sign-ups and
 * OAuth client registrations.
 *
 * Request times of the rate limits live in memory: an idle object is evicted only long after its
 * window has emptied, so losing them never lets more than `limit` requests through in one window.
 * Revocations, the content version and failed-login windows are stored: they must outlive an eviction.
 */
export class AccountState extends DurableObject<Env> {
  private hits = new Map<RateLimitBucket, number[]>();
  /** Revoked token id → the token's own expiry (after which it is refused anyway and can be forgotten). */
  private revoked = new Map<string, number>();
  private contentVersion = 0;
  private contentBookmark: string | null = null;
  private bookmarkAsked = false;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.blockConcurrencyWhile(async () => {
      this.contentVersion = (await ctx.storage.get<number>(CONTENT_VERSION_KEY)) ?? 0;
      this.contentBookmark = (await ctx.storage.get<string>(CONTENT_BOOKMARK_KEY)) ?? null;
      const now = Date.now();
      for (const [key, expiresAtMs] of await ctx.storage.list<number>({ prefix: REVOKED_PREFIX })) {
        if (expiresAtMs > now) this.revoked.set(key.slice(REVOKED_PREFIX.length), expiresAtMs);
        else await ctx.storage.delete(key);
      }
      for (const [key, times] of await ctx.storage.list<number[]>({ prefix: WINDOW_PREFIX }))
        this.hits.set(key.slice(WINDOW_PREFIX.length) as RateLimitBucket, times);
    });
  }

  /** Records that one of the account's tokens is revoked; telling it twice is harmless. */
  async revokeToken(tokenId: string, expiresAtMs: number): Promise<void> {
    if (this.revoked.has(tokenId)) return;
    this.revoked.set(tokenId, expiresAtMs);
    await this.ctx.storage.put(REVOKED_PREFIX + tokenId, expiresAtMs);
  }

  /**
   * The account's articles changed: a new content version (stored, so it outlives an eviction;
   * never smaller than the clock, so it cannot repeat an earlier value even if storage were lost).
   */
  async bumpContentVersion(bookmark: string | null = null): Promise<number> {
    this.contentVersion = Math.max(this.contentVersion + 1, Date.now());
    // Bookmarks sort from oldest to newest: two writers' bumps may arrive in either order.
    if (bookmark && (!this.contentBookmark || bookmark > this.contentBookmark)) this.contentBookmark = bookmark;
    await this.ctx.storage.put(
      this.contentBookmark
        ? { [CONTENT_VERSION_KEY]: this.contentVersion, [CONTENT_BOOKMARK_KEY]: this.contentBookmark }
        : { [CONTENT_VERSION_KEY]: this.contentVersion },
    );
    return this.contentVersion;
  }

  /** Counts one request of `tokenId` if the window has room; refuses it (uncounted) otherwise, or when the token is revoked. */
  hit(limit: number, windowMs: number, tokenId: string, bucket: RateLimitBucket = "public"): RateLimitDecision {
    const now = Date.now();
    const hits = this.windowOf(bucket, now - windowMs);
    const revoked = this.revoked.has(tokenId);
    const allowed = !revoked && hits.length < limit;
    if (allowed) hits.push(now);
    return this.decision(hits, allowed, limit, windowMs, now, revoked);
  }

  /**
   * A slice of the account's public window for one isolate (src/http/rate-lease.ts): up to `size`
   * requests, counted in the window now, as if they had been made, with the account's revoked
   * tokens. The isolate spends them locally on any token not revoked; whatever it does not spend
   * before the slice expires is lost, so the limit is never exceeded (a reader may meet the 429 a
   * little early, never late).
   */
  lease(limit: number, windowMs: number, size: number): RateLimitDecision & { granted: number; revokedTokens: string[] } {
    this.takePrimaryBookmark();
    const now = Date.now();
    const hits = this.windowOf("public", now - windowMs);
    const granted = Math.max(0, Math.min(size, limit - hits.length));
    for (let i = 0; i < granted; i++) hits.push(now);
    return { ...this.decision(hits, granted > 0, limit, windowMs, now, false), granted, revokedTokens: [...this.revoked.keys()] };
  }

  /**
   * An account whose version has no bookmark yet (nothing written since bookmarks were kept) is
   * given one of the primary as it is now, once, in the background: it covers every write
   * committed before it, so reads may go to replicas from then on. Until it arrives they read
   * the primary.
   */
  private takePrimaryBookmark(): void {
    if (this.contentBookmark || this.bookmarkAsked) return;
    this.bookmarkAsked = true;
    const session = this.env.DB.withSession("first-primary");
    void session
      .prepare("SELECT 1")
      .first()
      .then(async () => {
        const bookmark = session.getBookmark();
        if (!bookmark || this.contentBookmark) return;
        this.contentBookmark = bookmark;
        await this.ctx.storage.put(CONTENT_BOOKMARK_KEY, bookmark);
      })
      .catch(() => {
        this.bookmarkAsked = false;
      });
  }

  /**
   * A login attempt from this object's address: refused while `limit` failures are in the
   * window, whether or not this one is right (so guessing stops, not only wrong guesses); a
   * failure that is let through is counted, and the window stored.
   */
  async loginAttempt(bucket: FailureBucket, failed: boolean, limit: number, windowMs: number): Promise<RateLimitDecision> {
    const now = Date.now();
    const failures = this.windowOf(bucket, now - windowMs);
    const allowed = failures.length < limit;
    if (allowed && failed) {
      failures.push(now);
      await this.ctx.storage.put(WINDOW_PREFIX + bucket, failures);
    }
    return this.decision(failures, allowed, limit, windowMs, now, false);
  }

  /**
   * The window of a login without counting anything: checked before a password is hashed, so a
   * blocked address or email costs no hashing. A failure is counted afterwards with loginAttempt.
   */
  loginWindow(bucket: FailureBucket, limit: number, windowMs: number): RateLimitDecision {
    const now = Date.now();
    const failures = this.windowOf(bucket, now - windowMs);
    return this.decision(failures, failures.length < limit, limit, windowMs, now, false);
  }

  /** The bucket's times inside the window (older ones dropped). */
  private windowOf(bucket: RateLimitBucket, windowStart: number): number[] {
    let hits = this.hits.get(bucket);
    if (!hits) {
      hits = [];
      this.hits.set(bucket, hits);
    }
    let expired = 0;
    while (expired < hits.length && hits[expired]! <= windowStart) expired++;
    if (expired > 0) hits.splice(0, expired);
    return hits;
  }

  private decision(hits: number[], allowed: boolean, limit: number, windowMs: number, now: number, revoked: boolean): RateLimitDecision {
    const oldest = hits[0] ?? now;
    return {
      allowed,
      limit,
      remaining: Math.max(0, limit - hits.length),
      resetAtMs: oldest + windowMs,
      revoked,
      contentVersion: this.contentVersion,
      contentBookmark: this.contentBookmark,
    };
  }
}
