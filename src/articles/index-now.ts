import { and, eq } from "drizzle-orm";
import type { IndexNowAnswer } from "../adapters/index-now/port";
import { isProviderError } from "../adapters/provider-error";
import { errorFields, log } from "../core/logger";
import { INDEX_NOW_MESSAGE, type IndexNowSubmit } from "../core/queue-messages";
import { toIsoSeconds } from "../core/time";
import { articles, sites, type IndexNowRecord } from "../db/schema";
import type { Services } from "../services/container";
import { indexNowKeyUrl, type SiteRow } from "../sites/service";
import type { ArticleRow } from "./service";

// IndexNow (docs/guides/indexnow.md): every URL that goes live or changes on a blog or custom
// site is announced, through the search queue so a slow or rate-limited engine never holds a
// publish or an edit. A message carries one URL; a redelivered one announces the same URL again,
// which engines take as one more "this changed".

/** What one site announces with: its host, key and key file; null when it announces nothing. */
function announcerOf(site: SiteRow, url: string): { host: string; key: string; keyLocation: string } | null {
  if (site.status === "DISCONNECTED") return null;
  const keyLocation = indexNowKeyUrl(site);
  if (!keyLocation || !site.indexNowKey) return null;
  const host = hostOf(url);
  // Every URL must be on the key's host (a post WordPress links under another host would be a 422).
  if (!host || host !== hostOf(site.url)) return null;
  return { host, key: site.indexNowKey, keyLocation };
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
}

async function siteOf(services: Services, target: Pick<IndexNowSubmit, "accountId" | "siteId">): Promise<SiteRow | undefined> {
  const [site] = await services.db
    .select()
    .from(sites)
    .where(and(eq(sites.id, target.siteId), eq(sites.accountId, target.accountId)));
  return site;
}

// The answer is not content: the article's updatedAt and the public content version stay as they are.
async function recordOnArticle(services: Services, target: IndexNowSubmit, record: IndexNowRecord): Promise<void> {
  if (target.articleId === undefined) return;
  await services.db
    .update(articles)
    .set({ indexNow: record })
    .where(and(eq(articles.id, target.articleId), eq(articles.accountId, target.accountId)));
}

/**
 * Queues the announcement of a URL that went live or changed on its site; an article's shows
 * `pending` until the engine answers. Nothing for forums, keyless or disconnected sites and URLs
 * off the site's host. Never throws: the publish or edit that called it has already happened.
 */
export async function queueIndexNow(services: Services, target: IndexNowSubmit, now = new Date()): Promise<void> {
  try {
    const site = await siteOf(services, target);
    if (!site || !announcerOf(site, target.url)) return;
    const offline = services.config.search.indexNowProvider === "offline";
    const submittedAt = toIsoSeconds(now);
    // Pending before the send: a quick consumer's answer then lands after it, not under it.
    await recordOnArticle(services, target, { status: "pending", submittedAt, httpStatus: null, offline });
    try {
      await services.queues.search.send({ type: INDEX_NOW_MESSAGE, ...target });
    } catch (error) {
      await recordOnArticle(services, target, { status: "failed", submittedAt, httpStatus: null, offline });
      throw error;
    }
  } catch (error) {
    log("warn", "indexnow_not_queued", { siteId: target.siteId, articleId: target.articleId ?? null, ...errorFields(error) });
  }
}

/** Queues the announcement of a published article's URL (none while it has no URL: a custom site's, or one not posted yet). */
export async function queueIndexNowOfArticle(
  services: Services,
  article: Pick<ArticleRow, "id" | "accountId" | "siteId" | "status" | "publicationUrl">,
  now = new Date(),
): Promise<void> {
  if (article.status !== "published" || !article.siteId || !article.publicationUrl) return;
  await queueIndexNow(
    services,
    { accountId: article.accountId, siteId: article.siteId, url: article.publicationUrl, articleId: article.id },
    now,
  );
}

/**
 * The queue's IndexNow message: the URL is submitted with the site's key and key file, and the
 * answer recorded on the article. A site gone, disconnected, a forum, without key, or a URL off
 * its host is skipped silently. A 429, 5xx or timeout is rethrown for the queue to retry (after a
 * 429 no sooner than the engine asked); should every retry fail, the article stays `pending`.
 */
export async function submitToIndexNow(services: Services, message: IndexNowSubmit, now = new Date()): Promise<void> {
  const site = await siteOf(services, message);
  const announcer = site ? announcerOf(site, message.url) : null;
  if (!announcer) return;
  let answer: IndexNowAnswer;
  try {
    answer = await services.indexNow().submit({ ...announcer, urls: [message.url] });
  } catch (error) {
    if (isProviderError(error)) log("warn", "indexnow_retry", { siteId: message.siteId, failure: error.failure });
    throw error;
  }
  if (answer.outcome === "key_invalid" || answer.outcome === "rejected")
    log("warn", "indexnow_refused", { siteId: message.siteId, outcome: answer.outcome, httpStatus: answer.httpStatus });
  await recordOnArticle(services, message, {
    status: answer.outcome,
    submittedAt: toIsoSeconds(now),
    httpStatus: answer.httpStatus,
    offline: answer.offline,
  });
}
