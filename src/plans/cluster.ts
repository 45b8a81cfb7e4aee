import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { articles, planItems } from "../db/schema";

export interface ClusterPillar {
  itemId: string;
  title: string;
  /** The pillar's live page: its published article, or the post it improved; null until there is one. */
  url: string | null;
  articleId: number | null;
}

/**
 * The pillar of a spoke item (null for an item outside a cluster, or the pillar itself). The
 * writer is given its page as the first internal link; the link-suggestion code reads it to link
 * the pillar back to each spoke once the spoke is live.
 */
export async function pillarOf(db: Database, item: { accountId: string; pillarItemId: string | null }): Promise<ClusterPillar | null> {
  if (!item.pillarItemId) return null;
  const [row] = await db
    .select({
      itemId: planItems.id,
      title: planItems.title,
      status: planItems.status,
      suggestion: planItems.suggestion,
      overlap: planItems.overlap,
      articleId: articles.id,
      articleUrl: articles.publicationUrl,
      articleStatus: articles.status,
    })
    .from(planItems)
    .leftJoin(articles, eq(articles.id, planItems.articleId))
    .where(and(eq(planItems.id, item.pillarItemId), eq(planItems.accountId, item.accountId)));
  if (!row) return null;
  const improved = row.suggestion === "improve" && row.status === "PUBLISHED" ? (row.overlap?.url ?? null) : null;
  const published = row.articleStatus === "published" ? row.articleUrl : null;
  return { itemId: row.itemId, title: row.title, url: published ?? improved, articleId: row.articleId };
}

/** The pillar a published article belongs to as a spoke (by its plan item), for the link-suggestion code. */
export async function pillarOfArticle(db: Database, accountId: string, articleId: number): Promise<ClusterPillar | null> {
  const [row] = await db
    .select({ pillarItemId: planItems.pillarItemId })
    .from(articles)
    .innerJoin(planItems, eq(planItems.id, articles.planItemId))
    .where(and(eq(articles.id, articleId), eq(articles.accountId, accountId)));
  return row ? pillarOf(db, { accountId, pillarItemId: row.pillarItemId }) : null;
}

export interface PublishedSpoke {
  url: string;
  title: string;
  keyword: string;
}

/** The published spokes of the pillar a published article is (empty for any other article). */
export async function publishedSpokesOf(db: Database, accountId: string, articleId: number): Promise<PublishedSpoke[]> {
  const [pillar] = await db
    .select({ itemId: articles.planItemId })
    .from(articles)
    .innerJoin(planItems, eq(planItems.id, articles.planItemId))
    .where(and(eq(articles.id, articleId), eq(articles.accountId, accountId), eq(planItems.clusterRole, "pillar")));
  if (!pillar?.itemId) return [];
  const spokes = await db
    .select({ url: articles.publicationUrl, title: articles.title, keyword: planItems.targetKeyword, status: articles.status })
    .from(planItems)
    .innerJoin(articles, eq(articles.id, planItems.articleId))
    .where(and(eq(planItems.pillarItemId, pillar.itemId), eq(planItems.accountId, accountId)));
  return spokes.flatMap((spoke) =>
    spoke.status === "published" && spoke.url ? [{ url: spoke.url, title: spoke.title, keyword: spoke.keyword }] : [],
  );
}
