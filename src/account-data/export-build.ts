import { and, eq, sql } from "drizzle-orm";
import { crc32, crc32Update, randomBase62, sha256Hex } from "../core/crypto";
import { errorFields, log } from "../core/logger";
import type { ExportStep } from "../core/queue-messages";
import { toIsoSeconds } from "../core/time";
import { ZIP_MAX_BYTES, ZIP_MAX_ENTRIES, zipLayout } from "../core/zip";
import { accountExports, type ExportEntry, members, uploads, users } from "../db/schema";
import { recordAudit } from "../audit/audit";
import { sendExportReadyEmail } from "../email/events";
import { panelOrigin } from "../email/links";
import type { Services } from "../services/container";
import { accountDocument, EXPORT_AREAS } from "./export-areas";
import { archiveKey, EXPORT_LINK_DAYS, type ExportRow, exportLinkPath, piecePrefix, queueExportStep } from "./export";

// An export is built in steps, one queue message each, so a large account never outgrows one
// invocation: account.json, then each area's rows a page at a time (one JSON array per area,
// written in pieces to R2 with its size and CRC-32 carried on the row), then the media files a
// few at a time, then the archive: the zip's headers around the pieces, streamed into one R2
// object. Each step claims its number with one conditional UPDATE; a redelivered message finds
// the number taken and does nothing (the piece it may have written again is the same bytes).

/** Media files copied per step, and the bytes after which a step stops early. */
const MEDIA_FILES_PER_STEP = 20;
const MEDIA_BYTES_PER_STEP = 50 * 1024 * 1024;
/** An export with no progress for this long lost its message: the cron queues its step again. */
export const STALLED_EXPORT_MS = 15 * 60_000;

const encoder = new TextEncoder();

/** What one step changes on the export's row. */
type StepResult = Partial<Pick<ExportRow, "status" | "stage" | "cursor" | "done" | "total" | "entries" | "sizeBytes" | "error">> & {
  ready?: { linkKey: string };
};

/** The `export.step` handler: does the step the message names, once, and queues the next. */
export async function runExportStep(services: Services, message: ExportStep, now = new Date()): Promise<void> {
  const [job] = await services.db.select().from(accountExports).where(eq(accountExports.id, message.exportId));
  if (!job || job.step !== message.step || (job.status !== "queued" && job.status !== "building")) {
    log("info", "export_step_stale", { exportId: message.exportId, step: message.step });
    return;
  }
  let result: StepResult;
  try {
    result = await nextStep(services, job, now);
  } catch (error) {
    // Past the zip's limits no retry helps; anything else (R2, D1) is retried by the queue.
    if (!(error instanceof RangeError)) throw error;
    result = { status: "failed", error: error.message };
  }
  const { ready, ...fields } = result;
  const at = toIsoSeconds(now);
  const readyFields = ready
    ? {
        linkHash: await sha256Hex(ready.linkKey),
        readyAt: at,
        expiresAt: toIsoSeconds(new Date(now.getTime() + EXPORT_LINK_DAYS * 24 * 60 * 60_000)),
      }
    : {};
  const [moved] = await services.db
    .update(accountExports)
    .set({ status: "building", ...fields, ...readyFields, step: job.step + 1, progressAt: at })
    .where(and(eq(accountExports.id, job.id), eq(accountExports.step, job.step)))
    .returning();
  if (!moved) return;
  if (moved.status === "building") await queueExportStep(services, { exportId: job.id, step: moved.step });
  else if (moved.status === "failed") log("error", "export_failed", { accountId: job.accountId, exportId: job.id, error: moved.error });
  else if (ready) await tellReady(services, moved, ready.linkKey);
}

async function nextStep(services: Services, job: ExportRow, now: Date): Promise<StepResult> {
  if (job.stage === "queued") return writeAccount(services, job, now);
  const areaIndex = EXPORT_AREAS.findIndex((area) => area.file.replace(/\.json$/, "") === job.stage);
  if (areaIndex >= 0) return writeAreaPage(services, job, areaIndex);
  if (job.stage === "media") return copyMedia(services, job);
  return writeArchive(services, job, now);
}

const pieceKey = (job: ExportRow, suffix = "") => `${piecePrefix(job.id)}${job.step}${suffix}`;
const stageOf = (index: number) => EXPORT_AREAS[index]?.file.replace(/\.json$/, "") ?? "media";

/** The first step: account.json, and the total the progress counts to (one per file and row). */
async function writeAccount(services: Services, job: ExportRow, now: Date): Promise<StepResult> {
  const bytes = encoder.encode(`${JSON.stringify(await accountDocument(services.db, job.accountId, toIsoSeconds(now)), null, 2)}\n`);
  await services.media.bucket.put(pieceKey(job), bytes);
  const counts = await Promise.all([...EXPORT_AREAS.map((area) => area.count(services.db, job.accountId))]);
  const total = 1 + counts.reduce((sum, n) => sum + n, 0) + counts[EXPORT_AREAS.findIndex((a) => a.file === "uploads.json")]!;
  const entry: ExportEntry = { path: "account.json", pieces: [pieceKey(job)], size: bytes.length, crc: crc32(bytes) };
  return { stage: stageOf(0), cursor: 0, done: 1, total, entries: [entry] };
}

/** One page of an area's rows, appended to its JSON array (opened on its first page, closed on its last). */
async function writeAreaPage(services: Services, job: ExportRow, index: number): Promise<StepResult> {
  const area = EXPORT_AREAS[index]!;
  const rows = await area.rows(services.db, job.accountId, job.cursor, area.rowsPerStep);
  const last = rows.length < area.rowsPerStep;
  const entries = [...job.entries];
  const open = entries[entries.length - 1]?.path === area.file ? entries.pop()! : { path: area.file, pieces: [], size: 0, crc: 0 };
  const text =
    (open.pieces.length === 0 ? "[" : "") +
    (rows.length > 0 ? (job.cursor > 0 ? ",\n" : "\n") + rows.map((r) => JSON.stringify(r.row)).join(",\n") : "") +
    (last ? "\n]\n" : "");
  const bytes = encoder.encode(text);
  await services.media.bucket.put(pieceKey(job), bytes);
  entries.push({
    path: area.file,
    pieces: [...open.pieces, pieceKey(job)],
    size: open.size + bytes.length,
    crc: crc32Update(open.crc, bytes),
  });
  const done = job.done + rows.length;
  return last ? { stage: stageOf(index + 1), cursor: 0, done, entries } : { cursor: rows[rows.length - 1]!.rowid, done, entries };
}

/** A few of the account's stored files, copied as they are (a file gone from R2 meanwhile is left out). */
async function copyMedia(services: Services, job: ExportRow): Promise<StepResult> {
  const files = await services.db
    .select({ rowid: sql<number>`${uploads}.rowid`, key: uploads.objectKey })
    .from(uploads)
    .where(and(eq(uploads.accountId, job.accountId), sql`${uploads}.rowid > ${job.cursor}`))
    .orderBy(sql`${uploads}.rowid`)
    .limit(MEDIA_FILES_PER_STEP);
  const entries = [...job.entries];
  let read = 0;
  let cursor = job.cursor;
  let copied = 0;
  for (const [i, file] of files.entries()) {
    if (read >= MEDIA_BYTES_PER_STEP) break;
    cursor = file.rowid;
    copied += 1;
    const object = await services.media.bucket.get(file.key);
    if (!object) continue;
    const bytes = new Uint8Array(await object.arrayBuffer());
    read += bytes.length;
    const key = pieceKey(job, `-${i}`);
    await services.media.bucket.put(key, bytes);
    entries.push({ path: `media/${file.key}`, pieces: [key], size: bytes.length, crc: crc32(bytes) });
  }
  if (entries.length > ZIP_MAX_ENTRIES) throw new RangeError(`The archive would hold more than ${ZIP_MAX_ENTRIES} files`);
  const done = job.done + copied;
  return files.length === 0 ? { stage: "archive", cursor: 0, done, entries } : { cursor, done, entries };
}

/** The last step: the zip, streamed from the pieces into one object, then the pieces deleted. */
async function writeArchive(services: Services, job: ExportRow, now: Date): Promise<StepResult> {
  const bucket = services.media.bucket;
  const layout = zipLayout(job.entries, now);
  if (layout.size > ZIP_MAX_BYTES) throw new RangeError("The archive would be larger than 4 GiB");
  const { readable, writable } = new FixedLengthStream(layout.size);
  const stored = bucket.put(archiveKey(job.id), readable, {
    httpMetadata: { contentType: "application/zip" },
  });
  const writer = writable.getWriter();
  try {
    for (const [i, entry] of job.entries.entries()) {
      await writer.write(layout.locals[i]!);
      for (const key of entry.pieces) {
        const piece = await bucket.get(key);
        if (!piece) throw new Error(`Export ${job.id}: piece ${key} is missing`);
        await writer.write(new Uint8Array(await piece.arrayBuffer()));
      }
    }
    await writer.write(layout.trailer);
    await writer.close();
  } catch (error) {
    await writer.abort(error).catch(() => undefined);
    await stored.catch(() => undefined);
    throw error;
  }
  await stored;
  await deletePieces(bucket, job.entries);
  return { status: "ready", stage: "ready", done: job.total, sizeBytes: layout.size, ready: { linkKey: randomBase62(40) } };
}

/** Deletes an export's pieces (R2 takes up to 1,000 keys a call). */
export async function deletePieces(bucket: R2Bucket, entries: ExportEntry[]): Promise<void> {
  const keys = entries.flatMap((entry) => entry.pieces);
  for (let i = 0; i < keys.length; i += 1000) await bucket.delete(keys.slice(i, i + 1000));
}

/** Recorded in the audit log; the link, by e-mail to the member who asked (in their language); an operator's export has no one to tell. */
async function tellReady(services: Services, job: ExportRow, linkKey: string): Promise<void> {
  log("info", "export_ready", { accountId: job.accountId, exportId: job.id, sizeBytes: job.sizeBytes });
  await recordAudit(
    services.db,
    job.accountId,
    { memberId: null, via: "system" },
    {
      action: "account.export_ready",
      targetType: "export",
      targetId: job.id,
      detail: { sizeBytes: job.sizeBytes, expiresAt: job.expiresAt },
    },
  );
  if (!job.requestedBy) return;
  try {
    const [member] = await services.db
      .select({ email: users.email, locale: users.locale })
      .from(members)
      .innerJoin(users, eq(users.id, members.userId))
      .where(and(eq(members.id, job.requestedBy), eq(members.accountId, job.accountId)));
    if (!member) return;
    await sendExportReadyEmail(services, {
      accountId: job.accountId,
      exportId: job.id,
      memberId: job.requestedBy,
      email: member.email,
      locale: member.locale,
      url: `${panelOrigin(services.config) ?? ""}${exportLinkPath(job.id, linkKey)}`,
      expiresAt: job.expiresAt!,
      sizeBytes: job.sizeBytes ?? 0,
    });
  } catch (error) {
    // The owner still downloads it from the panel (GET /api/account/export/download).
    log("error", "export_email_not_queued", { accountId: job.accountId, exportId: job.id, ...errorFields(error) });
  }
}
