import type { RateLimitDecision } from "../durable-objects/account-state";

// The public API's rate window, leased: instead of asking the account's AccountState object on
// every request (a round trip to wherever it lives), an isolate takes a slice of the account's
// window (valid SLICE_LIFETIME_MS, with the account's revoked tokens) and spends it locally on
// any of the account's tokens. A slice is sized to the isolate's demand: SLICE_SIZE requests at
// first, then about a second of what the isolate has been spending, never more than a tenth of
// the limit (so one isolate's slice takes little from the others). The object counts a
// slice as used when it grants it, so the limit holds exactly: 150 parallel requests against a
// fresh window still get 100 answers. What the isolate keeps with the slice (the content
// version, the token not being revoked) is as old as the slice at most; a write or a revocation
// made through this isolate updates it at once (noteContentVersion, forgetToken). When the
// object grants nothing the window is full for every isolate until its oldest request leaves it,
// and the isolate answers 429 itself until then.

/** Requests in a first slice, and the least a slice is asked for. */
export const SLICE_SIZE = 10;
/** A slice is asked for this much of the isolate's recent demand, so the next one (asked half-way) has half of it to arrive. */
const SLICE_DEMAND_MS = 1_000;
/**
 * The most a slice holds: a tenth of the limit (at least SLICE_SIZE), the most a reader can see
 * the 429 early by per isolate; and never more than 10,000 (an isolate's second at full speed),
 * since the object keeps a time per request of its window.
 */
export const maxSliceSize = (limit: number) => Math.min(10_000, Math.max(SLICE_SIZE, Math.floor(limit / 10)));
/** How long a slice is spent: the longest a revoked token can still read, or an old version be shown, through another isolate. */
export const SLICE_LIFETIME_MS = 5_000;
/** Leases kept per isolate (one per account read through it), oldest dropped first. */
const MAX_LEASES = 10_000;

type Decision = RateLimitDecision & { granted: number; revokedTokens: string[] };
/** Asks the account's object for a slice of `size` requests. */
type LeaseCall = (size: number) => Promise<Decision>;
/** Keeps the request that started a call alive until it settles (ctx.waitUntil): in Workers a request's I/O ends with it. */
type KeepAlive = (work: Promise<unknown>) => void;
/** A call in flight longer than this is given up on and asked again (its request may be gone). */
const PENDING_LIMIT_MS = 2_000;

interface Lease {
  /** The account's revoked tokens when the slice was granted (and any revoked through this isolate since). */
  revoked: Set<string>;
  /** Requests of the slice not yet spent. */
  left: number;
  /** Requests the slice was granted (the next is asked for when half of it is left); 0 for a refusal kept until the window has room. */
  size: number;
  expiresAtMs: number;
  /** The object's answer when it granted the slice (its `remaining` excludes the slice). */
  decision: Decision;
}

export class RateLeases {
  private leases = new Map<string, Lease>();
  private pending = new Map<string, { call: Promise<Decision>; sinceMs: number }>();
  /** Per account: requests spent since the last ask, and when that was (the demand the next slice is sized to). */
  private demand = new Map<string, { spent: number; sinceMs: number }>();

  /**
   * One request of `tokenId`, from the slice this isolate holds. When half the slice is spent the
   * next one is asked for in the background, so a steady reader never waits for the object; only
   * an empty slice waits, for the one call in flight per account (concurrent requests share it).
   */
  async take(
    accountId: string,
    tokenId: string,
    ask: LeaseCall,
    {
      limit = Number.POSITIVE_INFINITY,
      keepAlive = () => {},
      now = Date.now,
    }: { limit?: number; keepAlive?: KeepAlive; now?: () => number } = {},
  ): Promise<RateLimitDecision & { leased: boolean }> {
    const askSized = () => ask(this.nextSize(accountId, now(), limit));
    let leased = true;
    for (;;) {
      const lease = this.leases.get(accountId);
      if (lease && now() < lease.expiresAtMs && lease.revoked.has(tokenId))
        return { ...lease.decision, allowed: false, revoked: true, remaining: lease.decision.remaining + lease.left, leased };
      if (lease && lease.left > 0 && now() < lease.expiresAtMs) {
        lease.left -= 1;
        const demand = this.demand.get(accountId);
        if (demand) demand.spent += 1;
        if (lease.left <= lease.size / 2 && !this.pending.has(accountId)) keepAlive(this.refill(accountId, askSized, now).catch(() => {}));
        return { ...lease.decision, allowed: true, remaining: lease.decision.remaining + lease.left, leased };
      }
      // A full window stays full until its oldest request leaves it: refused here, without asking.
      if (lease && lease.size === 0 && now() < lease.expiresAtMs) return { ...lease.decision, allowed: false, leased };
      leased = false;
      const decision = await this.refill(accountId, askSized, now);
      if (decision.revokedTokens.includes(tokenId)) return { ...decision, allowed: false, revoked: true, leased };
      if (decision.granted === 0 && !this.usable(accountId, now)) return { ...decision, allowed: false, leased };
    }
  }

  /** The object's answer for the next slice: one call per account at a time, its grant added to the slice once. */
  private refill(accountId: string, ask: () => Promise<Decision>, now: () => number): Promise<Decision> {
    const inFlight = this.pending.get(accountId);
    if (inFlight && now() - inFlight.sinceMs < PENDING_LIMIT_MS) return inFlight.call;
    const asking: Promise<Decision> = ask()
      .then((decision) => {
        const lease = this.leases.get(accountId);
        const revoked = new Set(decision.revokedTokens);
        if (decision.granted > 0) {
          // Requests left of an expired slice are lost (the object counted them when it granted them).
          const left = lease && now() < lease.expiresAtMs ? lease.left : 0;
          this.store(accountId, {
            revoked,
            left: left + decision.granted,
            size: decision.granted,
            expiresAtMs: now() + SLICE_LIFETIME_MS,
            decision,
          });
        } else if (lease && lease.left > 0 && now() < lease.expiresAtMs) lease.revoked = revoked;
        // Refused: the window has no room before its oldest request leaves it (resetAtMs), so
        // neither has any other isolate's ask; the refusal is kept until then (a slice's life at most).
        else
          this.store(accountId, {
            revoked,
            left: 0,
            size: 0,
            expiresAtMs: Math.min(decision.resetAtMs, now() + SLICE_LIFETIME_MS),
            decision,
          });
        return decision;
      })
      .finally(() => {
        if (this.pending.get(accountId)?.call === asking) this.pending.delete(accountId);
      });
    this.pending.set(accountId, { call: asking, sinceMs: now() });
    return asking;
  }

  /** About SLICE_DEMAND_MS of the requests spent since the last ask, between SLICE_SIZE and a tenth of the limit. */
  private nextSize(accountId: string, nowMs: number, limit: number): number {
    const demand = this.demand.get(accountId);
    this.demand.delete(accountId);
    this.demand.set(accountId, { spent: 0, sinceMs: nowMs });
    if (this.demand.size > MAX_LEASES) this.demand.delete(this.demand.keys().next().value!);
    const wanted = demand ? Math.ceil((demand.spent * SLICE_DEMAND_MS) / Math.max(1, nowMs - demand.sinceMs)) : 0;
    return Math.min(maxSliceSize(limit), Math.max(SLICE_SIZE, wanted));
  }

  private usable(accountId: string, now: () => number): boolean {
    const lease = this.leases.get(accountId);
    return Boolean(lease && lease.left > 0 && now() < lease.expiresAtMs);
  }

  /** A write through this isolate bumped the account's content version: its slice carries the new one. */
  noteContentVersion(accountId: string, version: number, bookmark: string | null): void {
    const lease = this.leases.get(accountId);
    if (lease && lease.decision.contentVersion < version)
      lease.decision = { ...lease.decision, contentVersion: version, contentBookmark: bookmark ?? lease.decision.contentBookmark };
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
