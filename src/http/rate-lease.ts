import type { RateLimitDecision } from "../durable-objects/account-state";

// The public API's rate window, leased: instead of asking the account's AccountState object on
// every request (a round trip to wherever it lives), an isolate takes a slice of the account's
// window (up to SLICE_SIZE requests, valid SLICE_LIFETIME_MS, with the account's revoked tokens)
// and spends it locally on any of the account's tokens. The object counts a
// slice as used when it grants it, so the limit holds exactly: 150 parallel requests against a
// fresh window still get 100 answers. What the isolate keeps with the slice (the content
// version, the token not being revoked) is as old as the slice at most; a write or a revocation
// made through this isolate updates it at once (noteContentVersion, forgetLeases).

/** Requests per slice: the most a reader can see the 429 early by, per isolate that holds one. */
export const SLICE_SIZE = 10;
/** How long a slice is spent: the longest a revoked token can still read, or an old version be shown, through another isolate. */
export const SLICE_LIFETIME_MS = 5_000;
/** Leases kept per isolate (one per account read through it), oldest dropped first. */
const MAX_LEASES = 10_000;

type Decision = RateLimitDecision & { granted: number; revokedTokens: string[] };
type LeaseCall = () => Promise<Decision>;
/** Keeps the request that started a call alive until it settles (ctx.waitUntil): in Workers a request's I/O ends with it. */
type KeepAlive = (work: Promise<unknown>) => void;
/** A call in flight longer than this is given up on and asked again (its request may be gone). */
const PENDING_LIMIT_MS = 2_000;

interface Lease {
  /** The account's revoked tokens when the slice was granted (and any revoked through this isolate since). */
  revoked: Set<string>;
  /** Requests of the slice not yet spent. */
  left: number;
  expiresAtMs: number;
  /** The object's answer when it granted the slice (its `remaining` excludes the slice). */
  decision: Decision;
}

export class RateLeases {
  private leases = new Map<string, Lease>();
  private pending = new Map<string, { call: Promise<Decision>; sinceMs: number }>();

  /**
   * One request of `tokenId`, from the slice this isolate holds. When half the slice is spent the
   * next one is asked for in the background, so a steady reader never waits for the object; only
   * an empty slice waits, for the one call in flight per account (concurrent requests share it).
   */
  async take(
    accountId: string,
    tokenId: string,
    ask: LeaseCall,
    keepAlive: KeepAlive = () => {},
    now: () => number = Date.now,
  ): Promise<RateLimitDecision & { leased: boolean }> {
    let leased = true;
    for (;;) {
      const lease = this.leases.get(accountId);
      if (lease && now() < lease.expiresAtMs && lease.revoked.has(tokenId))
        return { ...lease.decision, allowed: false, revoked: true, remaining: lease.decision.remaining + lease.left, leased };
      if (lease && lease.left > 0 && now() < lease.expiresAtMs) {
        lease.left -= 1;
        if (lease.left <= SLICE_SIZE / 2 && !this.pending.has(accountId)) keepAlive(this.refill(accountId, ask, now).catch(() => {}));
        return { ...lease.decision, allowed: true, remaining: lease.decision.remaining + lease.left, leased };
      }
      leased = false;
      const decision = await this.refill(accountId, ask, now);
      if (decision.revokedTokens.includes(tokenId)) return { ...decision, allowed: false, revoked: true, leased };
      if (decision.granted === 0 && !this.usable(accountId, now)) return { ...decision, allowed: false, leased };
    }
  }

  /** The object's answer for the next slice: one call per account at a time, its grant added to the slice once. */
  private refill(accountId: string, ask: LeaseCall, now: () => number): Promise<Decision> {
    const inFlight = this.pending.get(accountId);
    if (inFlight && now() - inFlight.sinceMs < PENDING_LIMIT_MS) return inFlight.call;
    const asking: Promise<Decision> = ask()
      .then((decision) => {
        const lease = this.leases.get(accountId);
        const revoked = new Set(decision.revokedTokens);
        if (decision.granted > 0) {
          // Requests left of an expired slice are lost (the object counted them when it granted them).
          const left = lease && now() < lease.expiresAtMs ? lease.left : 0;
          this.store(accountId, { revoked, left: left + decision.granted, expiresAtMs: now() + SLICE_LIFETIME_MS, decision });
        } else if (lease) lease.revoked = revoked;
        return decision;
      })
      .finally(() => {
        if (this.pending.get(accountId)?.call === asking) this.pending.delete(accountId);
      });
    this.pending.set(accountId, { call: asking, sinceMs: now() });
    return asking;
  }

  private usable(accountId: string, now: () => number): boolean {
    const lease = this.leases.get(accountId);
    return Boolean(lease && lease.left > 0 && now() < lease.expiresAtMs);
  }

  /** A write through this isolate bumped the account's content version: its slice carries the new one. */
  noteContentVersion(accountId: string, version: number): void {
    const lease = this.leases.get(accountId);
    if (lease && lease.decision.contentVersion < version) lease.decision = { ...lease.decision, contentVersion: version };
  }

  /** A token was revoked through this isolate: its account's slice knows at once, so it is refused here at once. */
  forgetToken(accountId: string, tokenId: string): void {
    this.leases.get(accountId)?.revoked.add(tokenId);
  }

  private store(key: string, lease: Lease): void {
    this.leases.delete(key);
    if (this.leases.size >= MAX_LEASES) this.leases.delete(this.leases.keys().next().value!);
    this.leases.set(key, lease);
  }
}

/** This isolate's slices of the public windows. */
export const publicLeases = new RateLeases();
