import { describe, expect, it } from "vitest";
import type { RateLimitDecision } from "../../src/durable-objects/account-state";
import { maxSliceSize, RateLeases, SLICE_LIFETIME_MS, SLICE_SIZE } from "../../src/http/rate-lease";

// The isolate's side of the leased public window, against a stand-in for the account's object
// that grants slices exactly as AccountState.lease does (counted in the window when granted).

function fakeObject(limit: number) {
  let used = 0;
  let revoked = false;
  const calls = { count: 0, sizes: [] as number[] };
  const lease = async (size: number): Promise<RateLimitDecision & { granted: number; revokedTokens: string[] }> => {
    calls.count += 1;
    calls.sizes.push(size);
    await Promise.resolve();
    const granted = Math.max(0, Math.min(size, limit - used));
    used += granted;
    const revokedTokens = revoked ? ["tok"] : [];
    return {
      allowed: granted > 0,
      limit,
      remaining: limit - used,
      resetAtMs: 60_000,
      revoked: false,
      contentVersion: 7,
      contentBookmark: null,
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
    for (let i = 0; i < 25; i++) remaining.push((await leases.take("acc", "tok", object.lease, { limit: 100 })).remaining);
    // 25 requests: the first slice, then one asked ahead whenever half of the slice is spent.
    expect(object.calls.count).toBe(4);
    expect(remaining).toEqual(Array.from({ length: 25 }, (_, i) => 99 - i));
    expect(object.used()).toBe(40);
  });

  it("150 parallel requests against a fresh window: exactly 100 allowed, the slices asked one at a time", async () => {
    const object = fakeObject(100);
    const leases = new RateLeases();
    const answers = await Promise.all(Array.from({ length: 150 }, () => leases.take("acc", "tok", object.lease, { limit: 100 })));
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
    await leases.take("acc", "tok", object.lease, { limit: 100, now });
    object.revoke();
    // Revoked elsewhere: this isolate's slice still answers until it expires...
    expect((await leases.take("acc", "tok", object.lease, { limit: 100, now })).allowed).toBe(true);
    clock = SLICE_LIFETIME_MS;
    // ...then the object is asked again and refuses.
    const after = await leases.take("acc", "tok", object.lease, { limit: 100, now });
    expect(after).toMatchObject({ allowed: false, revoked: true });
    // The account's other tokens go on reading from the slice.
    expect((await leases.take("acc", "other", object.lease, { limit: 100, now })).allowed).toBe(true);
  });

  it("a revocation or a write through this isolate reaches its slice at once", async () => {
    const object = fakeObject(100);
    const leases = new RateLeases();
    expect((await leases.take("acc", "tok", object.lease, { limit: 100 })).contentVersion).toBe(7);
    leases.noteContentVersion("acc", 9, "00000001");
    expect(await leases.take("acc", "tok", object.lease, { limit: 100 })).toMatchObject({ contentVersion: 9, contentBookmark: "00000001" });
    leases.noteContentVersion("other", 20, "00000002");
    expect((await leases.take("acc", "tok", object.lease, { limit: 100 })).contentVersion).toBe(9);
    object.revoke();
    leases.forgetToken("acc", "tok");
    expect(await leases.take("acc", "tok", object.lease, { limit: 100 })).toMatchObject({ allowed: false, revoked: true });
  });

  it("slices grow with the isolate's demand (about a second of it), never past a tenth of the limit, and shrink when it falls", async () => {
    const object = fakeObject(1_000_000);
    const leases = new RateLeases();
    let clock = 0;
    const options = { limit: 1_000_000, now: () => clock };
    // A busy isolate: one request a millisecond for 3 seconds.
    for (let i = 0; i < 3_000; i++) {
      await leases.take("acc", "tok", object.lease, options);
      clock += 1;
    }
    expect(object.calls.sizes[0]).toBe(SLICE_SIZE);
    // A thousand a second of demand: the slices settle at about a thousand, so 3,000 requests take a handful of calls.
    // (The first estimate, from five requests, may overshoot a little.)
    expect(object.calls.sizes.at(-1)).toBeGreaterThanOrEqual(900);
    expect(object.calls.sizes.at(-1)).toBeLessThanOrEqual(1_100);
    expect(Math.max(...object.calls.sizes)).toBeLessThanOrEqual(1_300);
    expect(object.calls.count).toBeLessThan(15);
    // Then one request every 100 ms: the next slices are sized down to it (the least is SLICE_SIZE).
    const before = object.calls.count;
    for (let i = 0; i < 40; i++) {
      await leases.take("acc", "tok", object.lease, options);
      clock += 100;
    }
    expect(object.calls.sizes.slice(before + 1).every((size) => size === SLICE_SIZE)).toBe(true);

    // With the spec's limit of 100 a slice never holds more than 10, however busy the isolate.
    const small = fakeObject(100);
    const spec = new RateLeases();
    for (let i = 0; i < 100; i++) await spec.take("acc", "tok", small.lease, { limit: 100, now: () => 0 });
    expect(maxSliceSize(100)).toBe(10);
    expect(maxSliceSize(5)).toBe(10);
    expect(maxSliceSize(1_000_000_000)).toBe(10_000);
    expect(Math.max(...small.calls.sizes)).toBe(10);
  });

  it("grown slices stay exact: 3,000 parallel requests against a window of 2,000 get exactly 2,000", async () => {
    const object = fakeObject(2_000);
    const leases = new RateLeases();
    // A steady reader first, so the slices have grown before the rush.
    let clock = 0;
    for (let i = 0; i < 500; i++) {
      await leases.take("acc", "tok", object.lease, { limit: 2_000, now: () => clock });
      clock += 1;
    }
    const answers = await Promise.all(
      Array.from({ length: 3_000 }, () => leases.take("acc", "tok", object.lease, { limit: 2_000, now: () => clock })),
    );
    expect(answers.filter((a) => a.allowed)).toHaveLength(1_500);
    expect(object.used()).toBe(2_000);
    expect(Math.max(...object.calls.sizes)).toBe(maxSliceSize(2_000));
  });

  it("a full window is refused without asking until its oldest request leaves it (a slice's life at most)", async () => {
    const object = fakeObject(10);
    const leases = new RateLeases();
    let clock = 0;
    const options = { limit: 10, now: () => clock };
    for (let i = 0; i < 10; i++) expect((await leases.take("acc", "tok", object.lease, options)).allowed).toBe(true);
    const calls = object.calls.count;
    // The object says the window is full until 60 s (resetAtMs); the slice's life is shorter.
    for (let i = 0; i < 50; i++) expect((await leases.take("acc", "tok", object.lease, options)).allowed).toBe(false);
    expect(object.calls.count).toBe(calls + 1);
    clock = SLICE_LIFETIME_MS;
    expect((await leases.take("acc", "tok", object.lease, options)).allowed).toBe(false);
    expect(object.calls.count).toBe(calls + 2);
  });
});
