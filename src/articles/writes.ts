import { and, eq, inArray, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import { AppError } from "../core/errors";
import { sanitizeHtml } from "../core/sanitize-html";
import { toIsoSeconds } from "../core/time";
import { runBatch, type BatchStatement } from "../db/batch";
import { articleImages, articles, planItems, type ArticleStatus } from "../db/schema";
import type { Services } from "../services/container";
import { articlesChanged } from "./content-version";
import { publishedEventRow, wakePublishedEvent } from "./outbox";
import { bodyColumns, type ArticleRow } from "./service";

// Every write to an article row, each with its side effects: the content version the public API
// keys its answers by, and the `article.published` outbox row of a custom site's webhook. The
// pipeline, PATCH, publish and improvements all write through these, so none of them forgets either.

type NewArticleRow = typeof articles.$inferInsert;

/**
 * Stores a plan item's article once (a replay adds nothing: one article per item), its hero as
 * the featured image, the event when `webhookSiteId` is given and the article is published, and
 * `alongside` (the item's own update) in the same batch. Returns the stored article's id and URL.
 */
export async function storeGeneratedArticle(
  services: Services,
  input: {
    values: NewArticleRow & { planItemId: string };
    hero: { url: string; altText: string } | null;
    webhookSiteId: string | null;
    alongside: (ofThisItem: SQL) => BatchStatement[];
  },
): Promise<{ articleId: number; url: string | null }> {
  const { db } = services;
  const { values } = input;
  const at = values.createdAt ?? toIsoSeconds(new Date());
  const ofThisItem = sql`(SELECT id FROM articles WHERE plan_item_id = ${values.planItemId})`;
  const event =
    input.webhookSiteId && values.status === "published"
      ? publishedEventRow({ accountId: values.accountId, siteId: input.webhookSiteId, articleId: ofThisItem, at, when: sql`1 = 1` })
      : null;
  await runBatch(db, [
    db.insert(articles).values(values).onConflictDoNothing(),
    sql`
      INSERT INTO article_images (article_id, account_id, url, alt_text, is_featured, position, created_at)
      SELECT ${ofThisItem}, ${values.accountId}, ${input.hero?.url ?? ""}, ${input.hero?.altText ?? ""}, 1, 0, ${at}
      WHERE ${input.hero ? 1 : 0} = 1 AND NOT EXISTS (SELECT 1 FROM article_images WHERE article_id = ${ofThisItem})`,
    ...(event ? [event.statement] : []),
    ...input.alongside(ofThisItem),
  ]);
  const [article] = await db
    .select({ id: articles.id, url: articles.publicationUrl })
    .from(articles)
    .where(eq(articles.planItemId, values.planItemId));
  if (!article) throw new AppError("internal_error", `The article of item ${values.planItemId} was not stored`);
  await articlesChanged(services, values.accountId);
  if (event) await wakePublishedEvent(services, article.id);
  return { articleId: article.id, url: article.url };
}

/** What PATCH may change; `featuredImage` is an upload already checked to be the account's (null removes it). */
export interface ArticleFieldsEdit {
  title?: string;
  /** Already folded and checked to be free on the site (src/articles/slug.ts). */
  slug?: string;
  seoTitle?: string;
  seoDesc?: string;
  html?: string;
  excerpt?: string;
  tags?: string[];
  categories?: string[];
  featuredImage?: { url: string; altText: string } | null;
  /** The quality of the new text, with what follows from it (src/articles/quality.ts rescore). */
  scored?: Pick<NewArticleRow, "quality" | "contentScore" | "reviewReasons" | "claims" | "similaritySignature">;
}

/** PATCH: the fields given (HTML already sanitised) stored on the account's article, the featured image in the same batch. */
export async function saveArticleEdit(
  services: Services,
  accountId: string,
  articleId: number,
  edit: ArticleFieldsEdit,
  now: Date,
): Promise<void> {
  const { db } = services;
  const at = toIsoSeconds(now);
  const changes: Partial<NewArticleRow> = { updatedAt: at };
  if (edit.title !== undefined) changes.title = edit.title;
  if (edit.slug !== undefined) changes.slug = edit.slug;
  if (edit.seoTitle !== undefined) changes.seoTitle = edit.seoTitle;
  if (edit.seoDesc !== undefined) changes.seoDesc = edit.seoDesc;
  if (edit.html !== undefined) Object.assign(changes, bodyColumns(edit.html));
  if (edit.excerpt !== undefined) changes.excerpt = edit.excerpt;
  if (edit.tags !== undefined) changes.tags = edit.tags;
  if (edit.categories !== undefined) changes.categories = edit.categories;
  if (edit.scored !== undefined) Object.assign(changes, edit.scored);
  const statements: BatchStatement[] = [
    db
      .update(articles)
      .set(changes)
      .where(and(eq(articles.id, articleId), eq(articles.accountId, accountId))),
  ];
  // The item of an article waiting in review says why, as the article does: both follow the edit.
  if (edit.scored !== undefined)
    statements.push(
      db
        .update(planItems)
        .set({ reviewReasons: edit.scored.reviewReasons ?? null })
        .where(and(eq(planItems.articleId, articleId), eq(planItems.accountId, accountId), eq(planItems.status, "REVIEW"))),
    );
  if (edit.featuredImage !== undefined) {
    statements.push(db.delete(articleImages).where(and(eq(articleImages.articleId, articleId), eq(articleImages.isFeatured, true))));
    if (edit.featuredImage) {
      statements.push(
        db.insert(articleImages).values({
          articleId,
          accountId,
          url: edit.featuredImage.url,
          altText: edit.featuredImage.altText,
          isFeatured: true,
          position: 0,
          createdAt: at,
        }),
      );
    }
  }
  await runBatch(db, statements);
  await articlesChanged(services, accountId);
}

/**
 * A `draft` or `pending` article turns `published`, conditionally, with its event (custom site
 * with a webhook) and `alongside` (its plan item) in the same batch, and held until the platform
 * has it (releasePublication); false when another call claimed it first or it changed meanwhile.
 */
export async function claimPublication(
  services: Services,
  article: Pick<ArticleRow, "id" | "accountId">,
  input: { webhookSiteId: string | null; at: string; alongside: BatchStatement[] },
): Promise<boolean> {
  const { db } = services;
  const claim = and(eq(articles.id, article.id), eq(articles.accountId, article.accountId), inArray(articles.status, ["draft", "pending"]));
  const event = input.webhookSiteId
    ? publishedEventRow({
        accountId: article.accountId,
        siteId: input.webhookSiteId,
        articleId: article.id,
        at: input.at,
        when: sql`changes() = 1`,
      })
    : null;
  const [claimed] = await runBatch(db, [
    db
      .update(articles)
      .set({ status: "published", publishedAt: input.at, updatedAt: input.at, publishingUntil: holdUntil(new Date(Date.parse(input.at))) })
      .where(claim)
      .returning({ id: articles.id }),
    ...(event ? [event.statement] : []),
    ...input.alongside,
  ]);
  if (!claimed || (claimed.results as unknown[]).length === 0) return false;
  await articlesChanged(services, article.accountId);
  if (event) await wakePublishedEvent(services, article.id);
  return true;
}

/** A publication the platform refused: the article goes back to the status it had, with `alongside` (its plan item). */
export async function undoPublication(
  services: Services,
  article: Pick<ArticleRow, "id" | "accountId" | "status" | "publishedAt">,
  at: string,
  alongside: BatchStatement[],
): Promise<void> {
  const { db } = services;
  await runBatch(db, [
    db
      .update(articles)
      .set({ status: article.status as ArticleStatus, publishedAt: article.publishedAt, publishingUntil: null, updatedAt: at })
      .where(eq(articles.id, article.id)),
    ...alongside,
  ]);
  await articlesChanged(services, article.accountId);
}

/** Where the article now is on its platform (a new post's id, a changed URL), and the fingerprint of what it was sent. */
export async function recordPlatformLink(
  services: Services,
  article: ArticleRow,
  ref: { remoteId: string; url: string | null },
  sent: string,
  now: Date,
): Promise<void> {
  if (ref.remoteId === article.remoteId && ref.url === article.publicationUrl && sent === article.platformFingerprint) return;
  await services.db
    .update(articles)
    .set({
      remoteId: ref.remoteId,
      publicationUrl: ref.url ?? article.publicationUrl,
      platformFingerprint: sent,
      updatedAt: toIsoSeconds(now),
    })
    .where(eq(articles.id, article.id));
  await articlesChanged(services, article.accountId);
}

/** The post the article pointed at is not its own any more: the link is dropped (republishing makes a new post). */
export async function clearPlatformLink(
  services: Services,
  article: Pick<ArticleRow, "id" | "accountId">,
  remoteId: string,
  now: Date,
): Promise<void> {
  await services.db
    .update(articles)
    .set({ remoteId: null, publicationUrl: null, platformFingerprint: null, updatedAt: toIsoSeconds(now) })
    .where(and(eq(articles.id, article.id), eq(articles.remoteId, remoteId)));
  await articlesChanged(services, article.accountId);
}

/** How long a publication holds the article; a crashed one's hold ends then. */
const PUBLISHING_HOLD_MS = 2 * 60_000;
const holdUntil = (now: Date) => toIsoSeconds(new Date(now.getTime() + PUBLISHING_HOLD_MS));

/**
 * A published article whose platform link was cleared is published again: one conditional
 * claim (no post linked, no publication under way or its hold expired), so simultaneous calls
 * make one new post, and a first publication still in flight is not taken for a lost link.
 * False when the claim was not won.
 */
export async function claimRepublication(services: Services, article: Pick<ArticleRow, "id" | "accountId">, now: Date): Promise<boolean> {
  const at = toIsoSeconds(now);
  const claimed = await services.db
    .update(articles)
    .set({ publishingUntil: holdUntil(now) })
    .where(
      and(
        eq(articles.id, article.id),
        eq(articles.accountId, article.accountId),
        eq(articles.status, "published"),
        isNull(articles.remoteId),
        or(isNull(articles.publishingUntil), lt(articles.publishingUntil, at)),
      ),
    )
    .returning({ id: articles.id });
  return claimed.length > 0;
}

/** The publication is over (sent, or refused): the hold goes. */
export async function releasePublication(services: Services, article: Pick<ArticleRow, "id">): Promise<void> {
  await services.db.update(articles).set({ publishingUntil: null }).where(eq(articles.id, article.id));
}

/**
 * An improvement applied to (or reverted on) a WordPress post that is one of our articles: our row
 * follows, so the management and public APIs show what the page shows. Returns the article's id, if any.
 */
export async function followPostEdit(
  services: Services,
  post: { accountId: string; siteId: string; remoteId: number },
  version: { title: string; html: string },
  now: Date,
): Promise<number | null> {
  const [updated] = await services.db
    .update(articles)
    // WordPress's raw content carries our marker and block comments: the article keeps the sanitised HTML.
    .set({ title: version.title, ...bodyColumns(sanitizeHtml(version.html)), updatedAt: toIsoSeconds(now) })
    .where(and(eq(articles.accountId, post.accountId), eq(articles.siteId, post.siteId), eq(articles.remoteId, String(post.remoteId))))
    .returning({ id: articles.id });
  if (!updated) return null;
  await articlesChanged(services, post.accountId);
  return updated.id;
}
