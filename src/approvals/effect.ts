import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { type ApprovalDecision, type ApprovalOutcome, type ArticleStatus, articles, type PublishMode, plans } from "../db/schema";

/**
 * What a client's approval does, by the article's plan's mode: `publish_now` (a publish-live plan:
 * the article goes live on the site at once) or `team_publishes` (a plan that posts drafts or
 * waits for review: the approval is recorded and the team publishes it). The client's page says it
 * before and after the click, and the panel says it where links are made.
 */
export const APPROVAL_EFFECTS = ["publish_now", "team_publishes"] as const;
export type ApprovalEffect = (typeof APPROVAL_EFFECTS)[number];

export function approvalEffectOf(publishMode: PublishMode | null): ApprovalEffect {
  return publishMode === "draft" || publishMode === "review" ? "team_publishes" : "publish_now";
}

/** The mode of the article's plan (null for an article of no plan, which no link is ever made for). */
export async function publishModeOfArticle(db: Database, accountId: string, articleId: number): Promise<PublishMode | null> {
  const [row] = await db
    .select({ publishMode: plans.publishMode })
    .from(articles)
    .innerJoin(plans, eq(plans.id, articles.planId))
    .where(and(eq(articles.id, articleId), eq(articles.accountId, accountId)));
  return row?.publishMode ?? null;
}

/** What came of a link's answer, as the article is now: the client's page and the team's e-mail say it. */
export function outcomeOf(decision: ApprovalDecision | null, articleStatus: ArticleStatus, effect: ApprovalEffect): ApprovalOutcome | null {
  if (decision === "changes") return "changes_requested";
  if (decision !== "approve") return null;
  if (articleStatus === "published") return "published";
  // Left to the team by the plan, or published and taken back since: approved, not live.
  if (effect === "team_publishes" || articleStatus !== "pending") return "approved";
  return "not_published";
}
