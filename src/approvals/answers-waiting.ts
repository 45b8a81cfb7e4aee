import { and, count, desc, eq, inArray, isNotNull, or, type SQL, sql } from "drizzle-orm";
import { latestLinkIdOfArticle } from "../articles/approval-state";
import { approvalLinks, articles, plans } from "../db/schema";
import type { Services } from "../services/container";
import { approvalEffectOf, outcomeOf } from "./effect";
import type { ClientAnswers } from "./schemas";

// The clients' answers the team has not acted on yet, for the overview's "needs attention": the
// latest link of an article was answered and
// - changes were asked for, and the article still waits in review, unedited since the link was made;
// - or it was approved, and the article is not published yet (the plan leaves publishing to the
//   team, or publishing failed).
// Editing the article, publishing it or taking it out of review is acting on the answer.

const ANSWERS_SHOWN = 20;

/** GET /autopilot/client-answers: the newest answers waiting for the team (a site-limited member's sites only), and how many wait. */
export async function clientAnswersWaiting(services: Services, accountId: string, siteIds: string[] | null): Promise<ClientAnswers> {
  const { db } = services;
  const conditions: SQL[] = [
    eq(articles.accountId, accountId),
    isNotNull(approvalLinks.decision),
    sql`${approvalLinks.id} = ${latestLinkIdOfArticle}`,
    or(
      and(eq(approvalLinks.decision, "changes"), eq(articles.status, "pending"), eq(approvalLinks.articleVersion, articles.updatedAt)),
      and(eq(approvalLinks.decision, "approve"), inArray(articles.status, ["pending", "draft"])),
    )!,
  ];
  if (siteIds) conditions.push(inArray(articles.siteId, siteIds));
  const where = and(...conditions);
  // Two statements, not one batch: a batch maps its rows by column name, and both tables have an `id`.
  const rows = await db
    .select({
      articleId: articles.id,
      title: articles.title,
      siteId: articles.siteId,
      status: articles.status,
      publishMode: plans.publishMode,
      linkId: approvalLinks.id,
      decision: approvalLinks.decision,
      comment: approvalLinks.comment,
      decidedAt: approvalLinks.decidedAt,
    })
    .from(articles)
    .innerJoin(approvalLinks, and(eq(approvalLinks.accountId, articles.accountId), eq(approvalLinks.articleId, articles.id)))
    .leftJoin(plans, eq(plans.id, articles.planId))
    .where(where)
    .orderBy(desc(approvalLinks.decidedAt), desc(approvalLinks.id))
    .limit(ANSWERS_SHOWN);
  const [total] =
    rows.length < ANSWERS_SHOWN
      ? [{ total: rows.length }]
      : await db
          .select({ total: count() })
          .from(articles)
          .innerJoin(approvalLinks, and(eq(approvalLinks.accountId, articles.accountId), eq(approvalLinks.articleId, articles.id)))
          .where(where);
  return {
    total: total?.total ?? 0,
    items: rows.map((row) => ({
      articleId: String(row.articleId),
      title: row.title,
      siteId: row.siteId,
      linkId: row.linkId,
      // Both set together when the link is claimed (and the query keeps only answered links).
      decision: row.decision!,
      comment: row.comment,
      decidedAt: row.decidedAt!,
      outcome: outcomeOf(row.decision, row.status, approvalEffectOf(row.publishMode)) ?? "changes_requested",
    })),
  };
}
