import { describe, expect, it } from "vitest";
import { call, expectError, seedAccount } from "../harness";
import { balanceOf, transactionsOf } from "./helpers";

const ADMIN = "test-admin-token";

function adjust(accountId: string, json: unknown, adminToken: string | null = ADMIN) {
  return call(`/api/admin/accounts/${accountId}/adjustments`, {
    method: "POST",
    json,
    headers: adminToken ? { Authorization: `Bearer ${adminToken}` } : {},
  });
}

describe("POST /api/admin/accounts/{id}/adjustments", () => {
  it("adds credit with a reason, recorded in the account's ledger", async () => {
    const { accountId, token } = await seedAccount({ creditKurus: 10_000 });
    const res = await adjust(accountId, { amountTry: 25.5, reason: "Goodwill for the outage on 20 Nov" });

    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({
      transaction: {
        id: expect.any(String),
        kind: "adjustment",
        amount: "25.50",
        balanceAfter: "125.50",
        reference: expect.stringMatching(/^adjustment:/),
        note: "Goodwill for the outage on 20 Nov",
        createdAt: expect.any(String),
      },
      creditBalance: "125.50",
    });
    expect((await transactionsOf(token))[0]).toMatchObject({
      kind: "adjustment",
      amount: "25.50",
      note: "Goodwill for the outage on 20 Nov",
    });
  });

  it("takes credit away, down to exactly zero, and refuses to go below zero (409) without a change", async () => {
    const { accountId, token } = await seedAccount({ creditKurus: 10_000 });
    await expectError(await adjust(accountId, { amountTry: -100.01, reason: "Chargeback" }), 409, "conflict");
    expect((await balanceOf(token)).creditBalance).toBe("100.00");

    const res = await adjust(accountId, { amountTry: -100, reason: "Chargeback" });
    expect(res.status).toBe(201);
    expect(((await res.json()) as { creditBalance: string }).creditBalance).toBe("0.00");
  });

  it("applies an adjustment with a reference once, answering 200 with the first one to repeats; 409 for the reference with another amount", async () => {
    const { accountId, token } = await seedAccount({ creditKurus: 0 });
    const first = await adjust(accountId, { amountTry: 10, reason: "Ticket 42", reference: "ticket-42" });
    const again = await adjust(accountId, { amountTry: 10, reason: "Ticket 42", reference: "ticket-42" });

    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(((await again.json()) as { transaction: { reference: string } }).transaction.reference).toBe("adjustment:ticket-42");
    await expectError(await adjust(accountId, { amountTry: 20, reason: "Ticket 42", reference: "ticket-42" }), 409);
    expect((await balanceOf(token)).creditBalance).toBe("10.00");
  });

  it("is 404 for an account that does not exist", async () => {
    await expectError(await adjust("acc_doesNotExist00", { amountTry: 10, reason: "x" }), 404, "not_found");
  });

  it.each([
    ["zero", { amountTry: 0, reason: "x" }],
    ["three decimals", { amountTry: 1.005, reason: "x" }],
    ["a string amount", { amountTry: "10", reason: "x" }],
    ["an amount over a million", { amountTry: 1_000_000.01, reason: "x" }],
    ["no reason", { amountTry: 10 }],
    ["a blank reason", { amountTry: 10, reason: "   " }],
    ["a long reason", { amountTry: 10, reason: "x".repeat(501) }],
    ["a reference with spaces", { amountTry: 10, reason: "x", reference: "ticket 42" }],
    ["an unknown field", { amountTry: 10, reason: "x", kind: "topup" }],
  ])("is 400 for %s and changes nothing", async (_, json) => {
    const { accountId, token } = await seedAccount();
    await expectError(await adjust(accountId, json), 400, "invalid_request");
    expect((await balanceOf(token)).creditBalance).toBe("100.00");
  });

  it("is 401 without the admin token or with a wrong one, and does not take an account's API token", async () => {
    const { accountId, token } = await seedAccount();
    await expectError(await adjust(accountId, { amountTry: 10, reason: "x" }, null), 401);
    await expectError(await adjust(accountId, { amountTry: 10, reason: "x" }, "wrong-admin-token"), 401);
    await expectError(await adjust(accountId, { amountTry: 10, reason: "x" }, token), 401);
    expect((await balanceOf(token)).creditBalance).toBe("100.00");
  });
});
