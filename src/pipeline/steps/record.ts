import { and, eq, sql } from "drizzle-orm";
import { NO_USAGE } from "../../adapters/provider-usage";
import { queueIndexNow } from "../../articles/index-now";
import { queueLinkUpkeep } from "../../articles/link-upkeep";
import { bodyColumns } from "../../articles/service";
import { storeGeneratedArticle } from "../../articles/writes";
import { AppError } from "../../core/errors";
import { toIsoSeconds } from "../../core/time";
import { planItems, sites, uploads } from "../../db/schema";
import { mediaUrl } from "../../media/store";
import { getPlanItemRow } from "../../plans/read";
import { storedSignatureOf } from "../../content/quality/minhash";
import { htmlToText } from "../../core/html-text";
import { getResearch } from "../../research/research";
import type { Services } from "../../services/container";
import type { ItemRunParams } from "../run-params";
import type { PublishDecision } from "./publish";
import { markStage, runRow } from "./run-state";

// Recording the article the run published.
// Each step may run more than once (the Workflow retries and replays): every one is idempotent,
// reads what it needs from D1/R2 and returns only small keys.

/**
 * Stores the article with its hero image and cost as publish decided it, and marks the item
 * PUBLISHED (REVIEW when it waits as pending), in one batch with the `article.published` event
 * of a custom site with a webhook (src/articles/writes.ts). A replay adds nothing but the URL's
 * IndexNow announcement, queued again when the step is retried after storing (harmless: the same URL).
 */
export async function recordArticle(
  services: Services,
  run: ItemRunParams,
  published: PublishDecision,
  amountKurus: number,
  now = new Date(),
): Promise<{ articleId: number; url: string | null }> {
  await markStage(services, run, "record article", now);
  const { db } = services;
  const record = await runRow(services, run);
  const item = await getPlanItemRow(services.db, run.accountId, run.itemId);
  // The site as it is, whatever its status: a site disconnected after the post went out still owns the article.
  const [site] = await db.select({ id: sites.id, language: sites.language }).from(sites).where(eq(sites.id, item.siteId));
  if (!site) throw new AppError("internal_error", `The site of item ${run.itemId} is gone`);
  const draft = record.draft;
  if (!draft) throw new AppError("internal_error", `Run ${run.attempt} of item ${run.itemId} has no draft to record`);
  const hero = record.heroUploadId ? (await db.select().from(uploads).where(eq(uploads.id, record.heroUploadId)))[0] : undefined;
  const at = toIsoSeconds(now);
  const reviewReasons = record.reviewReasons ?? [];
  const research = item.researchId ? await getResearch(db, run.accountId, item.researchId) : null;
  const stored = await storeGeneratedArticle(services, {
    values: {
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
      status: published.status,
      publishedAt: published.status === "published" ? at : null,
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
        ...(research ? { research: { provider: research.provider, costUsd: research.costUsd } } : {}),
      },
      planId: item.planId,
      planItemId: run.itemId,
      targetKeyword: item.targetKeyword,
      researchId: item.researchId,
      quality: record.quality,
      contentScore: record.quality?.contentScore ?? null,
      claims: record.claims ?? [],
      reviewReasons: reviewReasons.length > 0 ? reviewReasons : null,
      similaritySignature: storedSignatureOf(htmlToText(draft.html)),
      createdAt: at,
      updatedAt: at,
    },
    hero: hero ? { url: mediaUrl(hero.objectKey, services.config.publicBaseUrl), altText: draft.heroImageAlt } : null,
    webhookSiteId: published.webhook ? site.id : null,
    alongside: (ofThisItem) => [
      db
        .update(planItems)
        .set({
          status: published.status === "pending" ? "REVIEW" : "PUBLISHED",
          stage: "record article",
          articleId: sql`${ofThisItem}`,
          reviewReasons: published.status === "pending" && reviewReasons.length > 0 ? reviewReasons : null,
          lastError: null,
          nextTryAt: null,
          progressAt: at,
          updatedAt: at,
        })
        .where(and(eq(planItems.id, run.itemId), eq(planItems.attempts, run.attempt))),
    ],
  });
  if (published.status === "published" && stored.url)
    await queueIndexNow(services, { accountId: run.accountId, siteId: site.id, url: stored.url, articleId: stored.articleId }, now);
  if (published.status === "published" && stored.url)
    await queueLinkUpkeep(services, {
      id: stored.articleId,
      accountId: run.accountId,
      siteId: site.id,
      status: "published",
      publicationUrl: stored.url,
    });
  return stored;
}
