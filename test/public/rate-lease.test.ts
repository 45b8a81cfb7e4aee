import { describe, expect, it } from "vitest";
import type { RateLimitDecision } from "../../src/durable-objects/account-state";
import { RateLeases, SLICE_LIFETIME_MS, SLICE_SIZE } from "../../src/http/rate-lease";

// The isolate's side of the leased public window, against a stand-in for the account's object
// that grants slices exactly as AccountState.lease does (counted in the window when granted).

function fakeObject(limit: number) {
  let used = 0;
  let revoked = false;
  const calls = { count: 0 };
  const lease = async (): Promise<RateLimitDecision & { granted: number; revokedTokens: string[] }> => {
    calls.count += 1;
    await Promise.resolve();
    const granted = Math.max(0, Math.min(SLICE_SIZE, limit - used));
    used += granted;
    const revokedTokens = revoked ? ["tok"] : [];
    return {
      allowed: granted > 0,
      limit,
      remaining: limit - used,
      resetAtMs: 60_000,
      revoked: false,
      contentVersion: 7,
      granted,
      revokedTokens,
    };
  };
  return { lease, calls, revoke: () => (revoked = true), used: () => used };
}

describe("leased slices of the public window", () => {
  it("asks the object once per slice (the next one half-way through), and says the remaining requests truthfully", async () => {
    const object = fakeObject(100);
    const leases = new RateLeases();
    const remaining: number[] = [];
    for (let i = 0; i < 25; i++) remaining.push((await leases.take("acc", "tok", object.lease)).remaining);
    // 25 requests: the first slice, then one asked ahead whenever half of the slice is spent.
    expect(object.calls.count).toBe(4);
    expect(remaining).toEqual(Array.from({ length: 25 }, (_, i) => 99 - i));
    expect(object.used()).toBe(40);
  });

  it("150 parallel requests against a fresh window: exactly 100 allowed, the slices asked one at a time", async () => {
    const object = fakeObject(100);
    const leases = new RateLeases();
    const answers = await Promise.all(Array.from({ length: 150 }, () => leases.take("acc", "tok", object.lease)));
    expect(answers.filter((a) => a.allowed)).toHaveLength(100);
    expect(answers.filter((a) => !a.allowed)).toHaveLength(50);
    expect(object.used()).toBe(100);
    // 10 slices, then one refusal that every waiting request shares.
    expect(object.calls.count).toBe(11);
  });

  it("a slice ends after its lifetime (a revoked token stops then), and what it did not spend is lost, never given twice", async () => {
    const object = fakeObject(100);
    const leases = new RateLeases();
    let clock = 0;
    const now = () => clock;
    await leases.take("acc", "tok", object.lease, undefined, now);
    object.revoke();
    // Revoked elsewhere: this isolate's slice still answers until it expires...
    expect((await leases.take("acc", "tok", object.lease, undefined, now)).allowed).toBe(true);
    clock = SLICE_LIFETIME_MS;
    // ...then the object is asked again and refuses.
    const after = await leases.take("acc", "tok", object.lease, undefined, now);
    expect(after).toMatchObject({ allowed: false, revoked: true });
    // The account's other tokens go on reading from the slice.
    expect((await leases.take("acc", "other", object.lease, undefined, now)).allowed).toBe(true);
  });

  it("a revocation or a write through this isolate reaches its slice at once", async () => {
    const object = fakeObject(100);
    const leases = new RateLeases();
    expect((await leases.take("acc", "tok", object.lease)).contentVersion).toBe(7);
    leases.noteContentVersion("acc", 9);
    expect((await leases.take("acc", "tok", object.lease)).contentVersion).toBe(9);
    leases.noteContentVersion("other", 20);
    expect((await leases.take("acc", "tok", object.lease)).contentVersion).toBe(9);
    object.revoke();
    leases.forgetToken("acc", "tok");
    expect(await leases.take("acc", "tok", object.lease)).toMatchObject({ allowed: false, revoked: true });
  });
});
