import { and, eq } from "drizzle-orm";
import { auditStatement, recordAudit } from "../audit/audit";
import { AppError } from "../core/errors";
import { newId } from "../core/ids";
import { toIsoSeconds } from "../core/time";
import type { Database } from "../db/client";
import { isUniqueViolation } from "../db/errors";
import { articleRevisions } from "../db/schema";
import { pendingRevision } from "./pending-revision";
import type { Caller } from "../http/context";
import type { Services } from "../services/container";
import type { ArticleEdit } from "./management-schemas";
import { editArticle } from "./management";
import { getArticleWithImages } from "./service";

// Writers edit articles but cannot publish: a writer's edit of a published article would put their
// words on the live site. It is kept as the article's pending revision instead, and an editor (or
// above) publishes it, which sends it to the site as their own edit would, or discards it.

export type RevisionRow = typeof articleRevisions.$inferSelect;

/** Whether `caller`'s edit of `article` waits for an editor: a writer's (or viewer-strength token's) edit of a published article. */
export function editWaitsForEditor(caller: Pick<Caller, "role">, article: { status: string }): boolean {
  return article.status === "published" && (caller.role === "writer" || caller.role === "viewer");
}

/**
 * Stores a writer's edit of a published article as its pending revision (merged into the one
 * waiting, if any: one statement that inserts or updates, so two edits at once keep both).
 */
export async function proposeRevision(services: Services, caller: Caller, articleId: number, edit: ArticleEdit, now = new Date()) {
  const { db } = services;
  await getArticleWithImages(db, caller.accountId, articleId, caller.siteIds); // 404 first
  const at = toIsoSeconds(now);
  const [waiting] = await db
    .select()
    .from(articleRevisions)
    .where(
      and(
        eq(articleRevisions.articleId, articleId),
        eq(articleRevisions.accountId, caller.accountId),
        eq(articleRevisions.status, "pending"),
      ),
    );
  const id = waiting?.id ?? newId("rev");
  const merged = { ...(waiting?.edit ?? {}), ...edit };
  const audit = auditStatement(db, caller.accountId, caller, {
    action: "article.revision_proposed",
    targetType: "article",
    targetId: articleId,
    detail: { revisionId: id, fields: Object.keys(edit) },
  });
  const store = waiting
    ? db
        .update(articleRevisions)
        .set({ edit: merged, memberId: caller.memberId, updatedAt: at })
        .where(and(eq(articleRevisions.id, id), eq(articleRevisions.status, "pending")))
    : db
        .insert(articleRevisions)
        .values({ id, accountId: caller.accountId, articleId, memberId: caller.memberId, edit: merged, createdAt: at, updatedAt: at });
  try {
    await db.batch([store, audit]);
  } catch (error) {
    // Another writer's first edit landed in between (one pending revision per article): merge into it.
    if (!waiting && isUniqueViolation(error)) return proposeRevision(services, caller, articleId, edit, now);
    throw error;
  }
  return (await pendingRevision(db, caller.accountId, articleId))!;
}

/** Claims the pending revision for a decision (once: one conditional update), or 404 when none waits. */
async function claimRevision(db: Database, caller: Caller, articleId: number, status: "published" | "discarded", now: Date) {
  const [claimed] = await db
    .update(articleRevisions)
    .set({ status, decidedBy: caller.memberId, decidedAt: toIsoSeconds(now) })
    .where(
      and(
        eq(articleRevisions.articleId, articleId),
        eq(articleRevisions.accountId, caller.accountId),
        eq(articleRevisions.status, "pending"),
      ),
    )
    .returning();
  if (!claimed) throw new AppError("not_found", "No revision of this article waits for an editor");
  return claimed;
}

/**
 * An editor publishes the pending revision: it is applied as their own PATCH would be (the live
 * post is updated). When the edit cannot be applied (an upload gone), the revision waits again.
 */
export async function publishRevision(services: Services, caller: Caller, articleId: number, now = new Date()) {
  const claimed = await claimRevision(services.db, caller, articleId, "published", now);
  try {
    const result = await editArticle(services, caller.accountId, articleId, claimed.edit as ArticleEdit, now);
    await recordAudit(services.db, caller.accountId, caller, {
      action: "article.revision_published",
      targetType: "article",
      targetId: articleId,
      detail: { revisionId: claimed.id, proposedBy: claimed.memberId, blogUpdated: result.blogUpdated },
    });
    return result;
  } catch (error) {
    await services.db
      .update(articleRevisions)
      .set({ status: "pending", decidedBy: null, decidedAt: null })
      .where(eq(articleRevisions.id, claimed.id));
    throw error;
  }
}

export async function discardRevision(services: Services, caller: Caller, articleId: number, now = new Date()): Promise<void> {
  const claimed = await claimRevision(services.db, caller, articleId, "discarded", now);
  await recordAudit(services.db, caller.accountId, caller, {
    action: "article.revision_discarded",
    targetType: "article",
    targetId: articleId,
    detail: { revisionId: claimed.id, proposedBy: claimed.memberId },
  });
}
