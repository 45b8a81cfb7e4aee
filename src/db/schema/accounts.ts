import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";

export const BILLING_MODES = ["CREDITS", "BYOK_MONTHLY", "BYOK_YEARLY"] as const;
export type BillingMode = (typeof BILLING_MODES)[number];

export const accounts = sqliteTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    /** What members and invitees are shown (an invitation's subject names it); null until an owner or admin names the account. */
    name: text("name"),
    billingMode: text("billing_mode", { enum: BILLING_MODES }).notNull().default("CREDITS"),
    creditBalanceKurus: integer("credit_balance_kurus").notNull().default(0),
    /**
     * When an owner asked to close the account (src/account-data/close.ts): its credentials went at
     * once, the rest goes at `closesAt` (14 days later) unless an owner cancels. Null: open.
     */
    closingAt: text("closing_at"),
    closesAt: text("closes_at"),
    /** The member who asked to close it. */
    closeRequestedBy: text("close_requested_by"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("accounts_email_unique").on(t.email),
    check("accounts_balance_not_negative", sql`${t.creditBalanceKurus} >= 0`),
    // The cron's purge finds the accounts whose grace has ended without reading the open ones.
    index("accounts_closes_at_idx").on(t.closesAt).where(sql`${t.closesAt} IS NOT NULL`),
  ],
);

export const LEDGER_KINDS = ["topup", "generation", "improvement", "chat", "refund", "licence", "adjustment", "signup"] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** Every change of a balance is one row; `reference` makes each change happen at most once. */
export const creditLedger = sqliteTable(
  "credit_ledger",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: LEDGER_KINDS }).notNull(),
    amountKurus: integer("amount_kurus").notNull(),
    balanceAfterKurus: integer("balance_after_kurus").notNull(),
    reference: text("reference").notNull(),
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("credit_ledger_account_reference_unique").on(t.accountId, t.reference),
    index("credit_ledger_account_id_idx").on(t.accountId, t.id),
  ],
);
