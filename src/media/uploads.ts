import { count, desc, eq, sql, sum } from "drizzle-orm";
import type { Database } from "../db/client";
import { uploads } from "../db/schema";
import { toIsoSeconds } from "../core/time";
import { newId } from "../core/ids";
import { deleteMedia, putImage, type MediaDeps, type StoredImage } from "./store";
import type { UploadedFile } from "./upload-body";

export type UploadRow = typeof uploads.$inferSelect;

/** Converts, stores and records one upload for the account; a refused image leaves nothing behind. */
export async function createUpload(
  deps: MediaDeps & { db: Database },
  input: { accountId: string; file: UploadedFile; now: Date },
): Promise<UploadRow> {
  const stored = await putImage(deps, { folder: "uploads", originalName: input.file.name, bytes: input.file.bytes });
  const row = uploadRow(stored, {
    id: newId("up"),
    accountId: input.accountId,
    originalName: input.file.name?.slice(0, 255) ?? null,
    originalBytes: input.file.bytes.length,
    now: input.now,
  });
  try {
    await deps.db.insert(uploads).values(row);
  } catch (error) {
    await deleteMedia(deps.bucket, stored.key).catch(() => {}); // an unrecorded file would be invisible storage
    throw error;
  }
  return row;
}

/** The uploads row of an image `putImage` stored (a user's upload, a run's hero image). */
export function uploadRow(
  stored: StoredImage,
  input: { id: string; accountId: string; originalName: string | null; originalBytes: number; now: Date },
): UploadRow {
  return {
    id: input.id,
    accountId: input.accountId,
    fileName: stored.fileName,
    objectKey: stored.key,
    contentType: stored.contentType,
    bytes: stored.bytes,
    width: stored.width,
    height: stored.height,
    originalName: input.originalName,
    originalType: stored.sourceType,
    originalBytes: input.originalBytes,
    createdAt: toIsoSeconds(input.now),
  };
}

/** One page of the account's uploads, newest first, with the count and stored bytes of all of them. */
export async function listUploads(db: Database, accountId: string, page: { page: number; perPage: number }) {
  const mine = eq(uploads.accountId, accountId);
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(uploads)
      .where(mine)
      .orderBy(desc(uploads.createdAt), desc(sql`rowid`))
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage),
    db
      .select({ count: count(), totalBytes: sum(uploads.bytes) })
      .from(uploads)
      .where(mine),
  ]);
  return { rows, count: totals?.count ?? 0, totalBytes: Number(totals?.totalBytes ?? 0) };
}
