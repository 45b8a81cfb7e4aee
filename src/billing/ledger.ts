import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Database } from "../db/client";
import { accounts, creditLedger, type LedgerKind } from "../db/schema";
import { notFound } from "../core/errors";
import { toIsoSeconds } from "../core/time";
import { runBatch } from "../db/batch";

export type LedgerEntry = typeof creditLedger.$inferSelect;

/** The spec's limit for GET /billing/transactions. */
export const TRANSACTIONS_LIMIT = 100;

export interface LedgerChange {
  accountId: string;
  kind: LedgerKind;
  /** Signed: positive adds to the balance, negative takes from it. */
  amountKurus: number;
  reference: string;
  note: string | null;
  now: Date;
}

// Every money write below is one D1 batch (one transaction). Its first statement claims
// something (a payment, a charge, a reference not used yet); the statements after it are
// guarded by that claim, so a replayed or concurrent request finds nothing to claim and
// changes nothing. The accounts CHECK (balance >= 0) is the last line of defence.

/** UPDATE of the balance by `amountKurus` (a number or a subquery), applied only where `guard` holds. */
export function moveBalance(accountId: string, amountKurus: number | SQL, guard: SQL): SQL {
  return sql`UPDATE accounts SET credit_balance_kurus = credit_balance_kurus + ${amountKurus} WHERE id = ${accountId} AND ${guard}`;
}

/** INSERT of the ledger row with the balance as the batch has just left it; follows moveBalance under the same guard. */
export function recordLedgerRow(change: Omit<LedgerChange, "amountKurus"> & { amountKurus: number | SQL }, guard: SQL): SQL {
  return sql`
    INSERT INTO credit_ledger (account_id, kind, amount_kurus, balance_after_kurus, reference, note, created_at)
    SELECT id, ${change.kind}, ${change.amountKurus}, credit_balance_kurus, ${change.reference}, ${change.note}, ${toIsoSeconds(change.now)}
    FROM accounts WHERE id = ${change.accountId} AND ${guard}`;
}

export function referenceUnused(accountId: string, reference: string): SQL {
  return sql`NOT EXISTS (SELECT 1 FROM credit_ledger WHERE account_id = ${accountId} AND reference = ${reference})`;
}

/**
 * Moves a balance by a signed amount with its ledger row, at most once per reference.
 * `applied` is false when the reference was used before (the earlier row is returned).
 * A change that would take the balance below zero fails on the accounts CHECK and changes nothing.
 */
export async function applyLedgerChange(db: Database, change: LedgerChange): Promise<{ entry: LedgerEntry; applied: boolean }> {
  const guard = referenceUnused(change.accountId, change.reference);
  const [moved] = await runBatch(db, [moveBalance(change.accountId, change.amountKurus, guard), recordLedgerRow(change, guard)]);
  const entry = await findLedgerEntry(db, change.accountId, change.reference);
  if (!entry) throw notFound("Account");
  return { entry, applied: moved!.meta.changes === 1 };
}

export async function findLedgerEntry(db: Database, accountId: string, reference: string): Promise<LedgerEntry | undefined> {
  const [entry] = await db
    .select()
    .from(creditLedger)
    .where(and(eq(creditLedger.accountId, accountId), eq(creditLedger.reference, reference)));
  return entry;
}

/** The account's last 100 balance movements, newest first. */
export async function listTransactions(db: Database, accountId: string): Promise<LedgerEntry[]> {
  return db
    .select()
    .from(creditLedger)
    .where(eq(creditLedger.accountId, accountId))
    .orderBy(desc(creditLedger.id))
    .limit(TRANSACTIONS_LIMIT);
}

export async function getBalanceKurus(db: Database, accountId: string): Promise<number> {
  const [row] = await db.select({ balance: accounts.creditBalanceKurus }).from(accounts).where(eq(accounts.id, accountId));
  if (!row) throw notFound("Account");
  return row.balance;
}

/** A random nonce that marks which batch claimed a row. */
export function newClaimToken(): string {
  return crypto.randomUUID();
}
