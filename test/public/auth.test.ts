import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { apiTokens } from "../../src/db/schema";
import { createToken } from "../../src/tokens/service";
import { call, db, expectError, seedAccount, seedArticle, seedToken } from "../harness";

const LIST = "/api/v1/public/articles";
const MONTH_MS = 30 * 24 * 60 * 60 * 1000;

async function expect401(res: Response, messagePart: RegExp) {
  const body = await expectError(res, 401, "unauthorized");
  expect(body.message).toMatch(messagePart);
  // 401s are not counted against any budget, so they carry no rate-limit headers.
  expect(res.headers.get("X-RateLimit-Remaining")).toBeNull();
}

describe("public API authentication: each cause of a 401", () => {
  it("is 401 without an Authorization header", async () => {
    await expect401(await call(LIST), /missing authorization/i);
  });

  it("is 401 for a header that is not 'Bearer <token>'", async () => {
    const { token } = await seedAccount();
    const malformed = [
      token,
      `Basic ${btoa(`user:${token}`)}`,
      "Bearer",
      "Bearer ",
      `Token ${token}`,
      `Bearer ${token} extra`,
      `Bearer${token}`,
    ];
    for (const value of malformed) {
      await expect401(await call(LIST, { headers: { Authorization: value } }), /malformed|authorization/i);
    }
  });

  it("is 401 for a token that does not have the token format", async () => {
    const { token } = await seedAccount();
    for (const value of [
      "abc",
      token.slice(0, -1),
      `${token}x`,
      token.replace("sap_", "sk_"),
      `sap_${"!".repeat(40)}`,
      token.toUpperCase(),
    ]) {
      await expect401(await call(LIST, { headers: { Authorization: `Bearer ${value}` } }), /malformed api token|invalid api token/i);
    }
  });

  it("is 401 for a well-formed token that was never issued", async () => {
    await expect401(await call(LIST, { token: `sap_${"A".repeat(40)}` }), /invalid api token/i);
  });

  it("is 401 for an expired token (6 months after creation) and 200 the day before", async () => {
    const { accountId } = await seedAccount();
    const now = Date.now();
    const expired = await createToken(db(), { accountId, name: "old", scope: "public:read", now: new Date(now - 7 * MONTH_MS) });
    await expect401(await call(LIST, { token: expired.secret }), /expired/i);
    const almost = await createToken(db(), {
      accountId,
      name: "almost",
      scope: "public:read",
      now: new Date(now - 6 * MONTH_MS + 5 * 24 * 60 * 60 * 1000),
    });
    expect((await call(LIST, { token: almost.secret })).status).toBe(200);
  });

  it("is 401 at once for a revoked token, while the account's other tokens keep working", async () => {
    const { token: manageToken, accountId } = await seedAccount();
    const reader = await seedToken(accountId, "public:read");
    expect((await call(LIST, { token: reader.token })).status).toBe(200);
    const revoke = await call(`/api/tokens/${reader.row.id}`, { method: "DELETE", token: manageToken });
    expect(revoke.status).toBe(200);
    await expect401(await call(LIST, { token: reader.token }), /revoked/i);
    expect((await call(LIST, { token: manageToken })).status).toBe(200);
  });

  it("refuses a revoked token once DELETE is repeated, when the first revocation never reached the account's gate", async () => {
    const { token: manageToken, accountId } = await seedAccount();
    const reader = await seedToken(accountId, "public:read");
    expect((await call(LIST, { token: reader.token })).status).toBe(200);
    // As if a crash hit between the D1 write and the gate's notice: revoked in D1 only.
    await db().update(apiTokens).set({ revokedAt: "2026-01-01T00:00:00Z" }).where(eq(apiTokens.id, reader.row.id));
    expect((await call("/api/auth/me", { token: reader.token })).status).toBe(401);
    expect((await call(`/api/tokens/${reader.row.id}`, { method: "DELETE", token: manageToken })).status).toBe(200);
    await expect401(await call(LIST, { token: reader.token }), /revoked/i);
  });

  it("answers 401 with CORS headers so a browser can read it", async () => {
    const res = await call(LIST, { headers: { Origin: "https://blog.example.com" } });
    expect(res.status).toBe(401);
    expect(res.headers.get("Access-Control-Allow-Origin")).toBe("*");
  });

  it("accepts the scheme in any case and surrounding whitespace", async () => {
    const { token } = await seedAccount();
    expect((await call(LIST, { headers: { Authorization: `bearer ${token}` } })).status).toBe(200);
    expect((await call(LIST, { headers: { Authorization: `Bearer   ${token}  ` } })).status).toBe(200);
  });
});

describe("token scopes", () => {
  it("lets a public:read token read the public API and its own articles", async () => {
    const { accountId } = await seedAccount();
    const article = await seedArticle(accountId);
    const reader = await seedToken(accountId, "public:read");
    expect((await call(LIST, { token: reader.token })).status).toBe(200);
    expect((await call(`${LIST}/${article.id}`, { token: reader.token })).status).toBe(200);
    expect((await call(`${LIST}/${article.id}/images`, { token: reader.token })).status).toBe(200);
  });

  it("refuses a public:read token on management routes with 403", async () => {
    const { accountId } = await seedAccount();
    const reader = await seedToken(accountId, "public:read");
    const attempts: [string, RequestInit & { json?: unknown }][] = [
      ["/api/auth/me", {}],
      ["/api/tokens", {}],
      ["/api/tokens", { method: "POST", json: { name: "escalate", scope: "manage" } }],
      [`/api/tokens/${reader.row.id}`, { method: "DELETE" }],
    ];
    for (const [path, init] of attempts) {
      const body = await expectError(await call(path, { ...init, token: reader.token }), 403, "insufficient_scope");
      expect(body.message).toMatch(/scope/);
    }
    // Nothing changed: no new token, and the reader is not revoked.
    const rows = await db().select().from(apiTokens).where(eq(apiTokens.accountId, accountId));
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.revokedAt === null)).toBe(true);
  });

  it("does not let path tricks carry a public:read token into management routes", async () => {
    const { accountId } = await seedAccount();
    const reader = await seedToken(accountId, "public:read");
    const tricks = [
      "/api/v1/public/../../api/tokens",
      "/api/v1/public/%2e%2e/%2e%2e/api/tokens",
      "/api/v1/public%2F..%2F..%2Fapi%2Ftokens",
      "/api/media/%2e%2e/tokens",
      "/api/media/..%2Ftokens",
      "/api/openapi.json/../tokens",
      "/api/billing/callback/..%2F..%2Ftokens",
      "/api//tokens",
      "/API/tokens",
      "/api/tokens;/api/v1/public/",
      "/api/auth/me?next=/api/v1/public/",
    ];
    for (const path of tricks) {
      const res = await call(path, { token: reader.token });
      expect([403, 404], path).toContain(res.status);
      expect(await res.text(), path).not.toContain(reader.row.id);
    }
  });

  it("lets a manage token use the public API too", async () => {
    const { token } = await seedAccount();
    expect((await call(LIST, { token })).status).toBe(200);
  });

  it("gives the management API the same 401 causes", async () => {
    const { accountId } = await seedAccount();
    await expect401(await call("/api/auth/me"), /missing/i);
    await expect401(await call("/api/auth/me", { headers: { Authorization: "Basic Zm9vOmJhcg==" } }), /malformed/i);
    await expect401(await call("/api/auth/me", { token: `sap_${"B".repeat(40)}` }), /invalid/i);
    const expired = await createToken(db(), { accountId, name: "old", scope: "manage", now: new Date(Date.now() - 7 * MONTH_MS) });
    await expect401(await call("/api/tokens", { token: expired.secret }), /expired/i);
  });
});
