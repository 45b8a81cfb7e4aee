import { and, desc, eq, sql } from "drizzle-orm";
import { approvalStateOf, reviewFactsOf } from "../articles/approval-state";
import { getArticleWithImages } from "../articles/service";
import { approvalLinks, members, users } from "../db/schema";
import type { Services } from "../services/container";
import { approvalEffectOf, publishModeOfArticle } from "./effect";
import type { ApprovalHistory } from "./schemas";

// Every approval link an article ever had, newest first, with who made it, where it stands and
// the client's answer. Links are never deleted (only revoked), so the history outlives the review:
// it is read the same way after the article is published.

/** GET /autopilot/articles/{id}/approvals: the article's links and what approving it would do now. */
export async function approvalHistory(
  services: Services,
  accountId: string,
  articleId: number,
  now = new Date(),
): Promise<ApprovalHistory> {
  const { db } = services;
  const { article } = await getArticleWithImages(db, accountId, articleId); // 404 first
  const facts = await reviewFactsOf(db, article);
  const rows = await db
    .select({ link: approvalLinks, makerEmail: users.email })
    .from(approvalLinks)
    .leftJoin(members, and(eq(members.id, approvalLinks.createdBy), eq(members.accountId, approvalLinks.accountId)))
    .leftJoin(users, eq(users.id, members.userId))
    .where(and(eq(approvalLinks.accountId, accountId), eq(approvalLinks.articleId, articleId)))
    .orderBy(desc(approvalLinks.createdAt), sql`${approvalLinks}.rowid DESC`);
  return {
    approveEffect: approvalEffectOf(await publishModeOfArticle(db, accountId, articleId)),
    links: rows.map(({ link, makerEmail }) => ({
      id: link.id,
      createdAt: link.createdAt,
      // A member who left is no longer named: their address went with them.
      createdBy: makerEmail ? { email: makerEmail } : null,
      expiresAt: link.expiresAt,
      revokedAt: link.revokedAt,
      showQuality: link.showQuality,
      state: approvalStateOf(link, facts, now),
      decision: link.decision,
      comment: link.comment,
      decidedAt: link.decidedAt,
    })),
  };
}
