import { describe, expect, it } from "vitest";
import { refundCharge, reserveCredits, settleCharge } from "../../src/billing/charges";
import { getBalanceKurus, listTransactions } from "../../src/billing/ledger";
import type { AppError } from "../../src/core/errors";
import { db, seedAccount, errorOf } from "../harness";

const now = new Date("2026-11-22T08:00:00Z");

describe("reserveCredits", () => {
  it("takes the amount once, writes a ledger row with the balance after, and returns the same charge for a repeat", async () => {
    const { accountId } = await seedAccount({ creditKurus: 10_000 });
    const first = await reserveCredits(db(), {
      accountId,
      reference: "item_1:run",
      kind: "generation",
      amountKurus: 1_500,
      note: "An article",
      now,
    });
    const again = await reserveCredits(db(), { accountId, reference: "item_1:run", kind: "generation", amountKurus: 1_500, now });

    expect(first.applied).toBe(true);
    expect(again.applied).toBe(false);
    expect(again.charge.id).toBe(first.charge.id);
    expect(first.charge).toMatchObject({ mode: "credits", status: "reserved", amountKurus: 1_500 });
    expect(await getBalanceKurus(db(), accountId)).toBe(8_500);
    const [latest, signup] = await listTransactions(db(), accountId);
    expect(latest).toMatchObject({
      kind: "generation",
      amountKurus: -1_500,
      balanceAfterKurus: 8_500,
      reference: "charge:item_1:run",
      note: "An article",
    });
    expect(signup).toMatchObject({ kind: "signup", amountKurus: 10_000, balanceAfterKurus: 10_000 });
  });

  it("is 402 with the shortfall in the message when the balance is short, and changes nothing", async () => {
    const { accountId } = await seedAccount({ creditKurus: 1_000 });
    const error = await errorOf(reserveCredits(db(), { accountId, reference: "r1", kind: "generation", amountKurus: 1_550, now }));

    expect(error.status).toBe(402);
    expect(error.code).toBe("insufficient_credit");
    expect(error.message).toBe(
      "Insufficient credit: this costs 15.50 TRY but the balance is 10.00 TRY (5.50 TRY short); top up with POST /api/billing/topup",
    );
    expect(await getBalanceKurus(db(), accountId)).toBe(1_000);
    expect(await listTransactions(db(), accountId)).toHaveLength(1);
  });

  it("can take the balance to exactly zero", async () => {
    const { accountId } = await seedAccount({ creditKurus: 1_500 });
    await reserveCredits(db(), { accountId, reference: "r1", kind: "improvement", amountKurus: 1_500, now });
    expect(await getBalanceKurus(db(), accountId)).toBe(0);
  });

  it("lets exactly 7 of 20 concurrent reservations through when the balance covers 7", async () => {
    const { accountId } = await seedAccount({ creditKurus: 7 * 1_500 + 1_499 });
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        reserveCredits(db(), { accountId, reference: `concurrent-${i}`, kind: "generation", amountKurus: 1_500, now }),
      ),
    );

    const succeeded = results.filter((result) => result.status === "fulfilled");
    const refused = results.filter((result): result is PromiseRejectedResult => result.status === "rejected");
    expect(succeeded).toHaveLength(7);
    expect(refused).toHaveLength(13);
    for (const { reason } of refused) expect((reason as AppError).status).toBe(402);
    expect(await getBalanceKurus(db(), accountId)).toBe(1_499);

    const rows = (await listTransactions(db(), accountId)).filter((row) => row.kind === "generation");
    expect(rows).toHaveLength(7);
    // Each row's balance-after is the balance right after that charge: 1499 + 1500·k for k = 6…0.
    expect(rows.map((row) => row.balanceAfterKurus)).toEqual([0, 1, 2, 3, 4, 5, 6].map((k) => 1_499 + 1_500 * k));
  });

  it("applies one of 10 concurrent reservations with the same reference", async () => {
    const { accountId } = await seedAccount({ creditKurus: 10_000 });
    const results = await Promise.all(
      Array.from({ length: 10 }, () => reserveCredits(db(), { accountId, reference: "same", kind: "generation", amountKurus: 1_000, now })),
    );
    expect(results.filter((result) => result.applied)).toHaveLength(1);
    expect(await getBalanceKurus(db(), accountId)).toBe(9_000);
  });

  it("refuses a known reference with another amount (409) and an unknown account (404)", async () => {
    const { accountId } = await seedAccount();
    await reserveCredits(db(), { accountId, reference: "r1", kind: "generation", amountKurus: 100, now });
    expect((await errorOf(reserveCredits(db(), { accountId, reference: "r1", kind: "generation", amountKurus: 200, now }))).status).toBe(
      409,
    );
    expect(
      (await errorOf(reserveCredits(db(), { accountId: "acc_missing", reference: "r1", kind: "generation", amountKurus: 100, now })))
        .status,
    ).toBe(404);
  });
});

describe("settleCharge and refundCharge", () => {
  it("refunds once: the balance comes back with one refund row, however often it is called", async () => {
    const { accountId } = await seedAccount({ creditKurus: 5_000 });
    await reserveCredits(db(), { accountId, reference: "job-9", kind: "generation", amountKurus: 1_200, now });
    const results = await Promise.all([1, 2, 3].map(() => refundCharge(db(), { accountId, reference: "job-9", now })));

    expect(results.filter((result) => result.applied)).toHaveLength(1);
    expect(results[0]!.charge.status).toBe("refunded");
    expect(await getBalanceKurus(db(), accountId)).toBe(5_000);
    const [refund] = await listTransactions(db(), accountId);
    expect(refund).toMatchObject({ kind: "refund", amountKurus: 1_200, balanceAfterKurus: 5_000, reference: "refund:job-9" });
    expect((await listTransactions(db(), accountId)).filter((row) => row.kind === "refund")).toHaveLength(1);
  });

  it("settles once and then refuses a refund (409) without touching the balance", async () => {
    const { accountId } = await seedAccount({ creditKurus: 5_000 });
    await reserveCredits(db(), { accountId, reference: "job-1", kind: "generation", amountKurus: 1_000, now });
    expect((await settleCharge(db(), { accountId, reference: "job-1", now })).applied).toBe(true);
    expect((await settleCharge(db(), { accountId, reference: "job-1", now })).applied).toBe(false);

    const error = await errorOf(refundCharge(db(), { accountId, reference: "job-1", now }));
    expect(error.status).toBe(409);
    expect(await getBalanceKurus(db(), accountId)).toBe(4_000);
  });

  it("refuses to settle a refunded charge (409) and answers 404 for an unknown or foreign reference", async () => {
    const { accountId } = await seedAccount();
    const other = await seedAccount();
    await reserveCredits(db(), { accountId, reference: "job-2", kind: "generation", amountKurus: 100, now });
    await refundCharge(db(), { accountId, reference: "job-2", now });

    expect((await errorOf(settleCharge(db(), { accountId, reference: "job-2", now }))).status).toBe(409);
    expect((await errorOf(settleCharge(db(), { accountId: other.accountId, reference: "job-2", now }))).status).toBe(404);
    expect((await errorOf(refundCharge(db(), { accountId: other.accountId, reference: "job-2", now }))).status).toBe(404);
    expect(await getBalanceKurus(db(), other.accountId)).toBe(10_000);
  });
});
