import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../db/client";
import { existingPosts, postImprovements, searchDecay, searchPages, type DecayReason } from "../db/schema";
import { newId } from "../core/ids";
import { toIsoSeconds } from "../core/time";
import type { ReadPost } from "./read-posts";
import { searchFigures, type ExistingPostRow, type ExistingPostSort, type ListSearchFigures } from "./schemas";

// D1 binds at most 100 values per statement. A row binds 13: its 12 values and the default
// improvement status, which Drizzle sends as a value too. So 7 rows per INSERT.
const VALUES_PER_ROW = 13;
export const ROWS_PER_STATEMENT = Math.floor(100 / VALUES_PER_ROW);
const STATEMENTS_PER_BATCH = 50;

/**
 * Makes the site's existing posts equal to `posts`: upserts on (site_id, remote_id), so rows keep
 * their id and improvement status and are never duplicated; then removes the rows of posts
 * this sync did not see (by id, so two syncs running at once cannot erase each other's rows).
 */
export async function replaceExistingPosts(
  db: Database,
  accountId: string,
  siteId: string,
  posts: ReadPost[],
  startedAt: Date,
): Promise<void> {
  const syncId = crypto.randomUUID();
  const syncedAt = toIsoSeconds(startedAt);
  const statements: BatchItem<"sqlite">[] = [];
  for (let i = 0; i < posts.length; i += ROWS_PER_STATEMENT) {
    const rows = posts.slice(i, i + ROWS_PER_STATEMENT).map((post) => ({
      id: newId("post"),
      accountId,
      siteId,
      remoteId: post.remoteId,
      title: post.title,
      url: post.url,
      modifiedAt: post.modifiedAt,
      publishedAt: post.publishedAt,
      wordCount: post.wordCount,
      similaritySignature: post.similaritySignature,
      syncId,
      updatedAt: syncedAt,
    }));
    statements.push(upsertExistingPosts(db, rows));
  }
  // The ids travel as one JSON value: a NOT IN list would exceed D1's 100 bound values.
  const seenIds = JSON.stringify(posts.map((post) => post.remoteId));
  statements.push(
    db
      .delete(existingPosts)
      .where(and(eq(existingPosts.siteId, siteId), sql`${existingPosts.remoteId} NOT IN (SELECT value FROM json_each(${seenIds}))`)),
  );
  for (let i = 0; i < statements.length; i += STATEMENTS_PER_BATCH) {
    const [head, ...tail] = statements.slice(i, i + STATEMENTS_PER_BATCH);
    await db.batch([head!, ...tail]);
  }
}

/** One INSERT of up to ROWS_PER_STATEMENT rows that updates the rows of posts already stored. */
export function upsertExistingPosts(db: Database, rows: (typeof existingPosts.$inferInsert)[]) {
  return db
    .insert(existingPosts)
    .values(rows)
    .onConflictDoUpdate({
      target: [existingPosts.siteId, existingPosts.remoteId],
      set: {
        title: sql`excluded.title`,
        url: sql`excluded.url`,
        modifiedAt: sql`excluded.modified_at`,
        publishedAt: sql`excluded.published_at`,
        wordCount: sql`excluded.word_count`,
        similaritySignature: sql`excluded.similarity_signature`,
        syncId: sql`excluded.sync_id`,
        updatedAt: sql`excluded.updated_at`,
      },
    });
}

/** A listed post with its page's Search Console figures and the decay the weekly check found on it. */
export type ListedExistingPost = ExistingPostRow & {
  suggestedAt: string | null;
  search: ListSearchFigures | null;
  decay: { reason: DecayReason; seasonal: boolean } | null;
};

// The post's Search Console page: the sync links at most one per URL, the most clicked wins if ever two.
const postPage = sql`(SELECT s.id FROM search_pages s WHERE s.post_id = "existing_posts"."id" ORDER BY s.clicks DESC, s.id LIMIT 1)`;
// Decaying first by severity (the order the check tries the rules), seasonal falls after them.
const decayRank = sql`CASE WHEN ${searchDecay.pageId} IS NULL THEN 2 WHEN ${searchDecay.seasonal} THEN 1 ELSE 0 END`;
const reasonRank = sql`CASE ${searchDecay.reason} WHEN 'clicks_fell' THEN 0 WHEN 'position_fell' THEN 1 ELSE 2 END`;

/**
 * The joined page's columns under names of their own: D1's batch answers rows as objects keyed
 * by column name, so search_pages.id must not meet existing_posts.id (or articles.id) as `id`.
 */
export const pageFigures = {
  pageId: sql<number | null>`${searchPages.id}`.as("search_page_id"),
  clicks: sql<number | null>`${searchPages.clicks}`.as("search_clicks"),
  impressions: sql<number | null>`${searchPages.impressions}`.as("search_impressions"),
  position: sql<number | null>`${searchPages.position}`.as("search_position"),
  previousClicks: sql<number | null>`${searchPages.previousClicks}`.as("search_previous_clicks"),
  previousPosition: sql<number | null>`${searchPages.previousPosition}`.as("search_previous_position"),
};

/** The figures `pageFigures` selected, as a list shows them; null when no page matched. */
export function searchOf(row: { [K in keyof typeof pageFigures]: number | null }): ListSearchFigures | null {
  if (row.pageId === null) return null;
  return searchFigures({
    clicks: row.clicks ?? 0,
    impressions: row.impressions ?? 0,
    position: row.position,
    previousClicks: row.previousClicks ?? 0,
    previousPosition: row.previousPosition,
  });
}

/**
 * A page of the site's existing posts, most recently modified first, or by the Search Console
 * figures of their pages (posts without figures last), or decaying posts first.
 */
export async function listExistingPosts(
  db: Database,
  accountId: string,
  siteId: string,
  page: { page: number; perPage: number; sort?: ExistingPostSort; order?: "asc" | "desc" },
): Promise<{ rows: ListedExistingPost[]; total: number }> {
  const where = and(eq(existingPosts.accountId, accountId), eq(existingPosts.siteId, siteId));
  const modified = [
    sql`${existingPosts.modifiedAt} IS NULL`,
    desc(existingPosts.modifiedAt),
    desc(existingPosts.remoteId),
    asc(existingPosts.id),
  ];
  const sort = page.sort ?? "modified";
  const direction = (page.order ?? (sort === "position" ? "asc" : "desc")) === "asc" ? asc : desc;
  const order =
    sort === "clicks"
      ? [sql`${searchPages.id} IS NULL`, direction(searchPages.clicks), ...modified]
      : sort === "position"
        ? [sql`${searchPages.position} IS NULL`, direction(searchPages.position), ...modified]
        : sort === "decay"
          ? [decayRank, reasonRank, ...modified]
          : page.order === "asc"
            ? [sql`${existingPosts.modifiedAt} IS NULL`, asc(existingPosts.modifiedAt), asc(existingPosts.remoteId), asc(existingPosts.id)]
            : modified;
  const [rows, [totals]] = await db.batch([
    db
      .select({
        post: existingPosts,
        suggestedAt: postImprovements.suggestedAt,
        ...pageFigures,
        decayReason: searchDecay.reason,
        decaySeasonal: searchDecay.seasonal,
      })
      .from(existingPosts)
      .leftJoin(postImprovements, eq(postImprovements.postId, existingPosts.id))
      .leftJoin(searchPages, eq(searchPages.id, postPage))
      .leftJoin(searchDecay, eq(searchDecay.pageId, searchPages.id))
      .where(where)
      .orderBy(...order)
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage),
    db.select({ total: count() }).from(existingPosts).where(where),
  ]);
  return {
    rows: rows.map((row) => ({
      ...row.post,
      suggestedAt: row.suggestedAt,
      search: searchOf(row),
      decay: row.decayReason === null ? null : { reason: row.decayReason, seasonal: row.decaySeasonal ?? false },
    })),
    total: totals?.total ?? 0,
  };
}
