import { and, eq, ne, sql } from "drizzle-orm";
import { publishableArticle } from "../../articles/publishable";
import { parseStoredDraft } from "../../content/draft";
import { AppError } from "../../core/errors";
import { log } from "../../core/logger";
import { slugify } from "../../core/slug";
import { toIsoSeconds } from "../../core/time";
import { articles, itemRuns, planItems, plans, existingPosts, uploads, type ArticleStatus } from "../../db/schema";
import { publishingPlatformFor } from "../../publishing/platform";
import { RemotePostNotOurs, type PublishableArticle, type PublishedRef, type PublishingPlatform } from "../../publishing/port";
import type { Services } from "../../services/container";
import type { SiteRow } from "../../sites/service";
import type { ItemRunParams } from "../run-params";
import { markStage, runRow, subjectOf } from "./run-state";

// Putting the article on its platform, once.
// Each step may run more than once (the Workflow retries and replays): every one is idempotent,
// reads what it needs from D1/R2 and returns only small keys.

/**
 * The first free slug of the site: taken by its articles or by one of its existing posts. (No LIKE:
 * D1 refuses patterns longer than 50 bytes, and slugs run to 80.)
 */
async function freeSlug(services: Services, site: SiteRow, title: string, itemId: string): Promise<string> {
  const base = slugify(title, { language: site.language });
  const [ours, existing] = await services.db.batch([
    services.db
      .select({ slug: articles.slug })
      .from(articles)
      .where(
        and(
          eq(articles.siteId, site.id),
          sql`substr(${articles.slug}, 1, ${base.length}) = ${base}`,
          sql`${articles.planItemId} IS NOT ${itemId}`,
        ),
      ),
    services.db
      .select({ url: existingPosts.url })
      .from(existingPosts)
      .where(and(eq(existingPosts.siteId, site.id), sql`instr(${existingPosts.url}, ${base}) > 0`)),
  ]);
  const taken = new Set([...ours.map((row) => row.slug), ...existing.map((row) => lastPathSegment(row.url))]);
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
export function destinationOf(
  site: SiteRow,
  publishMode: "publish" | "draft" | "review",
): { post: "publish" | "draft" | null; status: ArticleStatus } {
  if (publishMode === "review") return { post: null, status: "pending" };
  if (publishMode === "draft") return site.platform === "blog" ? { post: "draft", status: "draft" } : { post: null, status: "draft" };
  return { post: site.platform === "custom" ? null : "publish", status: "published" };
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
  // An article the gate or the fact check holds back waits in REVIEW whatever the plan's mode.
  const held = (record.reviewReasons ?? []).length > 0;
  const destination = destinationOf(site, held ? "review" : (plan?.publishMode ?? "publish"));
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
  const at = toIsoSeconds(now);
  const page = { site, url: null, language: site.language.toLowerCase(), datePublished: at, dateModified: at };
  const article = await publishableArticle(services, { ...draft, slug }, hero, destination.post, origin, page);
  const ref = (item.remoteId ? await adoptStoredPost(platform, item.remoteId, article) : null) ?? (await platform.publish(article));
  await services.db.update(planItems).set({ remoteId: ref.remoteId }).where(eq(planItems.id, run.itemId));
  log("info", "item_run_published", {
    ...run,
    platform: site.platform,
    remoteId: ref.remoteId,
    url: ref.url,
    adopted: item.remoteId !== null,
  });
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
  const runs = await services.db
    .select({ draft: itemRuns.draft })
    .from(itemRuns)
    .where(and(eq(itemRuns.itemId, run.itemId), ne(itemRuns.attempt, run.attempt)));
  return [...new Set(runs.flatMap((row) => parseStoredDraft(row.draft)?.title ?? []))];
}

async function heroOf(services: Services, uploadId: string | null, alt: string) {
  if (!uploadId) return null;
  const [upload] = await services.db
    .select({ objectKey: uploads.objectKey, fileName: uploads.fileName })
    .from(uploads)
    .where(eq(uploads.id, uploadId));
  return upload ? { ...upload, alt } : null;
}
