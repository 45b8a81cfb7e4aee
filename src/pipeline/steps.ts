import { and, desc, eq, inArray, isNotNull, ne, sql } from "drizzle-orm";
import { generateStructured } from "../adapters/text-model/structured";
import { addUsage, NO_USAGE } from "../adapters/provider-usage";
import { findCharge, refundCharge, settleCharge } from "../billing/charges";
import { reserveGeneration } from "../billing/generation-charge";
import { AppError, notFound } from "../core/errors";
import { bodyColumns } from "../articles/service";
import { slugify } from "../core/html-text";
import { log } from "../core/logger";
import { sanitizeHtml } from "../core/sanitize-html";
import { toIsoSeconds } from "../core/time";
import { runBatch } from "../db/batch";
import { wakeDelivery } from "../webhooks/deliver";
import { articlesChanged } from "../public/content-version";
import { articles, itemRuns, planItems, plans, scannedPosts, sites, uploads, webhookDeliveries, type ArticleStatus } from "../db/schema";
import { inspectImage } from "../media/convert";
import { getMediaBytes, mediaUrl, putImage } from "../media/store";
import { completePlanIfDone } from "../plans/state";
import { publishingPlatformFor } from "../publishing/platform";
import { RemotePostNotOurs, type PublishableArticle, type PublishedRef, type PublishingPlatform } from "../publishing/port";
import { modelsForAccount } from "../services/account-models";
import type { Services } from "../services/container";
import { briefOf } from "../sites/brief";
import { getSite, type SiteRow } from "../sites/service";
import { writeArticleTask } from "./article-task";
import { checkArticle } from "./checks";
import type { ArticleDraft, SiteLink } from "./draft";
import { runChargeReference, type ItemRunParams } from "./run-params";

/**
 * The steps of one run of a plan item, as plain functions of the services. The Workflow
 * (workflow.ts) calls each inside a named `step.do`, so each may run more than once: every one
 * is idempotent, reads what it needs from D1/R2 and returns only small keys.
 */

/** Hero images narrower than this are refused (they would be upscaled by themes). */
export const MIN_HERO_WIDTH = 1024;
/** Links offered to the model: the newest posts of the inventory and the site's earlier articles. */
const MAX_LINKS_OFFERED = 40;

type ItemRow = typeof planItems.$inferSelect;

/** Why a run ended without an article: what the item shows and the run route answers. */
export interface RunFailure {
  status: number;
  message: string;
  /** True when a newer run of the item took over: that run, not this one, decides the item's state. */
  superseded?: boolean;
}

/** A permanent failure as a value: the Workflow stops on it instead of retrying. */
export type StepOutcome<T> = { ok: true; value: T } | { ok: false; failure: RunFailure };

/**
 * Runs a step body and sorts its failure: a transient one (an outage, a timeout, a rate limit, a
 * database hiccup) is thrown so the engine retries with backoff; a permanent one (402/403, a
 * rejected key or credentials, checks that still fail) comes back as a value.
 */
export async function permanentFailureAsValue<T>(body: () => Promise<T>, onTransient?: (error: unknown) => Promise<void>): Promise<StepOutcome<T>> {
  try {
    return { ok: true, value: await body() };
  } catch (error) {
    if (isTransient(error)) {
      await onTransient?.(error).catch(() => {});
      throw error;
    }
    return { ok: false, failure: failureOf(error) };
  }
}

/**
 * A step failed in a way the engine retries: the item shows it (the error, and when the next
 * try is due), so a run that struggles does not look healthy. `nextTryAt` is null after the last try.
 */
export async function recordStruggle(services: Services, run: ItemRunParams, error: unknown, retries: { limit: number; delayMs: number; exponential: boolean }, now = new Date()): Promise<void> {
  const message = error instanceof AppError ? error.message : "An internal error; the step is retried";
  const [item] = await services.db.select({ stageTry: planItems.stageTry }).from(planItems).where(eq(planItems.id, run.itemId));
  const tries = item?.stageTry ?? 1;
  const delayMs = retries.exponential ? retries.delayMs * 2 ** (tries - 1) : retries.delayMs;
  const nextTryAt = tries <= retries.limit ? toIsoSeconds(new Date(now.getTime() + delayMs)) : null;
  await services.db
    .update(planItems)
    .set({ lastError: message.slice(0, 1000), nextTryAt, updatedAt: toIsoSeconds(now) })
    .where(and(eq(planItems.id, run.itemId), eq(planItems.attempts, run.attempt), eq(planItems.status, "GENERATING")));
}

function isTransient(error: unknown): boolean {
  if (!(error instanceof AppError)) return true;
  if ("retryable" in error && typeof error.retryable === "boolean") return error.retryable;
  return error.status >= 500;
}

export function failureOf(error: unknown): RunFailure {
  if (error instanceof SupersededError) return { status: error.status, message: error.message, superseded: true };
  if (error instanceof AppError) return { status: error.status, message: error.message };
  return { status: 502, message: error instanceof Error && error.message ? error.message : "The run failed" };
}

export class SupersededError extends AppError {
  constructor(run: ItemRunParams) {
    super("conflict", `Run ${run.attempt} of item ${run.itemId} was replaced by a newer run`);
  }
}

async function itemOf(services: Services, run: ItemRunParams): Promise<ItemRow> {
  const [item] = await services.db
    .select()
    .from(planItems)
    .where(and(eq(planItems.id, run.itemId), eq(planItems.accountId, run.accountId)));
  if (!item) throw notFound("Plan item");
  return item;
}

/**
 * Records that the run is at `stage` (plan detail shows it; the cron tick restarts runs whose
 * progress stops). Throws SupersededError when the item no longer belongs to this run.
 */
export async function markStage(services: Services, run: ItemRunParams, stage: string, now = new Date()): Promise<void> {
  const at = toIsoSeconds(now);
  const sameStage = sql`${planItems.stage} = ${stage}`;
  const moved = await services.db
    .update(planItems)
    .set({
      stage,
      // The try of this stage (1 on entering it), and its last error kept while the stage is retried.
      stageTry: sql`CASE WHEN ${sameStage} THEN ${planItems.stageTry} + 1 ELSE 1 END`,
      lastError: sql`CASE WHEN ${sameStage} THEN ${planItems.lastError} ELSE NULL END`,
      nextTryAt: null,
      progressAt: at,
      updatedAt: at,
    })
    .where(and(eq(planItems.id, run.itemId), eq(planItems.attempts, run.attempt), eq(planItems.status, "GENERATING")))
    .returning({ id: planItems.id });
  if (moved.length === 0) throw new SupersededError(run);
}

/**
 * QUEUED → GENERATING for this run. Nothing to do when the item left the queue meanwhile (its
 * plan was paused, or a newer run took it): the run ends without touching it.
 */
export async function claimRun(services: Services, run: ItemRunParams, now = new Date()): Promise<{ claimed: boolean; startedAt: string; reason?: string }> {
  const at = toIsoSeconds(now);
  const [claimed] = await services.db
    .update(planItems)
    .set({ status: "GENERATING", stage: "claim", progressAt: at, failureReason: null, failureStatus: null, firstClaimedAt: sql`COALESCE(${planItems.firstClaimedAt}, ${at})`, updatedAt: at })
    .where(and(eq(planItems.id, run.itemId), eq(planItems.accountId, run.accountId), eq(planItems.attempts, run.attempt), inArray(planItems.status, ["QUEUED", "GENERATING"])))
    .returning({ id: planItems.id });
  if (!claimed) {
    const item = await itemOf(services, run).catch(() => null);
    const reason = !item ? "the item was deleted" : item.attempts !== run.attempt ? `run ${item.attempts} replaced it` : `the item is ${item.status}`;
    // A run-now reserved this run's price before starting it: a run that never starts gives it back.
    await refundRunCharge(services, run, now);
    log("info", "item_run_skipped", { ...run, reason });
    return { claimed: false, startedAt: at, reason };
  }
  await services.db.insert(itemRuns).values({ itemId: run.itemId, attempt: run.attempt, accountId: run.accountId, createdAt: at, updatedAt: at }).onConflictDoNothing();
  log("info", "item_run_started", { ...run });
  return { claimed: true, startedAt: at };
}

/** Reserves the run's price (credits) or quota unit (BYOK); 402/403 end the run before any model is called. */
export async function reserveRunCharge(services: Services, run: ItemRunParams, now = new Date()): Promise<{ amountKurus: number }> {
  await markStage(services, run, "reserve charge", now);
  const item = await itemOf(services, run);
  const models = await modelsForAccount(services, run.accountId);
  const { charge } = await reserveGeneration(services.db, services.config.billing, {
    accountId: run.accountId,
    reference: runChargeReference(run),
    kind: "generation",
    model: models.text.model,
    note: item.title,
    siteId: item.siteId,
    now,
  });
  return { amountKurus: charge.amountKurus };
}

/** Pages of the site the article may link to: inventory posts and earlier published articles. */
async function siteLinks(services: Services, site: SiteRow): Promise<SiteLink[]> {
  const [posts, earlier] = await services.db.batch([
    services.db
      .select({ title: scannedPosts.title, url: scannedPosts.url })
      .from(scannedPosts)
      .where(eq(scannedPosts.siteId, site.id))
      .orderBy(desc(scannedPosts.modifiedAt))
      .limit(MAX_LINKS_OFFERED),
    services.db
      .select({ title: articles.title, url: articles.publicationUrl })
      .from(articles)
      .where(and(eq(articles.siteId, site.id), eq(articles.status, "published"), isNotNull(articles.publicationUrl)))
      .orderBy(desc(articles.createdAt))
      .limit(MAX_LINKS_OFFERED),
  ]);
  const links = new Map<string, SiteLink>();
  for (const link of [...earlier, ...posts]) if (link.url) links.set(link.url, { title: link.title, url: link.url });
  return [...links.values()].slice(0, MAX_LINKS_OFFERED);
}

interface RunSubject {
  item: ItemRow;
  site: SiteRow;
  links: SiteLink[];
}

async function subjectOf(services: Services, run: ItemRunParams): Promise<RunSubject> {
  const item = await itemOf(services, run);
  const site = await getSite(services.db, run.accountId, item.siteId);
  return { item, site, links: await siteLinks(services, site) };
}

async function runRow(services: Services, run: ItemRunParams) {
  const [row] = await services.db
    .select()
    .from(itemRuns)
    .where(and(eq(itemRuns.itemId, run.itemId), eq(itemRuns.attempt, run.attempt)));
  if (!row) throw new AppError("internal_error", `Run ${run.attempt} of item ${run.itemId} has no record`);
  return row;
}

/**
 * Writes the article (round 1) or rewrites it naming the failures of the checks (round 2) and
 * stores the draft with the tokens used. A replay of a round already written changes nothing.
 */
export async function writeDraft(services: Services, run: ItemRunParams, round: number, failures: string[] = [], now = new Date()): Promise<{ round: number }> {
  await markStage(services, run, round === 1 ? "write article" : "rewrite article", now);
  const record = await runRow(services, run);
  if (record.draftRound >= round) return { round: record.draftRound };
  const { item, site, links } = await subjectOf(services, run);
  const { text } = await modelsForAccount(services, run.accountId);
  const { value, usage } = await generateStructured(text, writeArticleTask, {
    language: site.language,
    siteUrl: site.url,
    brief: briefOf(site),
    title: item.title,
    targetKeyword: item.targetKeyword,
    minWords: services.config.pipeline.minArticleWords,
    internalLinks: links,
    failures,
  });
  const draft: ArticleDraft = { ...value, html: sanitizeHtml(value.html) };
  await services.db
    .update(itemRuns)
    .set({ draft, draftRound: round, textProvider: text.provider, textModel: text.model, textUsage: addUsage(record.textUsage ?? NO_USAGE, usage), updatedAt: toIsoSeconds(now) })
    .where(and(eq(itemRuns.itemId, run.itemId), eq(itemRuns.attempt, run.attempt), sql`${itemRuns.draftRound} < ${round}`));
  log("info", "item_run_draft_written", { ...run, round, words: bodyColumns(draft.html).wordCount });
  return { round };
}

/** What the checks find wrong with the stored draft; empty when it may be published. */
export async function checkDraft(services: Services, run: ItemRunParams, now = new Date()): Promise<{ failures: string[] }> {
  await markStage(services, run, "check article", now);
  const record = await runRow(services, run);
  if (!record.draft) throw new AppError("internal_error", `Run ${run.attempt} of item ${run.itemId} has no draft to check`);
  const { item, site, links } = await subjectOf(services, run);
  const failures = checkArticle(record.draft, {
    language: site.language,
    siteUrl: site.url,
    targetKeyword: item.targetKeyword,
    minWords: services.config.pipeline.minArticleWords,
    internalLinks: links,
    offline: record.textProvider === "offline",
  });
  if (failures.length > 0) log("warn", "item_run_checks_failed", { ...run, round: record.draftRound, failures });
  return { failures };
}

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
  if (earlier?.heroUploadId && (await services.db.select({ id: uploads.id }).from(uploads).where(eq(uploads.id, earlier.heroUploadId))).length > 0) {
    await services.db
      .update(itemRuns)
      .set({ heroUploadId: earlier.heroUploadId, imageProvider: earlier.imageProvider, imageModel: earlier.imageModel, imageUsage: NO_USAGE, updatedAt: toIsoSeconds(now) })
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
    .set({ heroSourceKey: key, imageProvider: image.provider, imageModel: image.model, imageUsage: picture.usage, updatedAt: toIsoSeconds(now) })
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
  if (!record.draft || !record.heroSourceKey) throw new AppError("internal_error", `Run ${run.attempt} of item ${run.itemId} has no hero image to store`);
  if (!record.draft.heroImageAlt.trim()) throw new AppError("unprocessable", "The hero image has no alt text");
  const source = await getMediaBytes(services.media.bucket, record.heroSourceKey);
  if (!source) throw new AppError("internal_error", `The hero image ${record.heroSourceKey} is missing from the bucket`);
  const { size } = inspectImage(source.bytes);
  if (size.width < MIN_HERO_WIDTH) throw new AppError("unprocessable", `The hero image is ${size.width} px wide; at least ${MIN_HERO_WIDTH} px is required`);

  const fileName = `${slugify(record.draft.title, 60)}-${run.itemId.slice(-8).toLowerCase()}-a${run.attempt}.webp`;
  const stored = await putImage(services.media, { folder: "heroes", fileName, bytes: source.bytes });
  const at = toIsoSeconds(now);
  const uploadId = `up_hero_${run.itemId.slice(5)}_a${run.attempt}`;
  await services.db.batch([
    services.db
      .insert(uploads)
      .values({
        id: uploadId,
        accountId: run.accountId,
        fileName: stored.fileName,
        objectKey: stored.key,
        contentType: stored.contentType,
        bytes: stored.bytes,
        width: stored.width,
        height: stored.height,
        originalName: `hero image of ${run.itemId}`,
        originalType: stored.sourceType,
        originalBytes: source.bytes.length,
        createdAt: at,
      })
      .onConflictDoNothing(),
    services.db
      .update(itemRuns)
      .set({ heroUploadId: uploadId, updatedAt: at })
      .where(and(eq(itemRuns.itemId, run.itemId), eq(itemRuns.attempt, run.attempt))),
  ]);
  await services.media.bucket.delete(record.heroSourceKey);
  return { uploadId };
}

/**
 * The first free slug of the site: taken by its articles or by a post of its inventory. (No LIKE:
 * D1 refuses patterns longer than 50 bytes, and slugs run to 80.)
 */
async function freeSlug(services: Services, site: SiteRow, title: string, itemId: string): Promise<string> {
  const base = slugify(title);
  const [ours, inventory] = await services.db.batch([
    services.db
      .select({ slug: articles.slug })
      .from(articles)
      .where(and(eq(articles.siteId, site.id), sql`substr(${articles.slug}, 1, ${base.length}) = ${base}`, sql`${articles.planItemId} IS NOT ${itemId}`)),
    services.db
      .select({ url: scannedPosts.url })
      .from(scannedPosts)
      .where(and(eq(scannedPosts.siteId, site.id), sql`instr(${scannedPosts.url}, ${base}) > 0`)),
  ]);
  const taken = new Set([...ours.map((row) => row.slug), ...inventory.map((row) => lastPathSegment(row.url))]);
  let slug = base;
  for (let n = 2; taken.has(slug); n += 1) slug = `${base}-${n}`;
  return slug;
}

function lastPathSegment(url: string): string {
  try {
    return new URL(url).pathname.split("/").filter(Boolean).pop() ?? "";
  } catch {
    return "";
  }
}

/** Where the article ends: on the platform (published or as a draft there), or waiting in review. */
export function destinationOf(site: SiteRow, publishMode: "publish" | "draft" | "review"): { post: "publish" | "draft" | null; status: ArticleStatus } {
  if (publishMode === "review") return { post: null, status: "pending" };
  if (publishMode === "draft") return site.platform === "blog" ? { post: "draft", status: "draft" } : { post: null, status: "draft" };
  return { post: site.platform === "custom" ? null : "publish", status: "published" };
}

/** The article as the platforms take it, with the hero image's bytes from R2. */
export async function publishableArticle(
  services: Services,
  fields: { title: string; html: string; excerpt: string; slug: string; seoTitle: string; seoDesc: string; categories: string[]; tags: string[] },
  hero: { objectKey: string; fileName: string; alt: string } | null,
  status: "publish" | "draft",
  origin: PublishableArticle["origin"],
): Promise<PublishableArticle> {
  const bytes = hero ? await getMediaBytes(services.media.bucket, hero.objectKey) : null;
  return {
    ...fields,
    heroImage: hero && bytes ? { fileName: hero.fileName, alt: hero.alt, contentType: bytes.contentType, bytes: bytes.bytes } : null,
    status,
    origin,
  };
}

/** What the publish step decided, memoised by the engine: the record step stores exactly this. */
export interface PublishDecision {
  slug: string;
  remoteId: string | null;
  url: string | null;
  status: ArticleStatus;
  /** A custom site with a webhook URL gets the `article.published` delivery. */
  webhook: boolean;
}

/**
 * Puts the article on its platform, once: first our own record (an article of this item), then
 * the post or thread an earlier run of the item stored the moment its platform answered, then
 * the platform's own search for an earlier post of this item since the item's first claim
 * (inside the publishers), and only then a new post, whose id is stored on the item at once.
 * Custom sites and review mode post nothing.
 */
export async function publishRun(services: Services, run: ItemRunParams, startedAt: string, now = new Date()): Promise<PublishDecision> {
  await markStage(services, run, "publish", now);
  const record = await runRow(services, run);
  const { item, site } = await subjectOf(services, run);
  const [plan] = await services.db.select({ publishMode: plans.publishMode }).from(plans).where(eq(plans.id, item.planId));
  const destination = destinationOf(site, plan?.publishMode ?? "publish");
  const webhook = destination.status === "published" && site.platform === "custom" && site.webhookUrl !== null;
  const [recorded] = await services.db
    .select({ slug: articles.slug, remoteId: articles.remoteId, url: articles.publicationUrl, status: articles.status })
    .from(articles)
    .where(eq(articles.planItemId, run.itemId));
  if (recorded) return { ...recorded, webhook };

  const draft = record.draft!;
  const slug = await freeSlug(services, site, draft.title, run.itemId);
  const platform = publishingPlatformFor(services, site);
  if (!platform || destination.post === null) return { slug, remoteId: null, url: null, status: destination.status, webhook };

  const hero = await heroOf(services, record.heroUploadId, draft.heroImageAlt);
  const origin = { itemId: run.itemId, since: item.firstClaimedAt ?? startedAt, earlierTitles: await earlierDraftTitles(services, run) };
  const article = await publishableArticle(services, { ...draft, slug }, hero, destination.post, origin);
  const ref = (item.remoteId ? await adoptStoredPost(platform, item.remoteId, article) : null) ?? (await platform.publish(article));
  await services.db.update(planItems).set({ remoteId: ref.remoteId }).where(eq(planItems.id, run.itemId));
  log("info", "item_run_published", { ...run, platform: site.platform, remoteId: ref.remoteId, url: ref.url, adopted: item.remoteId !== null });
  return { slug, remoteId: ref.remoteId, url: ref.url, status: destination.status, webhook };
}

/** The post an earlier run stored, brought up to this draft; null when it is gone or no longer ours (then a new one is made). */
async function adoptStoredPost(platform: PublishingPlatform, remoteId: string, article: PublishableArticle): Promise<PublishedRef | null> {
  try {
    return await platform.update(remoteId, article);
  } catch (error) {
    if (error instanceof RemotePostNotOurs || (error instanceof AppError && error.code === "not_found")) return null;
    throw error;
  }
}

/** Titles the item's other runs wrote: a post of an earlier run carries one of them. */
async function earlierDraftTitles(services: Services, run: ItemRunParams): Promise<string[]> {
  const runs = await services.db.select({ draft: itemRuns.draft }).from(itemRuns).where(and(eq(itemRuns.itemId, run.itemId), ne(itemRuns.attempt, run.attempt)));
  return [...new Set(runs.flatMap((row) => (row.draft ? [row.draft.title] : [])))];
}

async function heroOf(services: Services, uploadId: string | null, alt: string) {
  if (!uploadId) return null;
  const [upload] = await services.db.select({ objectKey: uploads.objectKey, fileName: uploads.fileName }).from(uploads).where(eq(uploads.id, uploadId));
  return upload ? { ...upload, alt } : null;
}

/**
 * Stores the article with its hero image and cost, marks the item PUBLISHED and, for a custom
 * site with a webhook URL, records the `article.published` delivery: one batch, so the event
 * exists exactly when the article does. A replay finds the article (one per item) and adds nothing.
 */
export async function recordArticle(services: Services, run: ItemRunParams, published: PublishDecision, amountKurus: number, now = new Date()): Promise<{ articleId: number; url: string | null }> {
  await markStage(services, run, "record article", now);
  const { db } = services;
  const record = await runRow(services, run);
  const item = await itemOf(services, run);
  // The site as it is, whatever its status: a site disconnected after the post went out still owns the article.
  const [site] = await db.select({ id: sites.id, language: sites.language }).from(sites).where(eq(sites.id, item.siteId));
  if (!site) throw new AppError("internal_error", `The site of item ${run.itemId} is gone`);
  const draft = record.draft!;
  const destination = { status: published.status };
  const hero = record.heroUploadId ? (await db.select().from(uploads).where(eq(uploads.id, record.heroUploadId)))[0] : undefined;
  const at = toIsoSeconds(now);
  const ofThisItem = sql`(SELECT id FROM articles WHERE plan_item_id = ${run.itemId})`;
  const webhook = published.webhook;
  const deliveryId = `whd_${run.itemId.slice(5)}`;

  await runBatch(db, [
    db
      .insert(articles)
      .values({
        accountId: run.accountId,
        siteId: site.id,
        title: draft.title,
        slug: published.slug,
        ...bodyColumns(draft.html),
        excerpt: draft.excerpt,
        seoTitle: draft.seoTitle,
        seoDesc: draft.seoDesc,
        keywords: [item.targetKeyword],
        tags: draft.tags,
        categories: draft.categories,
        language: site.language.toLowerCase(),
        status: destination.status,
        publishedAt: destination.status === "published" ? at : null,
        publicationUrl: published.url,
        remoteId: published.remoteId,
        generationCostKurus: amountKurus,
        generationUsage: {
          textProvider: record.textProvider ?? "",
          textModel: record.textModel ?? "",
          imageProvider: record.imageProvider ?? "",
          imageModel: record.imageModel ?? "",
          text: record.textUsage ?? NO_USAGE,
          image: record.imageUsage ?? NO_USAGE,
        },
        planId: item.planId,
        planItemId: run.itemId,
        targetKeyword: item.targetKeyword,
        createdAt: at,
        updatedAt: at,
      })
      .onConflictDoNothing(),
    sql`
      INSERT INTO article_images (article_id, account_id, url, alt_text, is_featured, position, created_at)
      SELECT ${ofThisItem}, ${run.accountId}, ${hero ? mediaUrl(hero.objectKey, services.config.publicBaseUrl) : ""}, ${draft.heroImageAlt}, 1, 0, ${at}
      WHERE ${hero ? 1 : 0} = 1 AND NOT EXISTS (SELECT 1 FROM article_images WHERE article_id = ${ofThisItem})`,
    sql`
      INSERT INTO webhook_deliveries (id, account_id, site_id, article_id, event, status, attempts, next_attempt_at, created_at, updated_at)
      SELECT ${deliveryId}, ${run.accountId}, ${site.id}, ${ofThisItem}, 'article.published', 'pending', 0, ${at}, ${at}, ${at}
      WHERE ${webhook ? 1 : 0} = 1
      ON CONFLICT DO NOTHING`,
    db
      .update(planItems)
      .set({ status: destination.status === "pending" ? "REVIEW" : "PUBLISHED", stage: "record article", articleId: sql`${ofThisItem}`, lastError: null, nextTryAt: null, progressAt: at, updatedAt: at })
      .where(and(eq(planItems.id, run.itemId), eq(planItems.attempts, run.attempt))),
  ]);
  const [article] = await db.select({ id: articles.id, url: articles.publicationUrl }).from(articles).where(eq(articles.planItemId, run.itemId));
  if (!article) throw new AppError("internal_error", `The article of item ${run.itemId} was not stored`);
  await articlesChanged(services, run.accountId);
  // The outbox row is the truth; this only saves the wait for the cron tick.
  if (webhook) await wakeDelivery(services, { deliveryId, attempts: 0 });
  return { articleId: article.id, url: article.url };
}

/** Marks the run's charge as earned and completes the plan when this was its last item. */
export async function settleRun(services: Services, run: ItemRunParams, now = new Date()): Promise<{ planCompleted: boolean }> {
  const item = await itemOf(services, run);
  await settleCharge(services.db, { accountId: run.accountId, reference: runChargeReference(run), now });
  const planCompleted = await completePlanIfDone(services.db, item.planId, now);
  log("info", "item_run_finished", { ...run, articleId: item.articleId, planCompleted });
  return { planCompleted };
}

/**
 * The run failed: the item turns FAILED with a readable reason (it can be run again) and the
 * run's charge, if one was reserved, is refunded with a ledger row. A run that was replaced only
 * gives its own charge back.
 */
export async function failRun(services: Services, run: ItemRunParams, failure: RunFailure, now = new Date()): Promise<void> {
  const at = toIsoSeconds(now);
  const [committed] = await services.db.select({ id: articles.id }).from(articles).where(eq(articles.planItemId, run.itemId));
  if (committed) {
    // The article was stored (the failure came after): the item is done and its charge earned.
    log("warn", "item_run_failed_after_record", { ...run, articleId: committed.id, reason: failure.message });
    await settleCharge(services.db, { accountId: run.accountId, reference: runChargeReference(run), now }).catch(() => {});
    return;
  }
  let retryAt: string | null = null;
  if (!failure.superseded) {
    const item = await itemOf(services, run);
    retryAt = await automaticRetryAt(services, item, failure, now);
    await services.db
      .update(planItems)
      .set({
        ...(retryAt ? { status: "SCHEDULED" as const, scheduledAt: retryAt, autoRetries: item.autoRetries + 1 } : { status: "FAILED" as const }),
        failureReason: failure.message.slice(0, 1000),
        failureStatus: failure.status,
        nextTryAt: null,
        progressAt: at,
        updatedAt: at,
      })
      .where(and(eq(planItems.id, run.itemId), eq(planItems.attempts, run.attempt), inArray(planItems.status, ["QUEUED", "GENERATING"])));
    if (!retryAt) await completePlanIfDone(services.db, item.planId, now);
  }
  await refundRunCharge(services, run, now);
  log("warn", "item_run_failed", { ...run, status: failure.status, reason: failure.message, retryAt });
}

/** Waits before the clock's automatic reruns of a failed item: after the last, the item stays FAILED. */
export const AUTOMATIC_RETRY_DELAYS_MS = [60 * 60_000, 4 * 60 * 60_000, 12 * 60 * 60_000];
/** Failures only the owner can fix (credit, quota or licence, the site's credentials or forum): no automatic rerun. */
const NEEDS_THE_OWNER = new Set([400, 402, 403, 409]);

/**
 * When the clock runs a failed item again: items of an ACTIVE plan, up to
 * AUTOMATIC_RETRY_DELAYS_MS.length times, unless the failure needs the owner. Each rerun
 * reserves its own charge and a failed one is refunded, so a success is charged once.
 */
async function automaticRetryAt(services: Services, item: ItemRow, failure: RunFailure, now: Date): Promise<string | null> {
  if (NEEDS_THE_OWNER.has(failure.status) || item.autoRetries >= AUTOMATIC_RETRY_DELAYS_MS.length) return null;
  const [plan] = await services.db.select({ status: plans.status }).from(plans).where(eq(plans.id, item.planId));
  if (plan?.status !== "ACTIVE") return null;
  return toIsoSeconds(new Date(now.getTime() + AUTOMATIC_RETRY_DELAYS_MS[item.autoRetries]!));
}

/** Gives back the charge of a run that did not publish; nothing when none was reserved or it was settled. */
export async function refundRunCharge(services: Services, run: ItemRunParams, now = new Date()): Promise<void> {
  const reference = runChargeReference(run);
  const charge = await findCharge(services.db, run.accountId, reference);
  if (charge?.status !== "reserved") return;
  await refundCharge(services.db, { accountId: run.accountId, reference, now });
}
