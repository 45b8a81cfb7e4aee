import { and, eq, inArray, isNotNull, lte, type SQL, sql } from "drizzle-orm";
import { log } from "../core/logger";
import { runBatch } from "../db/batch";
import { toIsoSeconds } from "../core/time";
import {
  accountExports,
  accounts,
  closedAccounts,
  creditLedger,
  itemRuns,
  members,
  retainedLedger,
  sites,
  uploads,
  users,
} from "../db/schema";
import type { Services } from "../services/container";
import { deletePieces } from "./export-build";
import { archiveKey } from "./export";

// After the grace: everything a closed account holds is deleted, in cron ticks (files first, then
// the large tables, a page at a time, so a large account resumes on the next tick), then the rest in one batch: the
// ledger copied to retained_ledger, anonymised, the account row deleted (every table of the
// account cascades from it), and the sign-ins that belonged to no other account.

/** Tax law keeps the books: 10 years after the end of the year of the entry (docs/guides/privacy.md). */
export const LEDGER_RETENTION_YEARS = 10;
/** Files deleted per page (their rows' ids are bound: D1 takes 100 values a statement), and pages per tick. */
const KEYS_PER_PAGE = 90;
const PAGES_PER_TICK = 50;
/** Accounts looked at per tick. */
const ACCOUNTS_PER_TICK = 5;

/** The cron's job: purges the accounts whose grace has ended, within `pagesPerTick` pages of deletions; returns how many were deleted. */
export async function purgeClosedAccounts(services: Services, now: Date, pagesPerTick = PAGES_PER_TICK): Promise<number> {
  const due = await services.db
    .select({ id: accounts.id, closingAt: accounts.closingAt })
    .from(accounts)
    .where(and(isNotNull(accounts.closesAt), lte(accounts.closesAt, toIsoSeconds(now))))
    .limit(ACCOUNTS_PER_TICK);
  let purged = 0;
  const budget = { pages: pagesPerTick };
  for (const account of due) {
    if (!(await deleteFiles(services, account.id, budget))) break;
    await deleteRows(services, account.id, account.closingAt!, now);
    purged += 1;
  }
  return purged;
}

/** The account's files in R2 (uploads and generated pictures, their sources, exports); false when the tick's budget ran out first. */
async function deleteFiles(services: Services, accountId: string, budget: { pages: number }): Promise<boolean> {
  const { db } = services;
  const bucket = services.media.bucket;
  while (budget.pages > 0) {
    budget.pages -= 1;
    const files = await db
      .select({ id: uploads.id, key: uploads.objectKey })
      .from(uploads)
      .where(eq(uploads.accountId, accountId))
      .limit(KEYS_PER_PAGE);
    if (files.length > 0) {
      await bucket.delete(files.map((file) => file.key));
      await db.delete(uploads).where(
        inArray(
          uploads.id,
          files.map((file) => file.id),
        ),
      );
      continue;
    }
    const sources = await db
      .select({ itemId: itemRuns.itemId, attempt: itemRuns.attempt, key: itemRuns.heroSourceKey })
      .from(itemRuns)
      .where(and(eq(itemRuns.accountId, accountId), isNotNull(itemRuns.heroSourceKey)))
      .limit(KEYS_PER_PAGE);
    if (sources.length > 0) {
      await bucket.delete(sources.map((source) => source.key!));
      await db
        .update(itemRuns)
        .set({ heroSourceKey: null })
        .where(
          and(
            eq(itemRuns.accountId, accountId),
            isNotNull(itemRuns.heroSourceKey),
            inArray(
              itemRuns.heroSourceKey,
              sources.map((s) => s.key!),
            ),
          ),
        );
      continue;
    }
    const exports = await db.select().from(accountExports).where(eq(accountExports.accountId, accountId)).limit(50);
    if (exports.length > 0) {
      for (const job of exports) {
        await deletePieces(bucket, job.entries);
        await bucket.delete(archiveKey(job.id));
      }
      await db.delete(accountExports).where(
        inArray(
          accountExports.id,
          exports.map((job) => job.id),
        ),
      );
      continue;
    }
    if (await deleteLargeTablePage(db, accountId)) continue;
    return true;
  }
  return false;
}

/**
 * The tables that grow large (Search Console figures, articles with their full-text index, the
 * audit log…), a page at a time, so the final cascade has little left to do; each page is one
 * statement (`rowid IN (… LIMIT n)`). True when a page was deleted.
 */
async function deleteLargeTablePage(db: Services["db"], accountId: string): Promise<boolean> {
  const ofSites = sql`site_id IN (SELECT id FROM ${sites} WHERE account_id = ${accountId})`;
  const ofAccount = sql`account_id = ${accountId}`;
  const pages: [string, SQL, number][] = [
    // A page's daily rows, queries and decay go with it (up to ~500 rows each). The tables without a
    // rowid (search_daily, search_queries, search_site_daily) go with their page or site.
    ["search_pages", ofSites, 50],
    ["articles", ofAccount, 200],
    ["item_runs", ofAccount, 100],
    ["serp_research", ofAccount, 100],
    ["existing_posts", ofAccount, 500],
    ["audit_events", ofAccount, 1000],
  ];
  for (const [table, where, limit] of pages) {
    const name = sql.identifier(table);
    const result = await db.run(sql`DELETE FROM ${name} WHERE rowid IN (SELECT rowid FROM ${name} WHERE ${where} LIMIT ${limit})`);
    if (result.meta.changes > 0) return true;
  }
  return false;
}

/**
 * One batch: the ledger kept (anonymised: no note; the account id as an opaque key), the record
 * of the erasure, the account row (the rest cascades), and the users who were members of this
 * account only (their e-mail, password hash and language).
 */
async function deleteRows(services: Services, accountId: string, closingAt: string, now: Date): Promise<void> {
  const { db } = services;
  const at = toIsoSeconds(now);
  const [ledger] = await db.select({ n: sql<number>`count(*)` }).from(creditLedger).where(eq(creditLedger.accountId, accountId));
  await runBatch(db, [
    sql`
      INSERT INTO ${retainedLedger} (id, account_ref, kind, amount_kurus, balance_after_kurus, reference, created_at, retain_until)
      SELECT id, account_id, kind, amount_kurus, balance_after_kurus, reference, created_at,
        CAST(CAST(substr(created_at, 1, 4) AS INTEGER) + ${LEDGER_RETENTION_YEARS + 1} AS INTEGER) || '-01-01T00:00:00Z'
      FROM ${creditLedger} WHERE account_id = ${accountId}
      ON CONFLICT (id) DO NOTHING`,
    db
      .insert(closedAccounts)
      .values({ accountRef: accountId, closeRequestedAt: closingAt, purgedAt: at, ledgerRows: ledger?.n ?? 0 })
      .onConflictDoNothing(),
    // Before the account: its members still say whose sign-in belongs to it alone.
    db.delete(users).where(
      sql`${users.id} IN (SELECT user_id FROM ${members} WHERE account_id = ${accountId})
          AND NOT EXISTS (SELECT 1 FROM ${members} AS other WHERE other.user_id = ${users.id} AND other.account_id <> ${accountId})`,
    ),
    db.delete(accounts).where(eq(accounts.id, accountId)),
  ]);
  log("info", "account_purged", { accountId, ledgerRows: ledger?.n ?? 0 });
}

/** Retained ledger rows past their retention are deleted; returns how many. */
export async function dropExpiredLedger(services: Pick<Services, "db">, now: Date): Promise<number> {
  const gone = await services.db
    .delete(retainedLedger)
    .where(lte(retainedLedger.retainUntil, toIsoSeconds(now)))
    .returning({ id: retainedLedger.id });
  return gone.length;
}
