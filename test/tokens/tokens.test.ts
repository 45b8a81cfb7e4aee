import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { apiTokens } from "../../src/db/schema";
import { sha256Hex } from "../../src/core/crypto";
import { addMonths, toIsoSeconds } from "../../src/core/time";
import { createToken } from "../../src/tokens/service";
import { call, db, expectError, seedAccount, seedToken } from "../harness";

const TOKEN_FIELDS = [
  "createdAt",
  "expiresAt",
  "id",
  "lastFour",
  "lastUsedAt",
  "memberId",
  "name",
  "prefix",
  "revokedAt",
  "role",
  "scope",
  "status",
];
const TOKEN_FORMAT = /^sap_[0-9A-Za-z]{40}$/;

interface TokenRecord {
  id: string;
  name: string;
  scope: string;
  prefix: string;
  lastFour: string;
  status: string;
  createdAt: string;
  expiresAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  token?: string;
}

const tokensOf = (accountId: string) => db().select().from(apiTokens).where(eq(apiTokens.accountId, accountId));

async function createViaApi(token: string, json: unknown) {
  const res = await call("/api/tokens", { method: "POST", token, json });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as TokenRecord & { token: string };
}

describe("POST /api/tokens", () => {
  it("creates a manage token by default and shows its secret once, with the full record", async () => {
    const { token, accountId } = await seedAccount();
    const before = toIsoSeconds(new Date());
    const created = await createViaApi(token, { name: "Deploy script" });
    expect(Object.keys(created).sort()).toStrictEqual([...TOKEN_FIELDS, "token"].sort());
    expect(created.token).toMatch(TOKEN_FORMAT);
    expect(created).toMatchObject({
      id: expect.stringMatching(/^tok_/),
      name: "Deploy script",
      scope: "manage",
      prefix: created.token.slice(0, 8),
      lastFour: created.token.slice(-4),
      status: "active",
      lastUsedAt: null,
      revokedAt: null,
    });
    expect(created.prefix).toMatch(/^sap_.{4}$/);
    expect(created.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(created.createdAt >= before).toBe(true);
    expect(created.expiresAt).toBe(toIsoSeconds(addMonths(new Date(created.createdAt), 6)));

    // It works, as a manage token.
    expect((await call("/api/auth/me", { token: created.token })).status).toBe(200);
    // Only the SHA-256 hash is stored; the secret appears in no column.
    const [row] = await db().select().from(apiTokens).where(eq(apiTokens.id, created.id));
    expect(row!.tokenHash).toBe(await sha256Hex(created.token));
    expect(Object.values(row!).some((value) => typeof value === "string" && value.includes(created.token.slice(4)))).toBe(false);
    expect((await tokensOf(accountId)).length).toBe(2);
  });

  it("creates a public:read token when asked, which reads the public API but not the management API", async () => {
    const { token } = await seedAccount();
    const created = await createViaApi(token, { name: "Static site", scope: "public:read" });
    expect(created.scope).toBe("public:read");
    expect((await call("/api/v1/public/articles", { token: created.token })).status).toBe(200);
    await expectError(await call("/api/tokens", { token: created.token }), 403, "insufficient_scope");
  });

  it("gives every token a different secret", async () => {
    const { token } = await seedAccount();
    const secrets = new Set<string>();
    for (let i = 0; i < 5; i++) secrets.add((await createViaApi(token, { name: `t${i}` })).token);
    expect(secrets.size).toBe(5);
  });

  it("trims the name", async () => {
    const { token } = await seedAccount();
    expect((await createViaApi(token, { name: "  CI  " })).name).toBe("CI");
    expect((await createViaApi(token, { name: "x".repeat(100) })).name).toHaveLength(100);
  });

  it("refuses bad bodies with 400 and creates nothing", async () => {
    const { token, accountId } = await seedAccount();
    const json = { "Content-Type": "application/json" };
    const attempts: [string, RequestInit][] = [
      ["malformed JSON", { headers: json, body: '{"name": "x"' }],
      ["empty body", { headers: json, body: "" }],
      ["no body, no type", {}],
      ["missing name", { headers: json, body: "{}" }],
      ["empty name", { headers: json, body: JSON.stringify({ name: "" }) }],
      ["blank name", { headers: json, body: JSON.stringify({ name: "   " }) }],
      ["name too long", { headers: json, body: JSON.stringify({ name: "x".repeat(101) }) }],
      ["name not a string", { headers: json, body: JSON.stringify({ name: 42 }) }],
      ["name null", { headers: json, body: JSON.stringify({ name: null }) }],
      ["unknown scope", { headers: json, body: JSON.stringify({ name: "x", scope: "admin" }) }],
      ["scope wrong case", { headers: json, body: JSON.stringify({ name: "x", scope: "MANAGE" }) }],
      ["extra field", { headers: json, body: JSON.stringify({ name: "x", expiresAt: "2099-01-01T00:00:00Z" }) }],
      ["array body", { headers: json, body: JSON.stringify([{ name: "x" }]) }],
      ["null body", { headers: json, body: "null" }],
      ["string body", { headers: json, body: '"x"' }],
      ["text/plain", { headers: { "Content-Type": "text/plain" }, body: JSON.stringify({ name: "x" }) }],
      ["form", { headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "name=x" }],
    ];
    for (const [what, init] of attempts) {
      const res = await call("/api/tokens", { ...init, method: "POST", token });
      const body = await expectError(res, 400, "invalid_request").catch((error) => {
        throw new Error(`${what}: ${error.message}`);
      });
      expect(body.message.length, what).toBeGreaterThan(0);
    }
    expect(await tokensOf(accountId)).toHaveLength(1);
  });

  it("names the offending field in the message", async () => {
    const { token } = await seedAccount();
    const missing = await expectError(await call("/api/tokens", { method: "POST", token, json: {} }), 400, "invalid_request");
    expect(missing.message).toContain("name");
    const scope = await expectError(
      await call("/api/tokens", { method: "POST", token, json: { name: "x", scope: "root" } }),
      400,
      "invalid_request",
    );
    expect(scope.message).toContain("scope");
    const extra = await expectError(
      await call("/api/tokens", { method: "POST", token, json: { name: "x", expiresAt: "2099-01-01T00:00:00Z" } }),
      400,
      "invalid_request",
    );
    expect(extra.message).toContain("'expiresAt'");
    const malformed = await expectError(
      await call("/api/tokens", { method: "POST", token, headers: { "Content-Type": "application/json" }, body: "{" }),
      400,
      "invalid_request",
    );
    expect(malformed.message).toMatch(/json/i);
  });
});

describe("GET /api/tokens", () => {
  it("lists the account's tokens newest first, never with a secret or hash", async () => {
    const { token, accountId } = await seedAccount();
    const older = await createToken(db(), { accountId, name: "older", scope: "public:read", now: new Date(Date.now() - 60_000) });
    const newer = await createViaApi(token, { name: "newer" });
    const res = await call("/api/tokens", { token });
    expect(res.status).toBe(200);
    const text = await res.clone().text();
    const list = (await res.json()) as TokenRecord[];
    expect(list.map((t) => t.name)).toStrictEqual(["newer", "First token", "older"]);
    expect(list[0]!.id).toBe(newer.id);
    expect(list[2]!.id).toBe(older.row.id);
    for (const record of list) expect(Object.keys(record).sort()).toStrictEqual(TOKEN_FIELDS);
    expect(text).not.toContain(newer.token);
    expect(text).not.toContain(newer.token.slice(8, -4));
    expect(text).not.toContain(older.row.tokenHash);
  });

  it("keeps tokens created in the same second in creation order, newest first", async () => {
    const { accountId, token } = await seedAccount();
    const now = new Date();
    const names = ["t1", "t2", "t3", "t4", "t5", "t6"];
    for (const name of names) await createToken(db(), { accountId, name, scope: "public:read", now });
    const list = (await (await call("/api/tokens", { token })).json()) as TokenRecord[];
    expect(list.map((t) => t.name).filter((n) => n !== "First token")).toStrictEqual([...names].reverse());
  });

  it("lists only the caller's own tokens", async () => {
    const mine = await seedAccount();
    const other = await seedAccount();
    const theirs = await seedToken(other.accountId, "public:read");
    const list = (await (await call("/api/tokens", { token: mine.token })).json()) as TokenRecord[];
    expect(list).toHaveLength(1);
    expect(list.map((t) => t.id)).not.toContain(theirs.row.id);
  });

  it("shows revoked and expired tokens with their status", async () => {
    const { token, accountId } = await seedAccount();
    const expired = await createToken(db(), {
      accountId,
      name: "expired",
      scope: "manage",
      now: new Date(Date.now() - 200 * 24 * 60 * 60 * 1000),
    });
    const revoked = await seedToken(accountId, "public:read");
    await call(`/api/tokens/${revoked.row.id}`, { method: "DELETE", token });
    const list = (await (await call("/api/tokens", { token })).json()) as TokenRecord[];
    const byId = new Map(list.map((t) => [t.id, t]));
    expect(byId.get(expired.row.id)!.status).toBe("expired");
    expect(byId.get(revoked.row.id)!).toMatchObject({ status: "revoked", revokedAt: expect.stringMatching(/Z$/) });
  });

  it("sets lastUsedAt once a token has been used", async () => {
    const { token, accountId } = await seedAccount();
    const reader = await seedToken(accountId, "public:read");
    expect(reader.row.lastUsedAt).toBeNull();
    expect((await call("/api/v1/public/articles", { token: reader.token })).status).toBe(200);
    let lastUsedAt: string | null = null;
    for (let attempt = 0; attempt < 20 && lastUsedAt === null; attempt++) {
      const list = (await (await call("/api/tokens", { token })).json()) as TokenRecord[];
      lastUsedAt = list.find((t) => t.id === reader.row.id)!.lastUsedAt;
      if (lastUsedAt === null) await scheduler.wait(25);
    }
    expect(lastUsedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
  });
});

describe("DELETE /api/tokens/{id}", () => {
  it("revokes the token at once and answers its record", async () => {
    const { token, accountId } = await seedAccount();
    const victim = await seedToken(accountId, "manage");
    expect((await call("/api/auth/me", { token: victim.token })).status).toBe(200);
    const res = await call(`/api/tokens/${victim.row.id}`, { method: "DELETE", token });
    expect(res.status).toBe(200);
    const record = (await res.json()) as TokenRecord;
    expect(Object.keys(record).sort()).toStrictEqual(TOKEN_FIELDS);
    expect(record).toMatchObject({ id: victim.row.id, status: "revoked", revokedAt: expect.stringMatching(/Z$/) });
    await expectError(await call("/api/auth/me", { token: victim.token }), 401, "unauthorized");
    const [row] = await db().select().from(apiTokens).where(eq(apiTokens.id, victim.row.id));
    expect(row!.revokedAt).toBe(record.revokedAt);
  });

  it("is harmless a second time and keeps the first revocation time", async () => {
    const { token, accountId } = await seedAccount();
    const victim = await seedToken(accountId, "public:read");
    const first = (await (await call(`/api/tokens/${victim.row.id}`, { method: "DELETE", token })).json()) as TokenRecord;
    const second = await call(`/api/tokens/${victim.row.id}`, { method: "DELETE", token });
    expect(second.status).toBe(200);
    expect(((await second.json()) as TokenRecord).revokedAt).toBe(first.revokedAt);
  });

  it("lets a token revoke itself while another manage token remains; it is refused right after", async () => {
    const { token, account } = await seedAccount();
    const [self] = (await (await call("/api/tokens", { token })).json()) as TokenRecord[];
    const spare = await seedToken(account.id, "manage");
    expect((await call(`/api/tokens/${self!.id}`, { method: "DELETE", token })).status).toBe(200);
    await expectError(await call("/api/tokens", { token }), 401, "unauthorized");
    expect((await call("/api/tokens", { token: spare.token })).status).toBe(200);
  });

  it("refuses to revoke the account's last active manage token (409), which keeps working; public:read tokens do not count", async () => {
    const { token, accountId } = await seedAccount();
    const reader = await seedToken(accountId, "public:read");
    const [self] = ((await (await call("/api/tokens", { token })).json()) as TokenRecord[]).filter((t) => t.scope === "manage");
    const refused = await expectError(await call(`/api/tokens/${self!.id}`, { method: "DELETE", token }), 409, "last_manage_token");
    expect(refused.message).toMatch(/last active manage token/);
    expect((await call("/api/auth/me", { token })).status).toBe(200);
    expect((await call(`/api/tokens/${reader.row.id}`, { method: "DELETE", token })).status).toBe(200);
  });

  it("two manage tokens revoking each other at once: one wins, the account keeps one", async () => {
    const { token, accountId } = await seedAccount();
    const second = await seedToken(accountId, "manage");
    const [first] = ((await (await call("/api/tokens", { token })).json()) as TokenRecord[]).filter((t) => t.id !== second.row.id);
    const results = await Promise.all([
      call(`/api/tokens/${second.row.id}`, { method: "DELETE", token }),
      call(`/api/tokens/${first!.id}`, { method: "DELETE", token: second.token }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const active = (await db().select().from(apiTokens).where(eq(apiTokens.accountId, accountId))).filter(
      (t) => t.revokedAt === null && t.scope === "manage",
    );
    expect(active).toHaveLength(1);
  });

  it("is 404 for another account's token, which keeps working", async () => {
    const mine = await seedAccount();
    const other = await seedAccount();
    const theirs = await seedToken(other.accountId, "public:read");
    const foreign = await expectError(
      await call(`/api/tokens/${theirs.row.id}`, { method: "DELETE", token: mine.token }),
      404,
      "not_found",
    );
    const missing = await expectError(
      await call(`/api/tokens/tok_doesnotexist0000`, { method: "DELETE", token: mine.token }),
      404,
      "not_found",
    );
    expect(foreign).toStrictEqual(missing);
    expect((await call("/api/v1/public/articles", { token: theirs.token })).status).toBe(200);
    const [row] = await db().select().from(apiTokens).where(eq(apiTokens.id, theirs.row.id));
    expect(row!.revokedAt).toBeNull();
  });

  it("is 404 for an id that cannot be a token", async () => {
    const { token } = await seedAccount();
    for (const id of ["x".repeat(65), "%20", "tok_", "' OR 1=1 --"]) {
      await expectError(await call(`/api/tokens/${encodeURIComponent(id)}`, { method: "DELETE", token }), 404, "not_found");
    }
  });
});
