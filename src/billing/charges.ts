import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { charges, type ChargeKind } from "../db/schema";
import { AppError, notFound } from "../core/errors";
import { formatKurus } from "../core/money";
import { toIsoSeconds } from "../core/time";
import { runBatch } from "../db/batch";
import { getBalanceKurus, moveBalance, newClaimToken, recordLedgerRow } from "./ledger";

export type Charge = typeof charges.$inferSelect;

export interface ChargeRequest {
  accountId: string;
  /** The caller's idempotency key, e.g. `item_…:run`: one reservation per reference, ever. */
  reference: string;
  kind: ChargeKind;
  /** Shown with the ledger row, e.g. the article's title. */
  note?: string;
  /** The site the work is for: the report's site filter. */
  siteId?: string | null;
  now: Date;
}

/** What happened: `applied` is false when the reference was reserved before (the earlier charge is returned). */
export interface ChargeResult {
  charge: Charge;
  applied: boolean;
}

const ledgerReference = (reference: string) => `charge:${reference}`;
const refundReference = (reference: string) => `refund:${reference}`;

/**
 * Takes `amountKurus` from the balance before a generation starts, once per reference.
 * 402 when the balance is short (the message says by how much); the balance never goes below zero.
 */
export async function reserveCredits(db: Database, request: ChargeRequest & { amountKurus: number }): Promise<ChargeResult> {
  const { accountId, reference, amountKurus } = request;
  if (!Number.isSafeInteger(amountKurus) || amountKurus < 0) throw new RangeError(`not an amount of kuruş: ${amountKurus}`);
  const claim = newClaimToken();
  const claimed = sql`EXISTS (SELECT 1 FROM charges WHERE account_id = ${accountId} AND reference = ${reference} AND claim_token = ${claim})`;
  const at = toIsoSeconds(request.now);
  await runBatch(db, [
    // The one conditional step: the charge row exists only if the balance covered it at this point.
    sql`
      INSERT INTO charges (account_id, reference, mode, kind, amount_kurus, status, claim_token, site_id, created_at)
      SELECT id, ${reference}, 'credits', ${request.kind}, ${amountKurus}, 'reserved', ${claim}, ${request.siteId ?? null}, ${at}
      FROM accounts
      WHERE id = ${accountId} AND credit_balance_kurus >= ${amountKurus}
        AND NOT EXISTS (SELECT 1 FROM charges WHERE account_id = ${accountId} AND reference = ${reference})`,
    moveBalance(accountId, -amountKurus, claimed),
    recordLedgerRow(
      {
        accountId,
        kind: request.kind,
        amountKurus: -amountKurus,
        reference: ledgerReference(reference),
        note: request.note ?? null,
        now: request.now,
      },
      claimed,
    ),
  ]);

  const charge = await findCharge(db, accountId, reference);
  if (charge) {
    if (charge.mode !== "credits" || charge.amountKurus !== amountKurus) {
      throw new AppError("conflict", `The reference '${reference}' was already used for another charge`);
    }
    return { charge, applied: charge.claimToken === claim };
  }
  const balance = await getBalanceKurus(db, accountId);
  throw new AppError(
    "insufficient_credit",
    `Insufficient credit: this costs ${formatKurus(amountKurus)} TRY but the balance is ${formatKurus(balance)} TRY (${formatKurus(amountKurus - balance)} TRY short); top up with POST /api/billing/topup`,
  );
}

/** Marks a reserved charge as earned (the work succeeded); settling twice is harmless, after a refund it is 409. */
export async function settleCharge(db: Database, input: { accountId: string; reference: string; now: Date }): Promise<ChargeResult> {
  const [settled] = await db
    .update(charges)
    .set({ status: "settled", finishedAt: toIsoSeconds(input.now) })
    .where(and(eq(charges.accountId, input.accountId), eq(charges.reference, input.reference), eq(charges.status, "reserved")))
    .returning();
  if (settled) return { charge: settled, applied: true };
  const charge = await findCharge(db, input.accountId, input.reference);
  if (!charge) throw notFound("Charge");
  if (charge.status === "refunded") throw new AppError("conflict", `The charge '${input.reference}' was refunded and cannot be settled`);
  return { charge, applied: false };
}

/**
 * Gives a reserved charge back (the work failed): credits return to the balance with a
 * `refund` ledger row, a BYOK charge frees its quota unit. Once per reference; after a settle it is 409.
 */
export async function refundCharge(db: Database, input: { accountId: string; reference: string; now: Date }): Promise<ChargeResult> {
  const { accountId, reference } = input;
  const claim = newClaimToken();
  const ours = sql`account_id = ${accountId} AND reference = ${reference} AND claim_token = ${claim} AND mode = 'credits'`;
  const amount = sql`(SELECT amount_kurus FROM charges WHERE ${ours})`;
  const claimed = sql`EXISTS (SELECT 1 FROM charges WHERE ${ours})`;
  await runBatch(db, [
    db
      .update(charges)
      .set({ status: "refunded", claimToken: claim, finishedAt: toIsoSeconds(input.now) })
      .where(and(eq(charges.accountId, accountId), eq(charges.reference, reference), eq(charges.status, "reserved"))),
    moveBalance(accountId, amount, claimed),
    recordLedgerRow(
      { accountId, kind: "refund", amountKurus: amount, reference: refundReference(reference), note: null, now: input.now },
      claimed,
    ),
  ]);
  const charge = await findCharge(db, accountId, reference);
  if (!charge) throw notFound("Charge");
  if (charge.status === "settled") throw new AppError("conflict", `The charge '${reference}' was settled and cannot be refunded`);
  return { charge, applied: charge.claimToken === claim };
}

export async function findCharge(db: Database, accountId: string, reference: string): Promise<Charge | undefined> {
  const [charge] = await db
    .select()
    .from(charges)
    .where(and(eq(charges.accountId, accountId), eq(charges.reference, reference)));
  return charge;
}
