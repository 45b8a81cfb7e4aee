import { and, eq, inArray, lt, lte, sql } from "drizzle-orm";
import { log } from "../core/logger";
import { toIsoSeconds } from "../core/time";
import { accountExports } from "../db/schema";
import type { Services } from "../services/container";
import { deletePieces, STALLED_EXPORT_MS } from "./export-build";
import { archiveKey, queueExportStep } from "./export";
import { dropExpiredLedger, purgeClosedAccounts } from "./purge";

/**
 * The cron tick's share: ready exports past their 7 days expire (their archive deleted), failed
 * ones lose their pieces, an export whose step message was lost is queued again (after a day
 * without progress it is given up), closed accounts
 * past their grace are purged, and retained ledger rows past their retention go. Returns what it did, in all.
 */
export async function runAccountDataTick(services: Services, now: Date): Promise<number> {
  const expired = await expireExports(services, now);
  const resumed = await resumeStalledExports(services, now);
  const purged = await purgeClosedAccounts(services, now);
  const ledgerDropped = await dropExpiredLedger(services, now);
  if (expired + resumed + purged + ledgerDropped > 0) log("info", "account_data_tick", { expired, resumed, purged, ledgerDropped });
  return expired + resumed + purged + ledgerDropped;
}

async function expireExports(services: Services, now: Date): Promise<number> {
  const bucket = services.media.bucket;
  const due = await services.db
    .update(accountExports)
    .set({ status: "expired" })
    .where(and(eq(accountExports.status, "ready"), lte(accountExports.expiresAt, toIsoSeconds(now))))
    .returning({ id: accountExports.id });
  for (const job of due) await bucket.delete(archiveKey(job.id));
  const failed = await services.db
    .select({ id: accountExports.id, entries: accountExports.entries })
    .from(accountExports)
    .where(and(eq(accountExports.status, "failed"), sql`${accountExports.stage} <> 'failed'`))
    .limit(20);
  for (const job of failed) await deletePieces(bucket, job.entries);
  if (failed.length > 0)
    await services.db
      .update(accountExports)
      .set({ entries: [], stage: "failed" })
      .where(
        inArray(
          accountExports.id,
          failed.map((job) => job.id),
        ),
      );
  return due.length;
}

/** An export that has not moved for a day is given up: its step keeps failing (the dead-letter log says why). */
const GIVE_UP_EXPORT_MS = 24 * 60 * 60_000;

async function resumeStalledExports(services: Services, now: Date): Promise<number> {
  await services.db
    .update(accountExports)
    .set({ status: "failed", error: "The export stopped moving for a day; ask for a new one" })
    .where(
      and(
        inArray(accountExports.status, ["queued", "building"]),
        lt(accountExports.progressAt, toIsoSeconds(new Date(now.getTime() - GIVE_UP_EXPORT_MS))),
      ),
    );
  const stalled = await services.db
    .select({ id: accountExports.id, step: accountExports.step })
    .from(accountExports)
    .where(
      and(
        inArray(accountExports.status, ["queued", "building"]),
        lt(accountExports.progressAt, toIsoSeconds(new Date(now.getTime() - STALLED_EXPORT_MS))),
      ),
    )
    .limit(20);
  for (const job of stalled) await queueExportStep(services, { exportId: job.id, step: job.step });
  return stalled.length;
}
