import { and, eq, inArray, sql } from "drizzle-orm";
import { notFound } from "../core/errors";
import { countWords, htmlToText } from "../core/html-text";
import type { Database } from "../db/client";
import { type articleImages, articles } from "../db/schema";

export type ArticleRow = typeof articles.$inferSelect;
export type ArticleImageRow = typeof articleImages.$inferSelect;

/** The derived columns of an article body: its text (for search) and word count. */
export function bodyColumns(html: string) {
  const contentText = htmlToText(html);
  return { html, contentText, wordCount: countWords(contentText) };
}

/** Article ids are positive integers; any other text names no article (404). */
export function parseArticleId(text: string): number {
  if (!/^[1-9]\d{0,14}$/.test(text)) throw notFound("Article");
  return Number(text);
}

/** The article's images as a JSON array, in display order: lets one query return rows with their images. */
export const imagesJsonColumn = sql<string>`(SELECT json_group_array(json_object('id', i.id, 'url', i.url, 'altText', i.alt_text, 'isFeatured', i.is_featured, 'position', i.position, 'createdAt', i.created_at) ORDER BY i.position, i.id) FROM article_images i WHERE i.article_id = "articles"."id")`;

export function parseImagesJson(json: string, article: Pick<ArticleRow, "id" | "accountId">): ArticleImageRow[] {
  const images = JSON.parse(json) as (Omit<ArticleImageRow, "articleId" | "accountId" | "isFeatured"> & { isFeatured: number })[];
  return images.map((image) => ({ ...image, articleId: article.id, accountId: article.accountId, isFeatured: image.isFeatured === 1 }));
}

/** One article of the account with its images, in one round trip; 404 when missing or foreign. */
/** One article with its images; 404 when the account has none with this id, or when it is outside `siteIds` (a site-limited caller's). */
export async function getArticleWithImages(db: Database, accountId: string, articleId: number, siteIds?: string[] | null) {
  const [row] = await db
    .select({ article: articles, imagesJson: imagesJsonColumn })
    .from(articles)
    .where(and(eq(articles.id, articleId), eq(articles.accountId, accountId), siteIds ? inArray(articles.siteId, siteIds) : undefined));
  if (!row) throw notFound("Article");
  return { article: row.article, images: parseImagesJson(row.imagesJson, row.article) };
}
