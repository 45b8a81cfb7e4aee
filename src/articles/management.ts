import { and, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { AppError } from "../core/errors";
import { errorFields, log } from "../core/logger";
import { sanitizeHtml } from "../core/sanitize-html";
import { toIsoSeconds } from "../core/time";
import { runBatch } from "../db/batch";
import { articles, planItems, type ArticleStatus } from "../db/schema";
import { mediaKeyFromUrl } from "../media/store";
import { publishableArticle } from "../pipeline/steps";
import { publishingPlatformFor } from "../publishing/platform";
import { RemotePostNotOurs, type PublishedRef, type PublishingPlatform } from "../publishing/port";
import { completePlanIfDone } from "../plans/state";
import type { Services } from "../services/container";
import { getSite, type SiteRow } from "../sites/service";
import { wakeDelivery } from "../webhooks/deliver";
import { articlesChanged } from "../public/content-version";
import type { ArticleEdit } from "./management-schemas";
import { bodyColumns, getArticleWithImages, imagesJsonColumn, parseImagesJson, type ArticleImageRow, type ArticleRow } from "./service";

export const SEO_TITLE_RANGE = { min: 50, max: 70 };
export const SEO_DESC_RANGE = { min: 150, max: 160 };

export interface ArticleFilters {
  page: number;
  perPage: number;
  siteId?: string;
  planId?: string;
  status?: ArticleStatus;
}

/** A page of the account's articles, newest first, each with its images. */
export async function listManagedArticles(services: Services, accountId: string, filters: ArticleFilters) {
  const { db } = services;
  const conditions: SQL[] = [eq(articles.accountId, accountId)];
  if (filters.siteId) conditions.push(eq(articles.siteId, filters.siteId));
  if (filters.planId) conditions.push(eq(articles.planId, filters.planId));
  if (filters.status) conditions.push(eq(articles.status, filters.status));
  const where = and(...conditions);
  const [rows, [total]] = await db.batch([
    db
      .select({ article: articles, imagesJson: imagesJsonColumn })
      .from(articles)
      .where(where)
      .orderBy(desc(articles.createdAt), desc(articles.id))
      .limit(filters.perPage)
      .offset((filters.page - 1) * filters.perPage),
    db.select({ total: count() }).from(articles).where(where),
  ]);
  return { rows: rows.map((row) => ({ article: row.article, images: parseImagesJson(row.imagesJson, row.article) })), total: total?.total ?? 0 };
}

/** "seoTitle has 43 characters; 50–70 is recommended": accepted, but said. */
function lengthWarnings(article: Pick<ArticleRow, "seoTitle" | "seoDesc">): string[] {
  const warnings: string[] = [];
  for (const [field, value, range] of [["seoTitle", article.seoTitle, SEO_TITLE_RANGE], ["seoDesc", article.seoDesc, SEO_DESC_RANGE]] as const) {
    const length = [...value].length;
    if (length < range.min || length > range.max) warnings.push(`${field} has ${length} characters; ${range.min}–${range.max} is recommended`);
  }
  return warnings;
}

/** The platform an article is on (null when it is on none: a custom site, never posted, site gone). */
async function placeOf(services: Services, article: ArticleRow): Promise<{ site: SiteRow; platform: NonNullable<ReturnType<typeof publishingPlatformFor>> } | { reason: string }> {
  if (!article.siteId) return { reason: "The article belongs to no site; nothing was sent anywhere" };
  const site = await getSite(services.db, article.accountId, article.siteId).catch(() => null);
  if (!site) return { reason: "The article's site is no longer connected; nothing was sent anywhere" };
  const platform = publishingPlatformFor(services, site);
  if (!platform) return { reason: "Custom sites read articles through GET /api/autopilot/articles (or the public API); there is no platform to update" };
  return { site, platform };
}

/** The stored article as the platforms take it, with the featured image's bytes. */
async function asPublishable(services: Services, article: ArticleRow, images: ArticleImageRow[], status: "publish" | "draft") {
  const featured = images.find((image) => image.isFeatured);
  const key = featured ? mediaKeyFromUrl(featured.url) : null;
  const hero = featured && key ? { objectKey: key, fileName: key.split("/").pop()!, alt: featured.altText } : null;
  return publishableArticle(services, article, hero, status, article.planItemId ? { itemId: article.planItemId, since: article.createdAt } : null);
}

/**
 * PATCH /autopilot/articles/{id}: the edit is stored (HTML sanitised), then sent to the platform
 * when the article is on one. The local edit stays when the platform cannot be reached; the
 * answer says so (`blogUpdated: false` and why in `warnings`).
 */
export async function editArticle(services: Services, accountId: string, articleId: number, edit: ArticleEdit, now = new Date()) {
  const { db } = services;
  await getArticleWithImages(db, accountId, articleId); // 404 first
  const changes: Partial<typeof articles.$inferInsert> = { updatedAt: toIsoSeconds(now) };
  if (edit.title !== undefined) changes.title = edit.title;
  if (edit.seoTitle !== undefined) changes.seoTitle = edit.seoTitle;
  if (edit.seoDesc !== undefined) changes.seoDesc = edit.seoDesc;
  if (edit.html !== undefined) Object.assign(changes, bodyColumns(sanitizeHtml(edit.html)));
  await db.update(articles).set(changes).where(and(eq(articles.id, articleId), eq(articles.accountId, accountId)));
  await articlesChanged(services, accountId);

  const { article, images } = await getArticleWithImages(db, accountId, articleId);
  const warnings = lengthWarnings(article);
  const place = await placeOf(services, article);
  if ("reason" in place) return { article, images, blogUpdated: false, warnings: [...warnings, place.reason] };
  if (!article.remoteId) {
    // A publish in flight records the post first and then sends whatever is stored: this edit goes with it.
    const reason =
      article.status === "published"
        ? "The article is being published, or its post on the platform was lost; the change is stored here and goes out with the publication"
        : "The article is not on its site yet (it waits for review); the change is stored here and goes out when it is published";
    return { article, images, blogUpdated: false, warnings: [...warnings, reason] };
  }
  try {
    const synced = await sendUntilCurrent(services, accountId, articleId, place.platform, now);
    return { ...synced, blogUpdated: true, warnings };
  } catch (error) {
    const reason = error instanceof AppError ? error.message : "the platform could not be reached";
    if (error instanceof RemotePostNotOurs) {
      await db.update(articles).set({ remoteId: null, publicationUrl: null, updatedAt: toIsoSeconds(now) }).where(and(eq(articles.id, articleId), eq(articles.remoteId, error.remoteId)));
      log("warn", "article_platform_link_lost", { articleId, siteId: article.siteId, remoteId: error.remoteId });
      const current = await getArticleWithImages(db, accountId, articleId);
      return { ...current, blogUpdated: false, warnings: [...warnings, `${reason}. Nothing was written there, and the article is no longer linked to that post`] };
    }
    log("warn", "article_platform_update_failed", { articleId, siteId: article.siteId, ...errorFields(error) });
    return { article, images, blogUpdated: false, warnings: [...warnings, `The edit is stored here but ${place.site.platform === "blog" ? "WordPress" : "the forum"} was not updated: ${reason}`] };
  }
}

/** What the platform is sent of an article: when it changes, the platform must be sent it again. */
function platformFingerprint(article: ArticleRow, images: ArticleImageRow[]): string {
  const { title, html, excerpt, slug, seoTitle, seoDesc, categories, tags, status } = article;
  return JSON.stringify([title, html, excerpt, slug, seoTitle, seoDesc, categories, tags, status, images.find((image) => image.isFeatured)?.url ?? null]);
}

/** Rounds of sending before giving up on an article that keeps changing (each edit also sends itself). */
const MAX_SEND_ROUNDS = 5;

/**
 * Sends the stored article to its platform (a new post when it has none yet, whose id is
 * recorded at once), then reads it again: an edit stored meanwhile is sent too, until what the
 * platform got last is what is stored. Concurrent edits and a publication in flight therefore
 * end with the platform showing the last stored version, whichever request's write lands last.
 */
async function sendUntilCurrent(services: Services, accountId: string, articleId: number, platform: PublishingPlatform, now: Date) {
  let sent: string | null = null;
  for (let round = 0; ; round += 1) {
    const { article, images } = await getArticleWithImages(services.db, accountId, articleId);
    const fingerprint = platformFingerprint(article, images);
    if (fingerprint === sent || round === MAX_SEND_ROUNDS) return { article, images };
    const publishable = await asPublishable(services, article, images, article.status === "published" ? "publish" : "draft");
    const ref = article.remoteId ? await platform.update(article.remoteId, publishable) : await platform.publish(publishable);
    await recordRef(services, article, ref, now);
    sent = fingerprint;
  }
}

async function recordRef(services: Services, article: ArticleRow, ref: PublishedRef, now: Date): Promise<void> {
  if (ref.remoteId === article.remoteId && ref.url === article.publicationUrl) return;
  await services.db
    .update(articles)
    .set({ remoteId: ref.remoteId, publicationUrl: ref.url ?? article.publicationUrl, updatedAt: toIsoSeconds(now) })
    .where(eq(articles.id, article.id));
  await articlesChanged(services, article.accountId);
}

/**
 * POST /autopilot/articles/{id}/publish: a `pending` (review) or `draft` article goes live.
 * The status moves to `published` first, conditionally, so a second call at the same time is
 * 409 and never posts twice; then the platform gets what is stored after the claim (a WordPress
 * draft is switched to publish, otherwise a new post that the platform lookups keep single) and
 * any edit stored meanwhile; or, for a custom site with a webhook, the `article.published`
 * delivery is recorded. A platform failure puts the status back. The article's plan item leaves
 * REVIEW for PUBLISHED with it.
 */
export async function publishArticle(services: Services, accountId: string, articleId: number, now = new Date()) {
  const { db } = services;
  const { article } = await getArticleWithImages(db, accountId, articleId);
  if (article.status === "published") throw new AppError("conflict", `Article ${articleId} is already published${article.publicationUrl ? ` at ${article.publicationUrl}` : ""}`);
  if (article.status === "archived") throw new AppError("conflict", `Article ${articleId} is archived; only a draft or pending article can be published`);
  const at = toIsoSeconds(now);
  const claim = and(eq(articles.id, articleId), eq(articles.accountId, accountId), inArray(articles.status, ["draft", "pending"]));
  const site = article.siteId ? await getSite(db, accountId, article.siteId).catch(() => null) : null;
  const webhook = site?.platform === "custom" && site.webhookUrl !== null;
  const deliveryId = `whd_a${articleId}`;

  const [claimed] = await runBatch(db, [
    db.update(articles).set({ status: "published", publishedAt: at, updatedAt: at }).where(claim).returning({ id: articles.id }),
    sql`
      INSERT INTO webhook_deliveries (id, account_id, site_id, article_id, event, status, attempts, next_attempt_at, created_at, updated_at)
      SELECT ${deliveryId}, ${accountId}, ${site?.id ?? ""}, ${articleId}, 'article.published', 'pending', 0, ${at}, ${at}, ${at}
      WHERE ${webhook ? 1 : 0} = 1 AND changes() = 1
      ON CONFLICT DO NOTHING`,
    sql`UPDATE plan_items SET status = 'PUBLISHED', updated_at = ${at} WHERE article_id = ${articleId} AND status = 'REVIEW'`,
  ]);
  if (!claimed || (claimed.results as unknown[]).length === 0) throw new AppError("conflict", `Article ${articleId} is being published or was changed meanwhile; read it again`);
  await articlesChanged(services, accountId);
  if (webhook) await wakeDelivery(services, { deliveryId, attempts: 0 });

  const platform = site ? publishingPlatformFor(services, site) : null;
  if (platform) {
    try {
      await sendUntilCurrent(services, accountId, articleId, platform, now);
    } catch (error) {
      await db.batch([
        db.update(articles).set({ status: article.status, publishedAt: article.publishedAt, updatedAt: at }).where(eq(articles.id, articleId)),
        db.update(planItems).set({ status: "REVIEW", updatedAt: at }).where(and(eq(planItems.articleId, articleId), eq(planItems.status, "PUBLISHED"))),
      ]);
      throw error;
    } finally {
      await articlesChanged(services, accountId);
    }
  }
  if (article.planId) await completePlanIfDone(db, article.planId, now);
  log("info", "article_published", { articleId, siteId: article.siteId, platform: site?.platform ?? null });
  return getArticleWithImages(db, accountId, articleId);
}
