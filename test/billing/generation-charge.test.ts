import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { refundCharge, settleCharge } from "../../src/billing/charges";
import { reserveGeneration } from "../../src/billing/generation-charge";
import { getBalanceKurus } from "../../src/billing/ledger";
import { byokUsedThisMonth } from "../../src/billing/licence";
import type { AppError } from "../../src/core/errors";
import { accounts } from "../../src/db/schema";
import { parseConfig } from "../../src/config";
import { db, seedAccount, testEnv, errorOf } from "../harness";
import { balanceOf, giveLicence } from "./helpers";

const now = new Date("2026-11-22T08:00:00Z");
const billing = () => parseConfig(testEnv).billing;
const smallQuota = () => ({
  ...billing(),
  licences: { ...billing().licences, BYOK_MONTHLY: { ...billing().licences.BYOK_MONTHLY, monthlyQuota: 3 } },
});

describe("reserveGeneration in CREDITS mode", () => {
  it("reserves the configured price of the model, or of an improvement", async () => {
    const { accountId } = await seedAccount({ creditKurus: 10_000 });
    const article = await reserveGeneration(db(), billing(), {
      accountId,
      reference: "item_a:run",
      kind: "generation",
      model: "gpt-4o-mini",
      now,
    });
    const improvement = await reserveGeneration(db(), billing(), {
      accountId,
      reference: "post_b:improve",
      kind: "improvement",
      model: "gpt-4o-mini",
      now,
    });

    expect(article.charge).toMatchObject({ mode: "credits", amountKurus: 1_500 });
    expect(improvement.charge).toMatchObject({ mode: "credits", amountKurus: 500 });
    expect(await getBalanceKurus(db(), accountId)).toBe(8_000);
  });

  it("is 402 when the balance is short, and 400 for a model without a price", async () => {
    const { accountId } = await seedAccount({ creditKurus: 1_000 });
    const short = await errorOf(
      reserveGeneration(db(), billing(), { accountId, reference: "r", kind: "generation", model: "claude-sonnet-4-5", now }),
    );
    expect(short.status).toBe(402);
    expect(short.message).toContain("(30.00 TRY short)");
    const unpriced = await errorOf(
      reserveGeneration(db(), billing(), { accountId, reference: "r", kind: "generation", model: "gpt-9", now }),
    );
    expect(unpriced.status).toBe(400);
    expect(await getBalanceKurus(db(), accountId)).toBe(1_000);
  });
});

describe("reserveGeneration in BYOK mode", () => {
  it("takes no credit and counts one article of the monthly quota", async () => {
    const { accountId, token } = await seedAccount({ creditKurus: 10_000 });
    await giveLicence(accountId, "BYOK_MONTHLY", "2026-12-15T00:00:00Z");
    const { charge, applied } = await reserveGeneration(db(), billing(), {
      accountId,
      reference: "item_c:run",
      kind: "generation",
      model: "gpt-4o-mini",
      now,
    });

    expect(applied).toBe(true);
    expect(charge).toMatchObject({ mode: "byok", amountKurus: 0, quotaMonth: "2026-11", status: "reserved" });
    expect(await getBalanceKurus(db(), accountId)).toBe(10_000);
    expect(await byokUsedThisMonth(db(), accountId, now)).toBe(1);
    expect((await balanceOf(token)).byok).toMatchObject({ kind: "BYOK_MONTHLY", quota: 100 });
  });

  it("is 403 saying the licence expired, when it has", async () => {
    const { accountId } = await seedAccount();
    await giveLicence(accountId, "BYOK_YEARLY", "2026-11-22T07:59:59Z");
    const error = await errorOf(
      reserveGeneration(db(), billing(), { accountId, reference: "r", kind: "generation", model: "gpt-4o-mini", now }),
    );
    expect(error.status).toBe(403);
    expect(error.message).toBe(
      "BYOK licence expired: the BYOK_YEARLY licence ended at 2026-11-22T07:59:59Z; renew it with POST /api/billing/license",
    );
  });

  it("is 403 saying the quota is used, with when it starts again; concurrent requests cannot exceed it", async () => {
    const { accountId } = await seedAccount();
    await giveLicence(accountId, "BYOK_MONTHLY", "2026-12-15T00:00:00Z");
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) =>
        reserveGeneration(db(), smallQuota(), { accountId, reference: `item_${i}:run`, kind: "generation", model: "gpt-4o-mini", now }),
      ),
    );
    const refused = results.filter((result): result is PromiseRejectedResult => result.status === "rejected");
    expect(results.length - refused.length).toBe(3);
    for (const { reason } of refused) {
      expect((reason as AppError).status).toBe(403);
      expect((reason as AppError).message).toBe(
        "BYOK quota used: all 3 articles of this month's quota (2026-11) are used; it starts again at 2026-12-01T00:00:00Z",
      );
    }
    expect(await byokUsedThisMonth(db(), accountId, now)).toBe(3);
  });

  it("gives a quota unit back on refund, and counts a new month from zero", async () => {
    const { accountId } = await seedAccount();
    await giveLicence(accountId, "BYOK_MONTHLY", "2027-06-01T00:00:00Z");
    for (const i of [1, 2, 3])
      await reserveGeneration(db(), smallQuota(), { accountId, reference: `job-${i}`, kind: "generation", model: "gpt-4o-mini", now });
    await settleCharge(db(), { accountId, reference: "job-1", now });
    await refundCharge(db(), { accountId, reference: "job-2", now });

    expect(await byokUsedThisMonth(db(), accountId, now)).toBe(2);
    expect(
      (await reserveGeneration(db(), smallQuota(), { accountId, reference: "job-4", kind: "generation", model: "gpt-4o-mini", now }))
        .applied,
    ).toBe(true);
    expect(
      (
        await errorOf(
          reserveGeneration(db(), smallQuota(), { accountId, reference: "job-5", kind: "generation", model: "gpt-4o-mini", now }),
        )
      ).status,
    ).toBe(403);

    const nextMonth = new Date("2026-12-01T00:00:00Z");
    expect(
      (
        await reserveGeneration(db(), smallQuota(), {
          accountId,
          reference: "job-5",
          kind: "generation",
          model: "gpt-4o-mini",
          now: nextMonth,
        })
      ).applied,
    ).toBe(true);
    expect(await getBalanceKurus(db(), accountId)).toBe(10_000);
  });

  it("is 403 when no key is set, and when the account is in BYOK mode without a licence", async () => {
    const { accountId } = await seedAccount();
    await giveLicence(accountId, "BYOK_MONTHLY", "2026-12-15T00:00:00Z", false);
    const noKey = await errorOf(
      reserveGeneration(db(), billing(), { accountId, reference: "r", kind: "generation", model: "gpt-4o-mini", now }),
    );
    expect(noKey.status).toBe(403);
    expect(noKey.message).toContain("BYOK key missing");

    const unlicensed = await seedAccount();
    await db().update(accounts).set({ billingMode: "BYOK_YEARLY" }).where(eq(accounts.id, unlicensed.accountId));
    const noLicence = await errorOf(
      reserveGeneration(db(), billing(), {
        accountId: unlicensed.accountId,
        reference: "r",
        kind: "generation",
        model: "gpt-4o-mini",
        now,
      }),
    );
    expect(noLicence.status).toBe(403);
    expect(noLicence.message).toContain("BYOK licence missing");
  });

  it("returns the first charge for a retried reference, even after the licence ran out", async () => {
    const { accountId } = await seedAccount();
    await giveLicence(accountId, "BYOK_MONTHLY", "2026-11-30T00:00:00Z");
    const first = await reserveGeneration(db(), billing(), {
      accountId,
      reference: "item_z:run",
      kind: "generation",
      model: "gpt-4o-mini",
      now,
    });
    const retry = await reserveGeneration(db(), billing(), {
      accountId,
      reference: "item_z:run",
      kind: "generation",
      model: "gpt-4o-mini",
      now: new Date("2026-12-02T00:00:00Z"),
    });
    expect(retry).toEqual({ charge: first.charge, applied: false });
  });
});
