import type { RateLimitDecision } from "../durable-objects/account-state";

// The public API's rate window, leased: instead of asking the account's AccountState object on
// every request (a round trip to wherever it lives), an isolate takes a slice of the window (up
// to SLICE_SIZE requests, valid SLICE_LIFETIME_MS) and spends it locally. The object counts a
// slice as used when it grants it, so the limit holds exactly: 150 parallel requests against a
// fresh window still get 100 answers. What the isolate keeps with the slice (the content
// version, the token not being revoked) is as old as the slice at most; a write or a revocation
// made through this isolate updates it at once (noteContentVersion, forgetLeases).

/** Requests per slice: the most a reader can see the 429 early by, per isolate that holds one. */
export const SLICE_SIZE = 10;
/** How long a slice is spent: the longest a revoked token can still read, or an old version be shown, through another isolate. */
export const SLICE_LIFETIME_MS = 5_000;
/** Leases kept per isolate (one per account and token read through it), oldest dropped first. */
const MAX_LEASES = 10_000;

type Decision = RateLimitDecision & { granted: number };
type LeaseCall = () => Promise<Decision>;

interface Lease {
  accountId: string;
  /** Requests of the slice not yet spent. */
  left: number;
  expiresAtMs: number;
  /** The object's answer when it granted the slice (its `remaining` excludes the slice). */
  decision: Decision;
}

export class RateLeases {
  private leases = new Map<string, Lease>();
  private pending = new Map<string, Promise<Decision>>();

  /**
   * One request of `tokenId`: from the slice this isolate holds, or a new slice from the object
   * (one call at a time per token: concurrent requests wait for the same answer, then take from it).
   */
  async take(
    accountId: string,
    tokenId: string,
    ask: LeaseCall,
    now: () => number = Date.now,
  ): Promise<RateLimitDecision & { leased: boolean }> {
    const key = `${accountId} ${tokenId}`;
    for (;;) {
      const lease = this.leases.get(key);
      if (lease && lease.left > 0 && now() < lease.expiresAtMs) {
        lease.left -= 1;
        return { ...lease.decision, allowed: true, remaining: lease.decision.remaining + lease.left, leased: true };
      }
      let asking = this.pending.get(key);
      if (!asking) {
        asking = ask().finally(() => this.pending.delete(key));
        this.pending.set(key, asking);
        const decision = await asking;
        if (decision.granted === 0) {
          this.leases.delete(key);
          return { ...decision, leased: false };
        }
        this.store(key, { accountId, left: decision.granted - 1, expiresAtMs: now() + SLICE_LIFETIME_MS, decision });
        return { ...decision, allowed: true, remaining: decision.remaining + decision.granted - 1, leased: false };
      }
      const decision = await asking;
      // The slice that answer granted may be spent already by the others that waited: go round.
      if (decision.granted === 0) return { ...decision, leased: false };
    }
  }

  /** A write through this isolate bumped the account's content version: its slices carry the new one. */
  noteContentVersion(accountId: string, version: number): void {
    for (const lease of this.leases.values())
      if (lease.accountId === accountId && lease.decision.contentVersion < version)
        lease.decision = { ...lease.decision, contentVersion: version };
  }

  /** A token was revoked through this isolate: its slice is dropped, so it is refused at once here. */
  forgetToken(accountId: string, tokenId: string): void {
    this.leases.delete(`${accountId} ${tokenId}`);
  }

  private store(key: string, lease: Lease): void {
    this.leases.delete(key);
    if (this.leases.size >= MAX_LEASES) this.leases.delete(this.leases.keys().next().value!);
    this.leases.set(key, lease);
  }
}

/** This isolate's slices of the public windows. */
export const publicLeases = new RateLeases();
