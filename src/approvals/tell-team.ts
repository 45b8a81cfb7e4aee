import { and, eq } from "drizzle-orm";
import type { ApprovalLinkRow } from "../articles/approval-state";
import { log } from "../core/logger";
import { articles, sites } from "../db/schema";
import { notifyClientAnswered } from "../email/client-answered";
import type { Services } from "../services/container";
import { approvalEffectOf, outcomeOf, publishModeOfArticle } from "./effect";

/**
 * Tells the link's maker and the site's editors what the client answered (src/email/client-answered.ts).
 * Called after an answer and again whenever the same link is answered again (409): the e-mails
 * are keyed by the link, so a request repeated after a crash queues what was missing, never twice.
 */
export async function tellTeamOfAnswer(services: Services, link: ApprovalLinkRow): Promise<void> {
  if (!link.decision) return;
  const [article] = await services.db
    .select({ title: articles.title, status: articles.status, siteId: articles.siteId, siteUrl: sites.url })
    .from(articles)
    .innerJoin(sites, and(eq(sites.id, articles.siteId), eq(sites.accountId, articles.accountId)))
    .where(and(eq(articles.id, link.articleId), eq(articles.accountId, link.accountId)));
  if (!article?.siteId) {
    log("warn", "client_answer_not_told", { accountId: link.accountId, linkId: link.id, reason: "no_site" });
    return;
  }
  const effect = approvalEffectOf(await publishModeOfArticle(services.db, link.accountId, link.articleId));
  await notifyClientAnswered(services, {
    accountId: link.accountId,
    linkId: link.id,
    makerId: link.createdBy,
    data: {
      siteId: article.siteId,
      siteUrl: article.siteUrl,
      articleId: String(link.articleId),
      title: article.title,
      decision: link.decision,
      comment: link.comment,
      outcome: outcomeOf(link.decision, article.status, effect) ?? "changes_requested",
    },
  });
}
