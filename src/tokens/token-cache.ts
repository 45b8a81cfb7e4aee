import type { AuthenticatedToken } from "./service";

const TTL_MS = 5 * 60_000;
const MAX_ENTRIES = 10_000;

interface Entry extends AuthenticatedToken {
  cachedAtMs: number;
}

/** A member's role and sites can change: a member's token is read again after this long. */
const MEMBER_TTL_MS = 30_000;

/**
 * What one isolate remembers of tokens it has seen, by hash: the account, scope and expiry,
 * which never change, and a member's role and sites, read again after MEMBER_TTL_MS (a change of
 * a member's sites reaches the public API within 30 s). Revocation does change, and is not decided here: the account's Durable
 * Object refuses a revoked token on the same call that counts the rate limit. The TTL bounds
 * the one gap, a revocation whose notice to that object was lost to a crash.
 */
export class TokenCache {
  private entries = new Map<string, Entry>();

  get(tokenHash: string, nowMs: number): AuthenticatedToken | undefined {
    const entry = this.entries.get(tokenHash);
    if (entry && nowMs - entry.cachedAtMs <= (entry.caller.memberId ? MEMBER_TTL_MS : TTL_MS)) return entry;
    this.entries.delete(tokenHash);
    return undefined;
  }

  set(tokenHash: string, token: AuthenticatedToken, nowMs: number): void {
    this.entries.delete(tokenHash);
    // A Map iterates in insertion order: the first key is the oldest entry.
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(tokenHash, { ...token, cachedAtMs: nowMs });
  }

  /** Remembers a recorded use without extending the entry's life. */
  noteUse(tokenHash: string, lastUsedAt: string): void {
    const entry = this.entries.get(tokenHash);
    if (entry) entry.lastUsedAt = lastUsedAt;
  }

  forget(tokenHash: string): void {
    this.entries.delete(tokenHash);
  }
}

/** Per isolate, for the public API (the management API always reads D1). */
export const publicTokenCache = new TokenCache();
