import { and, desc, eq, isNotNull, ne } from "drizzle-orm";
import { NO_USAGE } from "../../adapters/provider-usage";
import { AppError } from "../../core/errors";
import { slugify } from "../../core/slug";
import { log } from "../../core/logger";
import { toIsoSeconds } from "../../core/time";
import { itemRuns, uploads } from "../../db/schema";
import { inspectImage } from "../../media/convert";
import { getMediaBytes, putImage } from "../../media/store";
import { uploadRow } from "../../media/uploads";
import { modelsForAccount } from "../../billing/account-models";
import type { Services } from "../../services/container";
import type { ItemRunParams } from "../run-params";
import { markStage, runRow } from "./run-state";

// The hero image: drawn (or the one an earlier run stored, reused), verified, stored as webp.
// Each step may run more than once (the Workflow retries and replays): every one is idempotent,
// reads what it needs from D1/R2 and returns only small keys.

/** Hero images narrower than this are refused (they would be upscaled by themes). */
export const MIN_HERO_WIDTH = 1024;

const heroSourceKey = (run: ItemRunParams) => `heroes/source/${run.itemId}-a${run.attempt}`;

/** Draws the hero image and keeps the model's bytes in R2 until they are verified and converted. */
export async function drawHeroImage(services: Services, run: ItemRunParams, now = new Date()): Promise<{ key: string }> {
  await markStage(services, run, "draw hero image", now);
  const record = await runRow(services, run);
  if (record.heroSourceKey) return { key: record.heroSourceKey };
  if (record.heroUploadId) return { key: record.heroUploadId };
  // A rerun keeps the hero an earlier run of the item stored: no second picture in our uploads or the site's media library.
  const [earlier] = await services.db
    .select({ heroUploadId: itemRuns.heroUploadId, imageProvider: itemRuns.imageProvider, imageModel: itemRuns.imageModel })
    .from(itemRuns)
    .where(and(eq(itemRuns.itemId, run.itemId), ne(itemRuns.attempt, run.attempt), isNotNull(itemRuns.heroUploadId)))
    .orderBy(desc(itemRuns.attempt))
    .limit(1);
  if (
    earlier?.heroUploadId &&
    (await services.db.select({ id: uploads.id }).from(uploads).where(eq(uploads.id, earlier.heroUploadId))).length > 0
  ) {
    await services.db
      .update(itemRuns)
      .set({
        heroUploadId: earlier.heroUploadId,
        imageProvider: earlier.imageProvider,
        imageModel: earlier.imageModel,
        imageUsage: NO_USAGE,
        updatedAt: toIsoSeconds(now),
      })
      .where(and(eq(itemRuns.itemId, run.itemId), eq(itemRuns.attempt, run.attempt)));
    log("info", "item_run_hero_reused", { ...run, uploadId: earlier.heroUploadId });
    return { key: earlier.heroUploadId };
  }
  if (!record.draft) throw new AppError("internal_error", `Run ${run.attempt} of item ${run.itemId} has no draft`);
  const { image } = await modelsForAccount(services, run.accountId);
  const picture = await image.generate({ prompt: record.draft.heroImagePrompt });
  const key = heroSourceKey(run);
  await services.media.bucket.put(key, picture.bytes);
  await services.db
    .update(itemRuns)
    .set({
      heroSourceKey: key,
      imageProvider: image.provider,
      imageModel: image.model,
      imageUsage: picture.usage,
      updatedAt: toIsoSeconds(now),
    })
    .where(and(eq(itemRuns.itemId, run.itemId), eq(itemRuns.attempt, run.attempt)));
  return { key };
}

/**
 * Verifies the hero image (an image that decodes, at least MIN_HERO_WIDTH wide, with alt text),
 * converts it to webp at most 1600 px wide and stores it as an upload of the account.
 */
export async function storeHeroImage(services: Services, run: ItemRunParams, now = new Date()): Promise<{ uploadId: string }> {
  await markStage(services, run, "store hero image", now);
  const record = await runRow(services, run);
  if (record.heroUploadId) return { uploadId: record.heroUploadId };
  if (!record.draft || !record.heroSourceKey)
    throw new AppError("internal_error", `Run ${run.attempt} of item ${run.itemId} has no hero image to store`);
  if (!record.draft.heroImageAlt.trim()) throw new AppError("hero_image_rejected", "The hero image has no alt text");
  const source = await getMediaBytes(services.media.bucket, record.heroSourceKey);
  if (!source) throw new AppError("internal_error", `The hero image ${record.heroSourceKey} is missing from the bucket`);
  const { size } = inspectImage(source.bytes);
  if (size.width < MIN_HERO_WIDTH)
    throw new AppError("hero_image_rejected", `The hero image is ${size.width} px wide; at least ${MIN_HERO_WIDTH} px is required`);

  const fileName = `${slugify(record.draft.title, { maxLength: 60 })}-${run.itemId.slice(-8).toLowerCase()}-a${run.attempt}.webp`;
  const stored = await putImage(services.media, { folder: "heroes", fileName, bytes: source.bytes });
  const at = toIsoSeconds(now);
  const uploadId = `up_hero_${run.itemId.slice(5)}_a${run.attempt}`;
  await services.db.batch([
    services.db
      .insert(uploads)
      // Named by what it shows (the alt text, in the article's language), as the media list shows it.
      .values(
        uploadRow(stored, {
          id: uploadId,
          accountId: run.accountId,
          originalName: record.draft.heroImageAlt.trim(),
          originalBytes: source.bytes.length,
          now,
        }),
      )
      .onConflictDoNothing(),
    services.db
      .update(itemRuns)
      .set({ heroUploadId: uploadId, updatedAt: at })
      .where(and(eq(itemRuns.itemId, run.itemId), eq(itemRuns.attempt, run.attempt))),
  ]);
  await services.media.bucket.delete(record.heroSourceKey);
  return { uploadId };
}
