import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import { toIsoSeconds } from "../core/time";
import { sha256Hex } from "../core/crypto";
import type { Database } from "../db/client";
import { type ApprovalDecision, approvalLinks, planItems } from "../db/schema";
import type { ArticleRow } from "./service";

// Where a client approval link stands (src/approvals/ makes and answers them). It lives here, below
// the approvals area, because the article's own answers (GET, PATCH, publish) show the latest link.

/**
 * `open`: waiting for the client; `answered`: the client approved or asked for changes;
 * `changed`: the article was edited after the link was made (the link is void); `closed`: the
 * article no longer waits in review (published, or taken out of review by the team);
 * `expired` and `revoked` speak for themselves. An answered link stays `answered`.
 */
export const APPROVAL_STATES = ["open", "answered", "changed", "closed", "expired", "revoked"] as const;
export type ApprovalState = (typeof APPROVAL_STATES)[number];

export type ApprovalLinkRow = typeof approvalLinks.$inferSelect;

/** The facts of an article a link's state depends on: its version and what the client reads, and whether it waits in review. */
export interface ArticleReviewFacts {
  updatedAt: string;
  /** articleFingerprint of the article as it is now. */
  fingerprint: string;
  /** The article is `pending` and its plan item is REVIEW. */
  inReview: boolean;
}

/** What the client reads of an article, as one hash: an edit to any of it changes it, whatever `updated_at` says. */
export function articleFingerprint(article: Pick<ArticleRow, "title" | "seoTitle" | "seoDesc" | "excerpt" | "html">): Promise<string> {
  return sha256Hex(JSON.stringify([article.title, article.seoTitle, article.seoDesc, article.excerpt, article.html]));
}

/** The facts of `article` for approvalStateOf. */
export async function reviewFactsOf(db: Database, article: ArticleRow): Promise<ArticleReviewFacts> {
  return { updatedAt: article.updatedAt, fingerprint: await articleFingerprint(article), inReview: await articleInReview(db, article) };
}

/** The article was changed after `link` was made (links made before fingerprints were kept go by `updated_at` alone). */
export function changedSince(link: Pick<ApprovalLinkRow, "articleVersion" | "articleFingerprint">, article: ArticleReviewFacts): boolean {
  return article.updatedAt !== link.articleVersion || (link.articleFingerprint !== null && link.articleFingerprint !== article.fingerprint);
}

/** The state of `link` over the article as it is now. */
export function approvalStateOf(
  link: Pick<ApprovalLinkRow, "decision" | "revokedAt" | "expiresAt" | "articleVersion" | "articleFingerprint">,
  article: ArticleReviewFacts,
  now: Date,
): ApprovalState {
  if (link.decision) return "answered";
  if (link.revokedAt) return "revoked";
  if (Date.parse(link.expiresAt) <= now.getTime()) return "expired";
  if (!article.inReview) return "closed";
  if (changedSince(link, article)) return "changed";
  return "open";
}

/** Whether the article waits in review: `pending`, with its plan item in REVIEW (hand-made articles never do). */
export async function articleInReview(db: Database, article: Pick<ArticleRow, "status" | "planItemId" | "accountId">): Promise<boolean> {
  if (article.status !== "pending" || !article.planItemId) return false;
  const [item] = await db
    .select({ status: planItems.status })
    .from(planItems)
    .where(and(eq(planItems.id, article.planItemId), eq(planItems.accountId, article.accountId)));
  return item?.status === "REVIEW";
}

export interface ArticleApproval {
  linkId: string;
  state: ApprovalState;
  decision: ApprovalDecision | null;
  comment: string | null;
  decidedAt: string | null;
  expiresAt: string;
}

/** The article's latest approval link as the team sees it, or null when it never had one. */
export async function latestApproval(db: Database, article: ArticleRow, now = new Date()): Promise<ArticleApproval | null> {
  const [link] = await db
    .select()
    .from(approvalLinks)
    .where(and(eq(approvalLinks.accountId, article.accountId), eq(approvalLinks.articleId, article.id)))
    // Made in the same second: the one inserted last.
    .orderBy(desc(approvalLinks.createdAt), sql`rowid DESC`)
    .limit(1);
  if (!link) return null;
  return {
    linkId: link.id,
    state: approvalStateOf(link, await reviewFactsOf(db, article), now),
    decision: link.decision,
    comment: link.comment,
    decidedAt: link.decidedAt,
    expiresAt: link.expiresAt,
  };
}

/**
 * An article's approval status for lists: `awaiting` (its latest link waits for the client),
 * `approved`, `changes_requested` (the latest link's answer), `none` (no link, or the latest was
 * withdrawn, expired or voided by an edit, or the article left review before an answer).
 */
export const ARTICLE_APPROVAL_STATUSES = ["awaiting", "approved", "changes_requested", "none"] as const;
export type ArticleApprovalStatus = (typeof ARTICLE_APPROVAL_STATUSES)[number];

/** The same status from the article's latest link as approvalStateOf reads it. */
export function approvalStatusOf(approval: Pick<ArticleApproval, "state" | "decision"> | null): ArticleApprovalStatus {
  if (approval?.state === "open") return "awaiting";
  if (approval?.state !== "answered") return "none";
  return approval.decision === "approve" ? "approved" : "changes_requested";
}

/** The id of the article's latest link (made in the same second: the one inserted last), over the outer query's `articles`. */
export const latestLinkIdOfArticle = sql`(SELECT l.id FROM approval_links l
  WHERE l.account_id = "articles"."account_id" AND l.article_id = "articles"."id"
  ORDER BY l.created_at DESC, l.rowid DESC LIMIT 1)`;

/**
 * approvalStatusOf in SQL over the outer query's `articles`, for filtering and listing a page at
 * once. An open link is judged by the article's `updated_at` (not its fingerprint) and its item's
 * REVIEW status.
 */
export function approvalStatusColumn(now: Date): SQL<ArticleApprovalStatus> {
  const at = toIsoSeconds(now);
  return sql<ArticleApprovalStatus>`COALESCE((SELECT CASE
      WHEN l.decision = 'approve' THEN 'approved'
      WHEN l.decision = 'changes' THEN 'changes_requested'
      WHEN l.revoked_at IS NULL AND l.expires_at > ${at} AND l.article_version = "articles"."updated_at"
        AND "articles"."status" = 'pending'
        AND EXISTS (SELECT 1 FROM plan_items i WHERE i.id = "articles"."plan_item_id" AND i.status = 'REVIEW') THEN 'awaiting'
      ELSE 'none' END
    FROM approval_links l WHERE l.id = ${latestLinkIdOfArticle}), 'none')`;
}
