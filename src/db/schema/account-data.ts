import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { accounts, LEDGER_KINDS } from "./accounts";
import { createdAt } from "./columns";

// The owner's data and leaving (docs/guides/privacy.md): exports of everything the account holds,
// and what is kept of a closed account once the rest is deleted.

export const EXPORT_STATUSES = ["queued", "building", "ready", "failed", "expired"] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

/** One file of an export's archive while it is built: the R2 pieces it is made of, its size and CRC-32 so far. */
export interface ExportEntry {
  path: string;
  pieces: string[];
  size: number;
  crc: number;
}

/**
 * One export of the account (src/account-data/export.ts), built in queue steps: `step` is the
 * number of the next step (a message for another step is stale), `stage` and `cursor` say where
 * it stands, `done` of `total` is the progress the owner sees. The link's secret is kept as a hash.
 */
export const accountExports = sqliteTable(
  "account_exports",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** The member who asked (the e-mail goes to them); null for an operator token. */
    requestedBy: text("requested_by"),
    status: text("status", { enum: EXPORT_STATUSES }).notNull().default("queued"),
    step: integer("step").notNull().default(0),
    stage: text("stage").notNull().default("queued"),
    /** The rowid of the last row the stage wrote (0 before its first). */
    cursor: integer("cursor").notNull().default(0),
    done: integer("done").notNull().default(0),
    total: integer("total").notNull().default(0),
    entries: text("entries", { mode: "json" }).$type<ExportEntry[]>().notNull().default([]),
    sizeBytes: integer("size_bytes"),
    linkHash: text("link_hash"),
    error: text("error"),
    createdAt: createdAt(),
    progressAt: text("progress_at").notNull(),
    readyAt: text("ready_at"),
    expiresAt: text("expires_at"),
  },
  (t) => [
    index("account_exports_account_idx").on(t.accountId, t.createdAt),
    // One export in the making per account, also when two requests race.
    uniqueIndex("account_exports_running_unique").on(t.accountId).where(sql`${t.status} IN ('queued', 'building')`),
    uniqueIndex("account_exports_link_unique").on(t.linkHash),
  ],
);

/**
 * A closed account's ledger rows, kept after the account is deleted only because tax law asks for
 * the books (docs/guides/privacy.md), anonymised: the account id stays as an opaque key (nothing
 * left names the person it was), the free-text note goes. Deleted after `retainUntil`.
 */
export const retainedLedger = sqliteTable(
  "retained_ledger",
  {
    id: integer("id").primaryKey(),
    accountRef: text("account_ref").notNull(),
    kind: text("kind", { enum: LEDGER_KINDS }).notNull(),
    amountKurus: integer("amount_kurus").notNull(),
    balanceAfterKurus: integer("balance_after_kurus").notNull(),
    reference: text("reference").notNull(),
    createdAt: text("created_at").notNull(),
    retainUntil: text("retain_until").notNull(),
  },
  (t) => [index("retained_ledger_account_idx").on(t.accountRef, t.id), index("retained_ledger_until_idx").on(t.retainUntil)],
);

/** That a closed account was deleted, and when: the record of the erasure, with no personal data. */
export const closedAccounts = sqliteTable("closed_accounts", {
  accountRef: text("account_ref").primaryKey(),
  closeRequestedAt: text("close_requested_at").notNull(),
  purgedAt: text("purged_at").notNull(),
  ledgerRows: integer("ledger_rows").notNull(),
});
