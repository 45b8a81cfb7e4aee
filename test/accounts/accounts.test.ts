import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/app";
import { accounts, apiTokens, creditLedger } from "../../src/db/schema";
import { call, db, expectError, seedAccount, testEnv } from "../harness";

const ADMIN = { Authorization: "Bearer test-admin-token" };
// name (issue 40 §6) and closesAt (§17) joined the record.
const ACCOUNT_FIELDS = ["billingMode", "closesAt", "createdAt", "creditBalance", "displayName", "email", "id", "name"];

const uniqueEmail = (tag = "new") => `${tag}-${crypto.randomUUID()}@example.com`;

function createAccountCall(json: unknown, headers: Record<string, string> = ADMIN) {
  return call("/api/admin/accounts", { method: "POST", headers, json });
}

interface CreatedAccount {
  account: { id: string; email: string; billingMode: string; creditBalance: string; createdAt: string };
  token: { id: string; token: string; scope: string; name: string; prefix: string; lastFour: string; status: string; expiresAt: string };
}

describe("POST /api/admin/accounts (operator)", () => {
  it("creates the account with its signup credit and a first manage token that works", async () => {
    const email = uniqueEmail();
    const res = await createAccountCall({ email });
    expect(res.status).toBe(201);
    const body = (await res.json()) as CreatedAccount;
    expect(Object.keys(body).sort()).toStrictEqual(["account", "token"]);
    expect(Object.keys(body.account).sort()).toStrictEqual(ACCOUNT_FIELDS);
    expect(body.account).toMatchObject({ id: expect.stringMatching(/^acc_/), email, billingMode: "CREDITS", creditBalance: "100.00" });
    expect(body.token).toMatchObject({ scope: "manage", status: "active", token: expect.stringMatching(/^sap_[0-9A-Za-z]{40}$/) });
    expect(body.token.prefix).toBe(body.token.token.slice(0, 8));

    const me = await call("/api/auth/me", { token: body.token.token });
    expect(me.status).toBe(200);
    // The account record, and who calls: the owner member the account was made with.
    expect(await me.json()).toStrictEqual({
      ...body.account,
      member: { id: expect.stringMatching(/^mem_/), email, role: "owner", siteIds: null, notifications: { off: [], locale: "en" } },
      role: "owner",
      memberships: [
        { accountId: body.account.id, accountEmail: email, accountName: null, accountDisplayName: expect.any(String), role: "owner" },
      ],
    });

    const ledger = await db().select().from(creditLedger).where(eq(creditLedger.accountId, body.account.id));
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ kind: "signup", amountKurus: 10_000, balanceAfterKurus: 10_000 });
    const [stored] = await db().select().from(accounts).where(eq(accounts.id, body.account.id));
    expect(stored!.creditBalanceKurus).toBe(10_000);
  });

  it("creates one account when creations of the same email race (201 and 409, never 500)", async () => {
    const email = uniqueEmail("race");
    const answers = await Promise.all(Array.from({ length: 4 }, () => createAccountCall({ email })));
    expect(answers.map((res) => res.status).sort()).toEqual([201, 409, 409, 409]);
    expect(await db().select().from(accounts).where(eq(accounts.email, email))).toHaveLength(1);
  });

  it("stores the email in lower case and refuses the same address again with 409", async () => {
    const email = uniqueEmail("Mixed.Case");
    const first = await createAccountCall({ email });
    expect(first.status).toBe(201);
    expect(((await first.json()) as CreatedAccount).account.email).toBe(email.toLowerCase());
    for (const again of [email, email.toLowerCase(), email.toUpperCase()]) {
      const body = await expectError(await createAccountCall({ email: again }), 409, "email_taken");
      expect(body.message).toContain(email.toLowerCase());
    }
    expect(await db().select().from(accounts).where(eq(accounts.email, email.toLowerCase()))).toHaveLength(1);
  });

  it("is 401 without the admin token, with a wrong one, or with a user's token, and creates nothing", async () => {
    const { token } = await seedAccount();
    const email = uniqueEmail("denied");
    const attempts: Record<string, string>[] = [
      {},
      { Authorization: "Bearer wrong-admin-token" },
      { Authorization: "Bearer test-admin-token-but-longer" },
      { Authorization: "Basic dGVzdC1hZG1pbi10b2tlbg==" },
      { Authorization: "test-admin-token" },
      { Authorization: `Bearer ${token}` },
    ];
    for (const headers of attempts) {
      await expectError(await createAccountCall({ email }, headers), 401, "unauthorized");
    }
    expect(await db().select().from(accounts).where(eq(accounts.email, email))).toHaveLength(0);
  });

  it("refuses invalid bodies with 400 and creates nothing", async () => {
    const bodies: [string, RequestInit][] = [
      ["invalid email", { body: JSON.stringify({ email: "not-an-email" }) }],
      ["email with spaces", { body: JSON.stringify({ email: "a b@example.com" }) }],
      ["email too long", { body: JSON.stringify({ email: `${"a".repeat(250)}@example.com` }) }],
      ["email not a string", { body: JSON.stringify({ email: 12 }) }],
      ["missing email", { body: "{}" }],
      ["extra field", { body: JSON.stringify({ email: uniqueEmail(), creditBalance: "1000000.00" }) }],
      ["malformed JSON", { body: "{email" }],
      ["empty body", { body: "" }],
    ];
    for (const [what, init] of bodies) {
      const res = await call("/api/admin/accounts", { ...init, method: "POST", headers: { ...ADMIN, "Content-Type": "application/json" } });
      await expectError(res, 400, "invalid_request").catch((error) => {
        throw new Error(`${what}: ${error.message}`);
      });
    }
    const invalid = await expectError(await createAccountCall({ email: "nope" }), 400, "invalid_request");
    expect(invalid.message).toContain("email");
  });

  it("is 403 when the operator routes are disabled (no ADMIN_TOKEN set)", async () => {
    const ctx = createExecutionContext();
    const res = await createApp().fetch(
      new Request("https://api.test/api/admin/accounts", {
        method: "POST",
        headers: { ...ADMIN, "Content-Type": "application/json" },
        body: JSON.stringify({ email: uniqueEmail() }),
      }),
      { ...testEnv, ADMIN_TOKEN: undefined },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    const body = await expectError(res, 403, "forbidden");
    expect(body.message).toMatch(/ADMIN_TOKEN/);
  });
});

describe("GET /api/auth/me", () => {
  it("answers the Account record of the token's owner, with the member and role it calls as", async () => {
    const { token, account, memberId } = await seedAccount({ creditKurus: 12_345 });
    const res = await call("/api/auth/me", { token });
    expect(res.status).toBe(200);
    expect(await res.json()).toStrictEqual({
      id: account.id,
      email: account.email,
      name: null,
      // example.com says nothing about the business: the address's name part.
      displayName: expect.stringMatching(/^Owner /),
      closesAt: null,
      billingMode: "CREDITS",
      creditBalance: "123.45",
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/),
      member: { id: memberId, email: account.email, role: "owner", siteIds: null, notifications: { off: [], locale: "en" } },
      role: "owner",
      memberships: [
        {
          accountId: account.id,
          accountEmail: account.email,
          accountName: null,
          accountDisplayName: expect.stringMatching(/^Owner /),
          role: "owner",
        },
      ],
    });
  });

  it("shows each token its own account", async () => {
    const one = await seedAccount();
    const two = await seedAccount();
    expect(((await (await call("/api/auth/me", { token: one.token })).json()) as { id: string }).id).toBe(one.accountId);
    expect(((await (await call("/api/auth/me", { token: two.token })).json()) as { id: string }).id).toBe(two.accountId);
  });

  it("is 401 once the token's account is gone", async () => {
    const { token, accountId } = await seedAccount();
    await db().delete(accounts).where(eq(accounts.id, accountId));
    expect(await db().select().from(apiTokens).where(eq(apiTokens.accountId, accountId))).toHaveLength(0);
    await expectError(await call("/api/auth/me", { token }), 401, "unauthorized");
  });
});
