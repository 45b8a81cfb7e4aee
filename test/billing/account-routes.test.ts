import { describe, expect, it } from "vitest";
import { reserveCredits } from "../../src/billing/charges";
import { reserveGeneration } from "../../src/billing/generation-charge";
import { creditLedger } from "../../src/db/schema";
import { parseConfig } from "../../src/config";
import { call, db, expectError, seedAccount, seedToken, testEnv } from "../harness";
import { balanceOf, giveLicence } from "./helpers";

const ROUTES = ["/api/billing/balance", "/api/billing/packages", "/api/billing/transactions"];

describe("GET /api/billing/balance", () => {
  it("shows a credits account: mode, balance as a decimal string, and an empty BYOK part", async () => {
    const { token } = await seedAccount({ creditKurus: 12_345 });
    const res = await call("/api/billing/balance", { token });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      billingMode: "CREDITS",
      creditBalance: "123.45",
      byok: { kind: null, expiresAt: null, quota: null, used: 0 },
      reserved: { amount: "0.00", count: 0, oldestAt: null },
    });
  });

  it("shows a BYOK account's licence, quota and this month's use", async () => {
    const { token, accountId } = await seedAccount();
    await giveLicence(accountId, "BYOK_YEARLY", "2099-01-01T00:00:00Z");
    await reserveGeneration(db(), parseConfig(testEnv).billing, {
      accountId,
      reference: "item_1:run",
      kind: "generation",
      model: "gpt-4o-mini",
      now: new Date(),
    });

    expect(await balanceOf(token)).toEqual({
      billingMode: "BYOK_YEARLY",
      creditBalance: "100.00",
      byok: { kind: "BYOK_YEARLY", expiresAt: "2099-01-01T00:00:00Z", quota: 100, used: 1 },
      reserved: { amount: "0.00", count: 0, oldestAt: null },
    });
  });
});

describe("GET /api/billing/packages", () => {
  it("lists the licence prices, the per-article price of each model and the top-up bounds from configuration", async () => {
    const { token } = await seedAccount();
    const res = await call("/api/billing/packages", { token });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      currency: "TRY",
      licences: [
        { kind: "BYOK_MONTHLY", price: "499.00", months: 1, monthlyQuota: 100 },
        { kind: "BYOK_YEARLY", price: "4990.00", months: 12, monthlyQuota: 100 },
      ],
      articlePrices: [
        { model: "@cf/meta/llama-3.3-70b-instruct-fp8-fast", price: "10.00" },
        { model: "gpt-4o-mini", price: "15.00" },
        { model: "claude-sonnet-4-5", price: "40.00" },
        { model: "offline-draft", price: "5.00" },
      ],
      improvementPrice: "5.00",
      chatPrice: "0.00",
      topup: { min: "50.00", max: "50000.00" },
    });
  });
});

describe("GET /api/billing/transactions", () => {
  it("lists movements newest first with signed decimal amounts and the balance after each", async () => {
    const { token, accountId } = await seedAccount({ creditKurus: 10_000 });
    await reserveCredits(db(), {
      accountId,
      reference: "item_1:run",
      kind: "generation",
      amountKurus: 1_550,
      note: "First article",
      now: new Date(),
    });

    const res = await call("/api/billing/transactions", { token });
    expect(res.status).toBe(200);
    const rows = (await res.json()) as Record<string, unknown>[];
    expect(rows).toEqual([
      {
        id: expect.any(String),
        kind: "generation",
        amount: "-15.50",
        balanceAfter: "84.50",
        reference: "charge:item_1:run",
        note: "First article",
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      },
      {
        id: expect.any(String),
        kind: "signup",
        amount: "100.00",
        balanceAfter: "100.00",
        reference: "signup",
        note: "Signup credit",
        createdAt: expect.any(String),
      },
    ]);
  });

  it("returns only the last 100, newest first", async () => {
    const { token, accountId } = await seedAccount({ creditKurus: 100_000 });
    const rows = Array.from({ length: 120 }, (_, i) => ({
      accountId,
      kind: "adjustment" as const,
      amountKurus: i + 1,
      balanceAfterKurus: 100_000 + i + 1,
      reference: `adjustment:seed-${i + 1}`,
      note: `seed ${i + 1}`,
    }));
    for (let i = 0; i < rows.length; i += 10)
      await db()
        .insert(creditLedger)
        .values(rows.slice(i, i + 10));

    const listed = (await (await call("/api/billing/transactions", { token })).json()) as { note: string; amount: string }[];
    expect(listed).toHaveLength(100);
    expect(listed[0]).toMatchObject({ note: "seed 120", amount: "1.20" });
    expect(listed[99]).toMatchObject({ note: "seed 21", amount: "0.21" });
  });

  it("never shows another account's movements", async () => {
    const { token } = await seedAccount();
    const other = await seedAccount({ creditKurus: 5_000 });
    await reserveCredits(db(), { accountId: other.accountId, reference: "theirs", kind: "generation", amountKurus: 100, now: new Date() });
    const listed = (await (await call("/api/billing/transactions", { token })).json()) as { reference: string }[];
    expect(listed.map((row) => row.reference)).toEqual(["signup"]);
  });
});

describe("billing read routes: auth", () => {
  it.each(ROUTES)("%s is 401 without a token, with a malformed one and with an unknown one", async (path) => {
    await expectError(await call(path), 401, "unauthorized");
    await expectError(await call(path, { headers: { Authorization: "Token abc" } }), 401);
    await expectError(await call(path, { token: `sap_${"A".repeat(40)}` }), 401);
  });

  it.each(ROUTES)("%s is 403 for a public:read token", async (path) => {
    const { accountId } = await seedAccount();
    const { token } = await seedToken(accountId, "public:read");
    await expectError(await call(path, { token }), 403, "insufficient_scope");
  });
});
