import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../db/client";
import { postImprovements, existingPosts } from "../db/schema";
import { newId } from "../core/ids";
import { toIsoSeconds } from "../core/time";
import type { ReadPost } from "./read-posts";
import type { ExistingPostRow } from "./schemas";

// D1 binds at most 100 values per statement. A row binds 12: its 11 values and the default
// improvement status, which Drizzle sends as a value too. So 8 rows per INSERT.
const VALUES_PER_ROW = 12;
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
        wordCount: sql`excluded.word_count`,
        similaritySignature: sql`excluded.similarity_signature`,
        syncId: sql`excluded.sync_id`,
        updatedAt: sql`excluded.updated_at`,
      },
    });
}

/** A page of the site's existing posts, most recently modified first. */
export async function listExistingPosts(
  db: Database,
  accountId: string,
  siteId: string,
  page: { page: number; perPage: number },
): Promise<{ rows: (ExistingPostRow & { suggestedAt: string | null })[]; total: number }> {
  const where = and(eq(existingPosts.accountId, accountId), eq(existingPosts.siteId, siteId));
  const [rows, [totals]] = await db.batch([
    db
      .select({ post: existingPosts, suggestedAt: postImprovements.suggestedAt })
      .from(existingPosts)
      .leftJoin(postImprovements, eq(postImprovements.postId, existingPosts.id))
      .where(where)
      .orderBy(
        sql`${existingPosts.modifiedAt} IS NULL`,
        desc(existingPosts.modifiedAt),
        desc(existingPosts.remoteId),
        asc(existingPosts.id),
      )
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage),
    db.select({ total: count() }).from(existingPosts).where(where),
  ]);
  return { rows: rows.map(({ post, suggestedAt }) => ({ ...post, suggestedAt })), total: totals?.total ?? 0 };
}
