import { and, asc, eq, isNull, gt } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { articleFingerprint, articleInReview } from "../articles/approval-state";
import { auditStatement, type AuditActor, recordAudit } from "../audit/audit";
import { bytesToBase64, sha256Hex } from "../core/crypto";
import { AppError, notFound } from "../core/errors";
import { newId } from "../core/ids";
import { log } from "../core/logger";
import { toIsoSeconds } from "../core/time";
import type { Database } from "../db/client";
import { approvalLinks, articles, planItems } from "../db/schema";
import { getPlanRow } from "../plans/read";
import type { Services } from "../services/container";
import { type ApprovalEffect, approvalEffectOf, publishModeOfArticle } from "./effect";
import { DEFAULT_EXPIRY_DAYS } from "./schemas";

// Client approval links: an editor makes a no-login link for an article waiting in review; the
// client reads the article through it and approves it or asks for changes, once. Only the
// SHA-256 of the link's secret is stored. The link is bound to the article's `updated_at` and a
// fingerprint of what the client reads when it was made: an edit after that voids it. Making a new link for an article revokes its earlier
// open ones, so an article has at most one open link and one answer can act on it. The client's
// side is answer.ts.

/** 32 random bytes, base64url: the secret in the link's URL. */
function newToken(): string {
  return bytesToBase64(crypto.getRandomValues(new Uint8Array(32)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

type ReviewArticle = Pick<
  typeof articles.$inferSelect,
  "id" | "accountId" | "siteId" | "title" | "status" | "planItemId" | "updatedAt" | "seoTitle" | "seoDesc" | "excerpt" | "html"
>;

const reviewColumns = {
  id: articles.id,
  accountId: articles.accountId,
  siteId: articles.siteId,
  title: articles.title,
  status: articles.status,
  planItemId: articles.planItemId,
  updatedAt: articles.updatedAt,
  // What the client reads, for the link's fingerprint.
  seoTitle: articles.seoTitle,
  seoDesc: articles.seoDesc,
  excerpt: articles.excerpt,
  html: articles.html,
};

/** The account's article, which must wait in review: 404 when it is not the account's, 409 when it does not wait. */
async function articleWaitingForReview(db: Database, accountId: string, articleId: number): Promise<ReviewArticle> {
  const [article] = await db
    .select(reviewColumns)
    .from(articles)
    .where(and(eq(articles.id, articleId), eq(articles.accountId, accountId)));
  if (!article) throw notFound("Article");
  if (!(await articleInReview(db, article)))
    throw new AppError(
      "article_not_in_review",
      `Article ${articleId} is not waiting for review (it is ${article.status}); an approval link is made for an article whose plan item is in REVIEW`,
    );
  return article;
}

interface NewLink {
  id: string;
  url: string;
  expiresAt: string;
  statements: BatchItem<"sqlite">[];
}

/** The statements that revoke the article's open links and store a new one (with its audit event), and the new link's URL. */
async function newLinkStatements(
  services: Services,
  actor: AuditActor,
  article: ReviewArticle,
  input: { expiresInDays: number; showQuality: boolean; baseUrl: string; now: Date },
): Promise<NewLink> {
  const { db } = services;
  const at = toIsoSeconds(input.now);
  const expiresAt = toIsoSeconds(new Date(input.now.getTime() + input.expiresInDays * 86_400_000));
  const token = newToken();
  const id = newId("apl");
  const open = and(
    eq(approvalLinks.accountId, article.accountId),
    eq(approvalLinks.articleId, article.id),
    isNull(approvalLinks.decision),
    isNull(approvalLinks.revokedAt),
  );
  const superseded = await db.select({ id: approvalLinks.id }).from(approvalLinks).where(open);
  const statements: BatchItem<"sqlite">[] = [
    // The open links this one replaces are revoked, each with its own audit event.
    ...superseded.map((link) =>
      auditStatement(db, article.accountId, actor, {
        action: "approval_link.revoked",
        targetType: "article",
        targetId: article.id,
        siteId: article.siteId,
        detail: { linkId: link.id, reason: "superseded", by: id },
      }),
    ),
    db
      .update(approvalLinks)
      .set({ revokedAt: at })
      .where(
        and(
          eq(approvalLinks.accountId, article.accountId),
          eq(approvalLinks.articleId, article.id),
          isNull(approvalLinks.decision),
          isNull(approvalLinks.revokedAt),
        ),
      ),
    db.insert(approvalLinks).values({
      id,
      tokenHash: await sha256Hex(token),
      accountId: article.accountId,
      articleId: article.id,
      articleVersion: article.updatedAt,
      articleFingerprint: await articleFingerprint(article),
      createdBy: actor.memberId,
      showQuality: input.showQuality,
      expiresAt,
      createdAt: at,
    }),
    auditStatement(db, article.accountId, actor, {
      action: "approval_link.created",
      targetType: "article",
      targetId: article.id,
      siteId: article.siteId,
      detail: { linkId: id, expiresAt, showQuality: input.showQuality },
    }),
  ];
  return { id, url: `${input.baseUrl}/approve/${token}`, expiresAt, statements };
}

async function inOneBatch(db: Database, statements: BatchItem<"sqlite">[]): Promise<void> {
  await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
}

export interface LinkRequest {
  expiresInDays?: number;
  /** Whether the client sees the quality score (default false). */
  showQuality?: boolean;
  /** PUBLIC_BASE_URL, or the origin the request came to. */
  baseUrl: string;
  now?: Date;
}

/** POST /autopilot/articles/{id}/approval-link: a new link for an article waiting in review (earlier open ones revoked). */
export async function createApprovalLink(
  services: Services,
  accountId: string,
  actor: AuditActor,
  articleId: number,
  request: LinkRequest,
): Promise<{ id: string; url: string; expiresAt: string; approveEffect: ApprovalEffect }> {
  const now = request.now ?? new Date();
  const article = await articleWaitingForReview(services.db, accountId, articleId);
  const link = await newLinkStatements(services, actor, article, {
    expiresInDays: request.expiresInDays ?? DEFAULT_EXPIRY_DAYS,
    showQuality: request.showQuality ?? false,
    baseUrl: request.baseUrl,
    now,
  });
  await inOneBatch(services.db, link.statements);
  log("info", "approval_link_created", { accountId, articleId, linkId: link.id });
  const approveEffect = approvalEffectOf(await publishModeOfArticle(services.db, accountId, articleId));
  return { id: link.id, url: link.url, expiresAt: link.expiresAt, approveEffect };
}

/** POST /autopilot/plans/{id}/approval-links: one link for each article of the plan waiting in review, in the plan's order. */
export async function createPlanApprovalLinks(
  services: Services,
  accountId: string,
  actor: AuditActor,
  planId: string,
  request: LinkRequest,
) {
  const { db } = services;
  const now = request.now ?? new Date();
  const plan = await getPlanRow(db, accountId, planId); // 404 first
  const approveEffect = approvalEffectOf(plan.publishMode);
  const waiting = await db
    .select(reviewColumns)
    .from(planItems)
    .innerJoin(articles, and(eq(articles.id, planItems.articleId), eq(articles.accountId, accountId)))
    .where(
      and(eq(planItems.planId, planId), eq(planItems.accountId, accountId), eq(planItems.status, "REVIEW"), eq(articles.status, "pending")),
    )
    .orderBy(asc(planItems.position));
  if (waiting.length === 0) throw new AppError("article_not_in_review", `Plan ${planId} has no article waiting for review`);
  const links = [];
  for (const article of waiting) {
    const link = await newLinkStatements(services, actor, article, {
      expiresInDays: request.expiresInDays ?? DEFAULT_EXPIRY_DAYS,
      showQuality: request.showQuality ?? false,
      baseUrl: request.baseUrl,
      now,
    });
    links.push({ article, link });
  }
  await inOneBatch(
    db,
    links.flatMap(({ link }) => link.statements),
  );
  log("info", "approval_links_created", { accountId, planId, count: links.length });
  return links.map(({ article, link }) => ({
    articleId: String(article.id),
    title: article.title,
    id: link.id,
    url: link.url,
    expiresAt: link.expiresAt,
    approveEffect,
  }));
}

/** DELETE /autopilot/articles/{id}/approval-link: every open link of the article stops working at once. */
export async function revokeApprovalLinks(services: Services, accountId: string, actor: AuditActor, articleId: number, now = new Date()) {
  const { db } = services;
  const [article] = await db
    .select({ id: articles.id })
    .from(articles)
    .where(and(eq(articles.id, articleId), eq(articles.accountId, accountId)));
  if (!article) throw notFound("Article");
  const at = toIsoSeconds(now);
  const revoked = await db
    .update(approvalLinks)
    .set({ revokedAt: at })
    .where(
      and(
        eq(approvalLinks.accountId, accountId),
        eq(approvalLinks.articleId, articleId),
        isNull(approvalLinks.decision),
        isNull(approvalLinks.revokedAt),
        gt(approvalLinks.expiresAt, at),
      ),
    )
    .returning({ id: approvalLinks.id });
  if (revoked.length > 0)
    await recordAudit(db, accountId, actor, {
      action: "approval_link.revoked",
      targetType: "article",
      targetId: articleId,
      detail: { linkIds: revoked.map((link) => link.id) },
    });
  return revoked.length;
}
