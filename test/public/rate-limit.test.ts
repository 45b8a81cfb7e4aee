import { abortAllDurableObjects, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { AccountState } from "../../src/durable-objects/account-state";
import { createToken } from "../../src/tokens/service";
import { call, db, expectError, seedAccount, seedArticle, seedToken, testEnv } from "../harness";

const LIST = "/api/v1/public/articles";

function limitHeaders(res: Response) {
  return {
    limit: res.headers.get("X-RateLimit-Limit"),
    remaining: Number(res.headers.get("X-RateLimit-Remaining")),
    reset: Number(res.headers.get("X-RateLimit-Reset")),
  };
}

/** Spends `count` requests of the account's budget, checking that each one passed. */
async function spend(token: string, count: number) {
  const remaining: number[] = [];
  for (let i = 0; i < count; i++) {
    const res = await call(LIST, { token });
    expect(res.status).toBe(200);
    remaining.push(limitHeaders(res).remaining);
  }
  return remaining;
}

// A hundred sequential requests take a few seconds on a busy machine: more than the default 5 s.
describe("public API rate limit: 100 requests per minute per account", { timeout: 60_000 }, () => {
  it("lets 100 requests through counting down, and answers the 101st with 429 and Retry-After", async () => {
    const { token } = await seedAccount();
    const startSeconds = Math.floor(Date.now() / 1000);
    const first = await call(LIST, { token });
    // The window ends 60 s after the request was counted, which happened between these two clocks.
    const answeredSeconds = Math.ceil(Date.now() / 1000);
    const firstHeaders = limitHeaders(first);
    expect(firstHeaders.limit).toBe("100");
    expect(firstHeaders.remaining).toBe(99);
    expect(firstHeaders.reset).toBeGreaterThanOrEqual(startSeconds + 60);
    expect(firstHeaders.reset).toBeLessThanOrEqual(answeredSeconds + 60);

    const remaining = await spend(token, 99);
    expect(remaining).toStrictEqual(Array.from({ length: 99 }, (_, i) => 98 - i));

    const refused = await call(LIST, { token, headers: { Origin: "https://blog.example.com" } });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Access-Control-Allow-Origin")).toBe("*");
    const retryAfter = Number(refused.headers.get("Retry-After"));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const headers = limitHeaders(refused);
    expect(headers.limit).toBe("100");
    expect(headers.remaining).toBe(0);
    expect(headers.reset).toBe(firstHeaders.reset);
    expect(headers.reset).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000));
    const body = await expectError(refused, 429, "rate_limited");
    expect(body.message).toMatch(/rate limit/i);

    // Every route of the public API is refused, and refusals do not reset anything.
    const article = await call(`${LIST}/1`, { token });
    expect(article.status).toBe(429);
    expect(limitHeaders(article).remaining).toBe(0);
  });

  it("counts the tokens of one account against one budget", async () => {
    const { token, accountId } = await seedAccount();
    const reader = await seedToken(accountId, "public:read");
    const third = await seedToken(accountId, "public:read");
    await spend(token, 40);
    const remaining = await spend(reader.token, 40);
    expect(remaining.at(-1)).toBe(20);
    await spend(third.token, 20);
    for (const each of [token, reader.token, third.token]) {
      await expectError(await call(LIST, { token: each }), 429, "rate_limited");
    }
  });

  it("leaves other accounts unaffected by one account's exhausted budget", async () => {
    const busy = await seedAccount();
    const quiet = await seedAccount();
    await spend(busy.token, 100);
    expect((await call(LIST, { token: busy.token })).status).toBe(429);
    const res = await call(LIST, { token: quiet.token });
    expect(res.status).toBe(200);
    expect(limitHeaders(res).remaining).toBe(99);
  });

  it("does not count requests that fail authentication, whoever's token they carry", async () => {
    const { token, accountId } = await seedAccount();
    const expired = await createToken(db(), {
      accountId,
      name: "old",
      scope: "public:read",
      now: new Date(Date.now() - 200 * 24 * 60 * 60 * 1000),
    });
    const revoked = await seedToken(accountId, "public:read");
    expect((await call(`/api/tokens/${revoked.row.id}`, { method: "DELETE", token })).status).toBe(200);
    for (let i = 0; i < 5; i++) {
      expect((await call(LIST, { token: expired.secret })).status).toBe(401);
      expect((await call(LIST, { token: revoked.token })).status).toBe(401);
      expect((await call(LIST, { token: `sap_${"Z".repeat(40)}` })).status).toBe(401);
      expect((await call(LIST)).status).toBe(401);
    }
    expect(limitHeaders(await call(LIST, { token })).remaining).toBe(99);
  });

  it("does not count management calls against the public budget", async () => {
    const { token } = await seedAccount();
    for (let i = 0; i < 3; i++) expect((await call("/api/auth/me", { token })).status).toBe(200);
    expect(limitHeaders(await call(LIST, { token })).remaining).toBe(99);
  });

  it("puts the headers on 200, 304, 400 and 404 answers, each counting one request", async () => {
    const { token, accountId } = await seedAccount();
    const article = await seedArticle(accountId);
    const ok = await call(`${LIST}/${article.id}`, { token });
    const notModified = await call(`${LIST}/${article.id}`, { token, headers: { "If-None-Match": ok.headers.get("ETag")! } });
    const bad = await call(`${LIST}?sort=foo`, { token });
    const missing = await call(`${LIST}/999999999`, { token });
    expect([ok.status, notModified.status, bad.status, missing.status]).toStrictEqual([200, 304, 400, 404]);
    expect([ok, notModified, bad, missing].map((res) => limitHeaders(res).remaining)).toStrictEqual([99, 98, 97, 96]);
    for (const res of [ok, notModified, bad, missing]) expect(res.headers.get("X-RateLimit-Limit")).toBe("100");
  });
});

describe("AccountState (the Durable Object)", () => {
  it("refuses a revoked token without counting it, and remembers the revocation after eviction", async () => {
    const id = testEnv.ACCOUNT_STATE.idFromName(`unit-${crypto.randomUUID()}`);
    const stub = testEnv.ACCOUNT_STATE.get(id);
    await stub.revokeToken("tok_gone", Date.now() + 60_000);
    await stub.revokeToken("tok_gone", Date.now() + 60_000);
    expect(await stub.hit(5, 60_000, "tok_gone")).toMatchObject({ allowed: false, revoked: true, remaining: 5 });
    expect(await stub.hit(5, 60_000, "tok_kept")).toMatchObject({ allowed: true, revoked: false, remaining: 4 });

    await abortAllDurableObjects();
    const restarted = testEnv.ACCOUNT_STATE.get(id);
    expect(await restarted.hit(5, 60_000, "tok_gone")).toMatchObject({ allowed: false, revoked: true });
    expect(await restarted.hit(5, 60_000, "tok_kept")).toMatchObject({ allowed: true, revoked: false, remaining: 4 });
  });

  it("keeps a rolling window: refused requests are not counted, and room returns as old hits leave", async () => {
    const stub = testEnv.ACCOUNT_STATE.get(testEnv.ACCOUNT_STATE.idFromName(`unit-${crypto.randomUUID()}`));
    await runInDurableObject(stub, async (limiter: AccountState) => {
      const windowMs = 200;
      const first = limiter.hit(2, windowMs, "tok_a");
      expect(first).toMatchObject({ allowed: true, limit: 2, remaining: 1 });
      expect(limiter.hit(2, windowMs, "tok_a")).toMatchObject({ allowed: true, remaining: 0 });
      const refused = limiter.hit(2, windowMs, "tok_a");
      expect(refused).toMatchObject({ allowed: false, remaining: 0 });
      expect(refused.resetAtMs).toBe(first.resetAtMs);
      await scheduler.wait(windowMs + 50);
      expect(limiter.hit(2, windowMs, "tok_a")).toMatchObject({ allowed: true, remaining: 1 });
    });
  });
});
