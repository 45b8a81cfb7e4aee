import { and, desc, eq, inArray } from "drizzle-orm";
import { sha256Hex, timingSafeEqualText } from "../core/crypto";
import { AppError } from "../core/errors";
import { newId } from "../core/ids";
import { log } from "../core/logger";
import { EXPORT_STEP_MESSAGE, type ExportStep } from "../core/queue-messages";
import { toIsoSeconds } from "../core/time";
import { accountExports } from "../db/schema";
import type { Caller } from "../http/context";
import { recordAudit } from "../audit/audit";
import type { Services } from "../services/container";

// An owner's export of everything the account holds: asked for here, built in queue steps
// (export-build.ts), downloaded with the owner's session or token, or with the e-mailed link.

/** How long a ready archive (and its link) lasts before the cron deletes it. */
export const EXPORT_LINK_DAYS = 7;

export type ExportRow = typeof accountExports.$inferSelect;

/** The R2 key of an export's archive, and the prefix of the pieces it is built from. */
export const archiveKey = (exportId: string) => `exports/${exportId}/archive.zip`;
export const piecePrefix = (exportId: string) => `exports/${exportId}/pieces/`;

/** Queues one step of an export on the search queue. */
export async function queueExportStep(services: Pick<Services, "queues">, step: ExportStep): Promise<void> {
  await services.queues.search.send({ type: EXPORT_STEP_MESSAGE, ...step });
}

/**
 * Starts an export of the caller's account, or answers the one being built: one at a time per
 * account (a partial unique index decides when two requests race). `started` says which.
 */
export async function startExport(services: Services, caller: Caller, now: Date): Promise<{ job: ExportRow; started: boolean }> {
  const at = toIsoSeconds(now);
  const [job] = await services.db
    .insert(accountExports)
    .values({ id: newId("exp"), accountId: caller.accountId, requestedBy: caller.memberId, createdAt: at, progressAt: at })
    .onConflictDoNothing()
    .returning();
  if (!job) {
    const [running] = await services.db
      .select()
      .from(accountExports)
      .where(and(eq(accountExports.accountId, caller.accountId), inArray(accountExports.status, ["queued", "building"])));
    if (running) return { job: running, started: false };
    throw new AppError("conflict", "An export was just finished; ask again to start a new one");
  }
  await recordAudit(services.db, caller.accountId, caller, { action: "account.export_started", targetType: "export", targetId: job.id });
  await queueExportStep(services, { exportId: job.id, step: 0 });
  log("info", "export_started", { accountId: caller.accountId, exportId: job.id });
  return { job, started: true };
}

/** The account's newest export, or null. */
export async function latestExport(db: Services["db"], accountId: string): Promise<ExportRow | null> {
  const [job] = await db
    .select()
    .from(accountExports)
    .where(eq(accountExports.accountId, accountId))
    .orderBy(desc(accountExports.createdAt), desc(accountExports.id))
    .limit(1);
  return job ?? null;
}

/** The archive of a ready export that has not expired: 409 while it is not ready, 410 once expired. */
export async function openArchive(services: Pick<Services, "media">, job: ExportRow | null, now: Date): Promise<R2ObjectBody> {
  if (job?.status === "expired" || (job?.status === "ready" && job.expiresAt !== null && job.expiresAt <= toIsoSeconds(now)))
    throw new AppError("export_expired", `The export expired at ${job.expiresAt}; ask for a new one with POST /api/account/export`);
  if (job?.status !== "ready")
    throw new AppError("export_not_ready", job ? `The export is ${job.status}, not ready to download` : "The account has no export yet");
  const object = await services.media.bucket.get(archiveKey(job.id));
  if (!object) throw new AppError("export_expired", "The export's archive is gone; ask for a new one with POST /api/account/export");
  return object;
}

/**
 * The export an e-mailed link names, when its key is right: 404 `export_link_unknown` for a
 * wrong key or an export that no longer exists (the same answer, so the link's id tells nothing).
 */
export async function exportOfLink(db: Services["db"], exportId: string, key: string | undefined): Promise<ExportRow> {
  const [job] = await db.select().from(accountExports).where(eq(accountExports.id, exportId));
  const hash = key ? await sha256Hex(key) : "";
  if (!job?.linkHash || !timingSafeEqualText(hash, job.linkHash))
    throw new AppError("export_link_unknown", "This download link is unknown: ask the account's owner for a new export");
  return job;
}

/** The path of an export's download link; the key goes in the query (it is never logged: see docs/decisions.md). */
export const exportLinkPath = (exportId: string, key: string) =>
  `/api/exports/${encodeURIComponent(exportId)}/archive?key=${encodeURIComponent(key)}`;

/** The file name an archive is downloaded as. */
export const archiveFileName = (job: Pick<ExportRow, "readyAt" | "createdAt">) =>
  `content-autopilot-export-${(job.readyAt ?? job.createdAt).slice(0, 10)}.zip`;
