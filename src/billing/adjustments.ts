import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { accounts } from "../db/schema";
import { AppError, notFound } from "../core/errors";
import { randomBase62 } from "../core/crypto";
import { formatKurus } from "../core/money";
import { applyLedgerChange, findLedgerEntry, getBalanceKurus, type LedgerEntry } from "./ledger";

/**
 * An operator's correction of a balance (signed), recorded in the ledger with its reason.
 * With a `reference` the same adjustment is applied once however often it is sent.
 * 409 when it would take the balance below zero.
 */
export async function adjustBalance(
  db: Database,
  input: { accountId: string; amountKurus: number; reason: string; reference?: string; now: Date },
): Promise<{ entry: LedgerEntry; applied: boolean }> {
  const [account] = await db.select({ balance: accounts.creditBalanceKurus }).from(accounts).where(eq(accounts.id, input.accountId));
  if (!account) throw notFound("Account");
  const reference = `adjustment:${input.reference ?? randomBase62(16)}`;

  const earlier = await findLedgerEntry(db, input.accountId, reference);
  if (earlier) return sameAdjustment(earlier, input.amountKurus, reference);
  if (account.balance + input.amountKurus < 0) throw belowZero(account.balance, input.amountKurus);
  try {
    const result = await applyLedgerChange(db, {
      accountId: input.accountId,
      kind: "adjustment",
      amountKurus: input.amountKurus,
      reference,
      note: input.reason,
      now: input.now,
    });
    return result.applied ? result : sameAdjustment(result.entry, input.amountKurus, reference);
  } catch (error) {
    // The balance fell between the check and the write: the accounts CHECK refused it.
    if (String(error).includes("CHECK constraint failed")) throw belowZero(await getBalanceKurus(db, input.accountId), input.amountKurus);
    throw error;
  }
}

function sameAdjustment(entry: LedgerEntry, amountKurus: number, reference: string) {
  if (entry.amountKurus !== amountKurus)
    throw new AppError(
      "conflict",
      `The reference '${reference.slice("adjustment:".length)}' was already used for an adjustment of ${formatKurus(entry.amountKurus)} TRY`,
    );
  return { entry, applied: false };
}

function belowZero(balanceKurus: number, amountKurus: number) {
  return new AppError(
    "conflict",
    `The balance is ${formatKurus(balanceKurus)} TRY; an adjustment of ${formatKurus(amountKurus)} TRY would take it below zero`,
  );
}
