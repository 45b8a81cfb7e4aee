import { and, asc, count, desc, eq, gte, lte, sql, type SQL, inArray } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { DEFAULT_GATE, type QualityGate } from "../content/quality/gate";
import { briefOf, gateOf } from "../sites/brief";
import { rescore } from "./quality";
import { SEO_DESC_CHARS, SEO_TITLE_CHARS } from "../content/article-rules";
import { AppError } from "../core/errors";
import { errorFields, log } from "../core/logger";
import { sanitizeHtml } from "../core/sanitize-html";
import { toIsoSeconds } from "../core/time";
import { articles, planItems, searchPages, uploads, type ArticleStatus } from "../db/schema";
import { pageFigures, searchOf } from "../existing-posts/store";
import { mediaKeyFromUrl, mediaUrl } from "../media/store";
import { completePlanIfDone } from "../plans/state";
import { publishingPlatformFor } from "../publishing/platform";
import { RemotePostNotOurs, type PublishingPlatform } from "../publishing/port";
import type { Services } from "../services/container";
import { getSite, type SiteRow } from "../sites/service";
import { approvalStatusColumn, type ArticleApprovalStatus } from "./approval-state";
import { queueIndexNowOfArticle } from "./index-now";
import { queueLinkUpkeep } from "./link-upkeep";
import { checkedSlug } from "./slug";
import { toArticleSummary, type ArticleEdit, type EditWarningCode, type MANAGED_ARTICLE_SORTS } from "./management-schemas";

type ManagedArticleSort = (typeof MANAGED_ARTICLE_SORTS)[number];
import { articlePage, publishableArticle } from "./publishable";
import { getArticleWithImages, imagesJsonColumn, parseImagesJson, type ArticleImageRow, type ArticleRow } from "./service";
import {
  claimPublication,
  claimRepublication,
  clearPlatformLink,
  recordPlatformLink,
  releasePublication,
  saveArticleEdit,
  undoPublication,
} from "./writes";

export interface ArticleFilters {
  page: number;
  perPage: number;
  siteId?: string;
  /** A member limited to some sites sees only theirs. */
  siteIds?: string[] | null;
  planId?: string;
  status?: ArticleStatus;
  sort?: ManagedArticleSort;
  order?: "asc" | "desc";
  minScore?: number;
  maxScore?: number;
  approval?: ArticleApprovalStatus;
}

/** GET /autopilot/articles: a page of the account's articles as the API answers it. */
export async function listArticlePage(services: Services, accountId: string, filters: ArticleFilters) {
  const { rows, total } = await listManagedArticles(services, accountId, filters);
  const items = rows.map(({ article, images, search, approvalStatus }) => ({
    ...toArticleSummary(article, images.find((image) => image.isFeatured)?.url ?? null),
    search,
    approvalStatus,
  }));
  return { items, page: filters.page, perPage: filters.perPage, total, totalPages: Math.ceil(total / filters.perPage) };
}

// The article's Search Console page: the sync links at most one per URL, the most clicked wins if ever two.
const articleSearchPage = sql`(SELECT s.id FROM search_pages s WHERE s.article_id = "articles"."id" ORDER BY s.clicks DESC, s.id LIMIT 1)`;

/** A page of the account's articles, newest first, each with its images and its page's Search Console figures. */
export async function listManagedArticles(services: Services, accountId: string, filters: ArticleFilters) {
  const { db } = services;
  const conditions: SQL[] = [eq(articles.accountId, accountId)];
  if (filters.siteId) conditions.push(eq(articles.siteId, filters.siteId));
  if (filters.siteIds) conditions.push(inArray(articles.siteId, filters.siteIds));
  if (filters.planId) conditions.push(eq(articles.planId, filters.planId));
  if (filters.status) conditions.push(eq(articles.status, filters.status));
  if (filters.minScore !== undefined) conditions.push(gte(articles.contentScore, filters.minScore));
  if (filters.maxScore !== undefined) conditions.push(lte(articles.contentScore, filters.maxScore));
  const approvalStatus = approvalStatusColumn(new Date());
  if (filters.approval) conditions.push(sql`${approvalStatus} = ${filters.approval}`);
  const where = and(...conditions);
  const direction = filters.order === "asc" ? asc : desc;
  // Articles without a score (or figures) come last whichever way the values run.
  const nullsLast = (column: SQLiteColumn) => [sql`${column} IS NULL`, direction(column), direction(articles.id)];
  const order =
    filters.sort === "content_score"
      ? nullsLast(articles.contentScore)
      : filters.sort === "clicks"
        ? nullsLast(searchPages.clicks)
        : filters.sort === "position"
          ? nullsLast(searchPages.position)
          : [direction(articles.createdAt), direction(articles.id)];
  const [rows, [total]] = await db.batch([
    db
      .select({
        article: articles,
        imagesJson: imagesJsonColumn,
        approvalStatus,
        ...pageFigures,
      })
      .from(articles)
      .leftJoin(searchPages, eq(searchPages.id, articleSearchPage))
      .where(where)
      .orderBy(...order)
      .limit(filters.perPage)
      .offset((filters.page - 1) * filters.perPage),
    db.select({ total: count() }).from(articles).where(where),
  ]);
  return {
    rows: rows.map((row) => ({
      article: row.article,
      images: parseImagesJson(row.imagesJson, row.article),
      search: searchOf(row),
      approvalStatus: row.approvalStatus,
    })),
    total: total?.total ?? 0,
  };
}

/** The gate of the article's site; the defaults when the site is gone. */
async function gateOfArticleSite(services: Services, article: ArticleRow): Promise<QualityGate> {
  const site = article.siteId ? await getSite(services.db, article.accountId, article.siteId).catch(() => null) : null;
  return site ? gateOf(briefOf(site)) : DEFAULT_GATE;
}

/** Something the owner should know about an edit, by code (the panel's words) and in English (`warnings`). */
export interface EditWarning {
  code: EditWarningCode;
  params: Record<string, string | number>;
  message: string;
}

/** "seoTitle has 43 characters; 50–70 is recommended": accepted, but said. */
function lengthWarnings(article: Pick<ArticleRow, "seoTitle" | "seoDesc">): EditWarning[] {
  const warnings: EditWarning[] = [];
  for (const [field, value, range, code] of [
    ["seoTitle", article.seoTitle, SEO_TITLE_CHARS, "seo_title_length"],
    ["seoDesc", article.seoDesc, SEO_DESC_CHARS, "seo_desc_length"],
  ] as const) {
    const length = [...value].length;
    if (length < range.min || length > range.max)
      warnings.push({
        code,
        params: { length, min: range.min, max: range.max },
        message: `${field} has ${length} characters; ${range.min}–${range.max} is recommended`,
      });
  }
  return warnings;
}

/** The platform an article is on, or why it is on none (a custom site, never posted, site gone). */
async function placeOf(
  services: Services,
  article: ArticleRow,
): Promise<{ site: SiteRow; platform: NonNullable<ReturnType<typeof publishingPlatformFor>> } | { reason: EditWarning }> {
  const reason = (code: EditWarningCode, message: string) => ({ reason: { code, params: {}, message } });
  if (!article.siteId) return reason("no_site", "The article belongs to no site; nothing was sent anywhere");
  const site = await getSite(services.db, article.accountId, article.siteId).catch(() => null);
  if (!site) return reason("site_gone", "The article's site is no longer connected; nothing was sent anywhere");
  const platform = publishingPlatformFor(services, site);
  if (!platform)
    return reason(
      "custom_site",
      "Custom sites read articles through GET /api/autopilot/articles (or the public API); there is no platform to update",
    );
  return { site, platform };
}

/** The stored article as the platforms take it, with the featured image's bytes. */
async function asPublishable(
  services: Services,
  site: SiteRow,
  article: ArticleRow,
  images: ArticleImageRow[],
  status: "publish" | "draft",
) {
  const featured = images.find((image) => image.isFeatured);
  const key = featured ? mediaKeyFromUrl(featured.url) : null;
  const hero = featured && key ? { objectKey: key, fileName: key.split("/").pop()!, alt: featured.altText } : null;
  const origin = article.planItemId ? { itemId: article.planItemId, since: article.createdAt } : null;
  return publishableArticle(services, article, hero, status, origin, articlePage(site, article));
}

/**
 * PATCH /autopilot/articles/{id}: the edit is stored (HTML sanitised), then sent to the platform
 * when the article is on one. The local edit stays when the platform cannot be reached; the
 * answer says so (`blogUpdated: false` and why in `warnings`).
 */
export async function editArticle(services: Services, accountId: string, articleId: number, edit: ArticleEdit, now = new Date()) {
  const { db } = services;
  const { article: before } = await getArticleWithImages(db, accountId, articleId); // 404 first
  const featuredImage =
    edit.featuredImage === undefined
      ? undefined
      : edit.featuredImage === null
        ? null
        : await featuredUpload(services, accountId, edit.featuredImage, before.title);
  const slug = edit.slug === undefined ? undefined : await checkedSlug(services, before, edit.slug);
  const html = edit.html === undefined ? undefined : sanitizeHtml(edit.html);
  const scored = html === undefined ? undefined : await rescore(db, before, html, await gateOfArticleSite(services, before));
  await saveArticleEdit(services, accountId, articleId, { ...edit, slug, html, featuredImage, scored }, now);

  const { article, images } = await getArticleWithImages(db, accountId, articleId);
  const lengths = lengthWarnings(article);
  const answer = <T>(result: T, blogUpdated: boolean, ...more: EditWarning[]) => {
    const warnings = [...lengths, ...more];
    return {
      ...result,
      blogUpdated,
      warnings: warnings.map((warning) => warning.message),
      warningDetails: warnings.map(({ code, params }) => ({ code, params })),
    };
  };
  const place = await placeOf(services, article);
  if ("reason" in place) return answer({ article, images }, false, place.reason);
  if (!article.remoteId) {
    // A publish in flight records the post first and then sends whatever is stored: this edit goes with it.
    const reason: EditWarning =
      article.status === "published"
        ? {
            code: "publishing_in_flight",
            params: {},
            message:
              "The article is being published, or its post on the platform was lost; the change is stored here and goes out with the publication (publish it again with POST /api/autopilot/articles/{id}/publish to make a new post)",
          }
        : {
            code: "not_published_yet",
            params: {},
            message:
              "The article is not on its site yet (it waits for review); the change is stored here and goes out when it is published",
          };
    return answer({ article, images }, false, reason);
  }
  try {
    const { sent, ...current } = await sendUntilCurrent(services, accountId, articleId, place, now);
    if (sent) await queueIndexNowOfArticle(services, current.article, now);
    return answer(current, true);
  } catch (error) {
    const reason = error instanceof AppError ? error.message : "the platform could not be reached";
    const errorCode = error instanceof AppError ? error.code : "upstream_error";
    const platform = place.site.platform === "blog" ? "WordPress" : "the forum";
    if (error instanceof RemotePostNotOurs) {
      await clearPlatformLink(services, article, error.remoteId, now);
      log("warn", "article_platform_link_lost", { articleId, siteId: article.siteId, remoteId: error.remoteId });
      return answer(await getArticleWithImages(db, accountId, articleId), false, {
        code: "post_not_ours",
        params: { platform: place.site.platform },
        message: `${reason}. Nothing was written there, and the article is no longer linked to that post; publish it again with POST /api/autopilot/articles/${articleId}/publish to make a new post`,
      });
    }
    log("warn", "article_platform_update_failed", { articleId, siteId: article.siteId, ...errorFields(error) });
    return answer({ article, images }, false, {
      code: "platform_not_updated",
      params: { platform: place.site.platform, errorCode },
      message: `The edit is stored here but ${platform} was not updated: ${reason}`,
    });
  }
}

/** What the platform is sent of an article: when it changes, the platform must be sent it again. */
function platformFingerprint(article: ArticleRow, images: ArticleImageRow[]): string {
  const { title, html, excerpt, slug, seoTitle, seoDesc, categories, tags, status } = article;
  return JSON.stringify([
    title,
    html,
    excerpt,
    slug,
    seoTitle,
    seoDesc,
    categories,
    tags,
    status,
    images.find((image) => image.isFeatured)?.url ?? null,
  ]);
}

/** Rounds of sending before giving up on an article that keeps changing (each edit also sends itself). */
const MAX_SEND_ROUNDS = 5;

/**
 * Sends the stored article to its platform (a new post when it has none yet, whose id is
 * recorded at once, with the fingerprint of what was sent), then reads it again: an edit stored
 * meanwhile is sent too, until what the platform got last is what is stored. Concurrent edits and
 * a publication in flight therefore end with the platform showing the last stored version,
 * whichever request's write lands last; a retried edit the platform already has is not sent again.
 */
async function sendUntilCurrent(
  services: Services,
  accountId: string,
  articleId: number,
  { site, platform }: { site: SiteRow; platform: PublishingPlatform },
  now: Date,
) {
  for (let round = 0; ; round += 1) {
    const { article, images } = await getArticleWithImages(services.db, accountId, articleId);
    const fingerprint = platformFingerprint(article, images);
    const current = article.remoteId !== null && fingerprint === article.platformFingerprint;
    if (current || round === MAX_SEND_ROUNDS) return { article, images, sent: round > 0 };
    const publishable = await asPublishable(services, site, article, images, article.status === "published" ? "publish" : "draft");
    const ref = article.remoteId ? await platform.update(article.remoteId, publishable) : await platform.publish(publishable);
    await recordPlatformLink(services, article, ref, fingerprint, now);
  }
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
  if (article.status === "published" && article.remoteId === null && article.siteId) {
    const site = await getSite(db, accountId, article.siteId).catch(() => null);
    const platform = site ? publishingPlatformFor(services, site) : null;
    if (site && platform) return republishArticle(services, article, { site, platform }, now);
  }
  if (article.status === "published")
    throw new AppError(
      "article_already_published",
      `Article ${articleId} is already published${article.publicationUrl ? ` at ${article.publicationUrl}` : ""}`,
    );
  if (article.status === "archived")
    throw new AppError("article_archived", `Article ${articleId} is archived; only a draft or pending article can be published`);
  const at = toIsoSeconds(now);
  const site = article.siteId ? await getSite(db, accountId, article.siteId).catch(() => null) : null;
  const webhookSiteId = site?.platform === "custom" && site.webhookUrl !== null ? site.id : null;
  const itemPublished = db
    .update(planItems)
    .set({ status: "PUBLISHED", updatedAt: at })
    .where(and(eq(planItems.articleId, articleId), eq(planItems.status, "REVIEW")));
  if (!(await claimPublication(services, article, { webhookSiteId, at, alongside: [itemPublished] }))) {
    throw new AppError("article_busy", `Article ${articleId} is being published or was changed meanwhile; read it again`);
  }

  const platform = site ? publishingPlatformFor(services, site) : null;
  try {
    if (site && platform) await sendUntilCurrent(services, accountId, articleId, { site, platform }, now);
  } catch (error) {
    await undoPublication(services, article, at, [
      db
        .update(planItems)
        .set({ status: "REVIEW", updatedAt: at })
        .where(and(eq(planItems.articleId, articleId), eq(planItems.status, "PUBLISHED"))),
    ]);
    throw error;
  } finally {
    await releasePublication(services, article);
  }
  if (article.planId) await completePlanIfDone(db, article.planId, now);
  log("info", "article_published", { articleId, siteId: article.siteId, platform: site?.platform ?? null });
  const published = await getArticleWithImages(db, accountId, articleId);
  await queueIndexNowOfArticle(services, published.article, now);
  await queueLinkUpkeep(services, published.article);
  return published;
}

/**
 * A published article whose post was lost (its link cleared because the post no longer carried
 * its marker) gets a new post: one claim decides among simultaneous calls, then the stored
 * article is sent like any publication.
 */
async function republishArticle(
  services: Services,
  article: ArticleRow,
  place: { site: SiteRow; platform: PublishingPlatform },
  now: Date,
) {
  if (!(await claimRepublication(services, article, now))) {
    throw new AppError("article_busy", `Article ${article.id} is being published again; read it again in a moment`);
  }
  try {
    await sendUntilCurrent(services, article.accountId, article.id, place, now);
  } finally {
    await releasePublication(services, article);
  }
  log("info", "article_republished", { articleId: article.id, siteId: article.siteId });
  const republished = await getArticleWithImages(services.db, article.accountId, article.id);
  await queueIndexNowOfArticle(services, republished.article, now);
  await queueLinkUpkeep(services, republished.article);
  return republished;
}

/** One of the account's uploads as a featured image (its URL and an alt text); 400 naming the field otherwise. */
async function featuredUpload(
  services: Services,
  accountId: string,
  uploadId: string,
  title: string,
): Promise<{ url: string; altText: string }> {
  const [upload] = await services.db
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, uploadId), eq(uploads.accountId, accountId)));
  if (!upload)
    throw new AppError(
      "invalid_request",
      `Body field 'featuredImage': the account has no upload ${uploadId.slice(0, 64)} (GET /api/uploads lists them)`,
      [{ path: "featuredImage", code: "not_found", message: "is not one of the account's uploads" }],
    );
  return { url: mediaUrl(upload.objectKey, services.config.publicBaseUrl), altText: title };
}
