import { and, desc, eq, sql } from "drizzle-orm";
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

/** The facts of an article a link's state depends on: its version, and whether it waits in review. */
export interface ArticleReviewFacts {
  updatedAt: string;
  /** The article is `pending` and its plan item is REVIEW. */
  inReview: boolean;
}

/** The state of `link` over the article as it is now. */
export function approvalStateOf(
  link: Pick<ApprovalLinkRow, "decision" | "revokedAt" | "expiresAt" | "articleVersion">,
  article: ArticleReviewFacts,
  now: Date,
): ApprovalState {
  if (link.decision) return "answered";
  if (link.revokedAt) return "revoked";
  if (Date.parse(link.expiresAt) <= now.getTime()) return "expired";
  if (!article.inReview) return "closed";
  if (article.updatedAt !== link.articleVersion) return "changed";
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
  const inReview = await articleInReview(db, article);
  return {
    linkId: link.id,
    state: approvalStateOf(link, { updatedAt: article.updatedAt, inReview }, now),
    decision: link.decision,
    comment: link.comment,
    decidedAt: link.decidedAt,
    expiresAt: link.expiresAt,
  };
}
