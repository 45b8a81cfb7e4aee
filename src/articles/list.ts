import { and, asc, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Database } from "../db/client";
import { articles, type ArticleStatus } from "../db/schema";
import { imagesJsonColumn, parseImagesJson, type ArticleImageRow, type ArticleRow } from "./service";
import { toFtsMatch } from "./search-query";

export const ARTICLE_SORTS = ["created_at", "updated_at", "title", "word_count"] as const;
export type ArticleSort = (typeof ARTICLE_SORTS)[number];

const SORT_COLUMNS = {
  created_at: articles.createdAt,
  updated_at: articles.updatedAt,
  title: sql`${articles.title} COLLATE NOCASE`,
  word_count: articles.wordCount,
} as const;

export interface ArticleListQuery {
  page: number;
  perPage: number;
  status?: ArticleStatus;
  language?: string;
  sort: ArticleSort;
  order: "asc" | "desc";
  search?: string;
  /** A site id: only that site's articles (another account's site matches nothing). */
  siteId?: string;
  /** The caller's site limit (a site-limited member's token): only these sites' articles; null or absent: every article. */
  siteIds?: string[] | null;
}

export interface ArticlePage {
  items: { article: ArticleRow; images: ArticleImageRow[] }[];
  total: number;
}

/**
 * The two statements of a list: the count of its filters and one page. Null when the search has no
 * word to look for (nothing matches). Exported so tests can EXPLAIN exactly what is sent.
 */
export function articleListStatements(db: Database, accountId: string, query: ArticleListQuery) {
  const conditions: SQL[] = [eq(articles.accountId, accountId)];
  if (query.siteId) conditions.push(eq(articles.siteId, query.siteId));
  if (query.siteIds) conditions.push(inArray(articles.siteId, query.siteIds));
  if (query.status) conditions.push(eq(articles.status, query.status));
  if (query.language) conditions.push(eq(articles.language, query.language));
  if (query.search !== undefined) {
    const match = toFtsMatch(query.search);
    if (match === null) return null;
    conditions.push(sql`${articles.id} IN (SELECT rowid FROM articles_fts WHERE articles_fts MATCH ${match})`);
  }
  const where = and(...conditions);
  const direction = query.order === "asc" ? asc : desc;
  return {
    count: db.select({ total: count() }).from(articles).where(where),
    page: db
      .select({ article: articles, imagesJson: imagesJsonColumn })
      .from(articles)
      .where(where)
      // id breaks ties so pages never overlap or skip rows with equal sort values.
      .orderBy(direction(SORT_COLUMNS[query.sort]), direction(articles.id))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
  };
}

/**
 * One page of the account's articles with their images; filters combine with AND. `knownTotal`
 * is the count of the same filters when the caller already has it (another page of the same list
 * at the same content version): then only the page is queried.
 */
export async function listArticles(db: Database, accountId: string, query: ArticleListQuery, knownTotal?: number): Promise<ArticlePage> {
  const statements = articleListStatements(db, accountId, query);
  if (statements === null) return { items: [], total: 0 };
  const { count: counted, page } = statements;
  const itemsOf = (rows: Awaited<typeof page>) =>
    rows.map((row) => ({ article: row.article, images: parseImagesJson(row.imagesJson, row.article) }));
  if (knownTotal !== undefined) return { items: itemsOf(await page), total: knownTotal };

  // One round trip: the count and the page, each row carrying its images as JSON.
  const [[totalRow], rows] = await db.batch([counted, page]);
  return { items: itemsOf(rows), total: totalRow?.total ?? 0 };
}
