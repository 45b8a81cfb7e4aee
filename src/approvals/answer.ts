import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { type ApprovalLinkRow, approvalStateOf, articleInReview, changedSince, reviewFactsOf } from "../articles/approval-state";
import { articlesChanged } from "../articles/content-version";
import { publishArticle } from "../articles/management";
import { getArticleWithImages } from "../articles/service";
import { type AuditActor, recordAudit } from "../audit/audit";
import { sha256Hex } from "../core/crypto";
import { AppError } from "../core/errors";
import { errorFields, log } from "../core/logger";
import { toIsoSeconds } from "../core/time";
import { runBatch } from "../db/batch";
import type { Database } from "../db/client";
import { accountDisplayNameOf } from "../accounts/display-name";
import {
  type ApprovalDecision,
  type ApprovalOutcome,
  approvalLinks,
  articles,
  members,
  planItems,
  plans,
  sites,
  users,
} from "../db/schema";
import { siteDisplayName } from "../sites/display-name";
import { rateLimitedError, rateLimitHeaders } from "../http/rate-limit";
import { completePlanIfDone } from "../plans/state";
import type { Services } from "../services/container";
import { approvalEffectOf, outcomeOf, publishModeOfArticle } from "./effect";
import type { ApprovalPage } from "./schemas";
import { tellTeamOfAnswer } from "./tell-team";

// The client's side of an approval link (src/approvals/service.ts makes them): no sign-in, the
// link's secret is the only key. The page shows the link's own article and nothing else of the
// account; the answer is taken once.

/** Unknown links one client address may try per window before every lookup from it is 429. */
export const LOOKUP_FAILURE_LIMIT = 20;
export const LOOKUP_FAILURE_WINDOW_MS = 15 * 60_000;
// The failure window lives in the address's own AccountState object (`approval-ip:<address>`);
// the object's failed-login bucket is the one kind of stored failure window it keeps.
const FAILURE_BUCKET = "approval-failures" as const;

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const CLIENT: AuditActor = { memberId: null, via: "approval_link" };

/**
 * The link a secret names. Unknown secrets are counted per client address; past
 * LOOKUP_FAILURE_LIMIT in 15 minutes every lookup from it is 429, before any is made.
 */
async function linkOfToken(services: Services, token: string, addressKey: string): Promise<ApprovalLinkRow> {
  const states = services.accountState;
  const limiter = states.get(states.idFromName(`approval-ip:${addressKey}`));
  const window = await limiter.loginWindow(FAILURE_BUCKET, LOOKUP_FAILURE_LIMIT, LOOKUP_FAILURE_WINDOW_MS);
  if (!window.allowed) {
    log("warn", "approval_lookup_blocked", {});
    throw rateLimitedError(
      window,
      rateLimitHeaders(window),
      `Too many unknown approval links from this address (${LOOKUP_FAILURE_LIMIT} per 15 minutes)`,
    );
  }
  const [link] = TOKEN_PATTERN.test(token)
    ? await services.db
        .select()
        .from(approvalLinks)
        .where(eq(approvalLinks.tokenHash, await sha256Hex(token)))
    : [];
  if (!link) {
    await limiter.loginAttempt(FAILURE_BUCKET, true, LOOKUP_FAILURE_LIMIT, LOOKUP_FAILURE_WINDOW_MS);
    throw new AppError("approval_link_unknown", "There is no approval link at this address; check that the whole address was copied");
  }
  return link;
}

/** 410 for a link the team revoked or that expired. */
function assertLive(link: ApprovalLinkRow, now: Date): void {
  if (link.revokedAt) throw new AppError("approval_link_expired", "This approval link was withdrawn by the team; ask them for a new one");
  if (Date.parse(link.expiresAt) <= now.getTime())
    throw new AppError("approval_link_expired", `This approval link expired at ${link.expiresAt}; ask the team for a new one`);
}

/** The page of a live link: its own article (and nothing else of the account) as it will appear, and where the link stands. */
async function pageOf(db: Database, link: ApprovalLinkRow, now: Date): Promise<ApprovalPage> {
  const { article, images } = await getArticleWithImages(db, link.accountId, link.articleId);
  const facts = await reviewFactsOf(db, article);
  const state = approvalStateOf(link, facts, now);
  // A link shows the draft it was made for, never a later one: what the team wrote since is not the client's to read.
  const shown = state === "open" || article.status === "published" || (state === "answered" && !changedSince(link, facts));
  const [maker] = link.createdBy
    ? await db
        .select({ email: users.email })
        .from(members)
        .innerJoin(users, eq(users.id, members.userId))
        .where(and(eq(members.id, link.createdBy), eq(members.accountId, link.accountId)))
    : [];
  const [site] = article.siteId
    ? await db
        .select({ url: sites.url, platform: sites.platform, blogName: sites.blogName, displayName: sites.displayName })
        .from(sites)
        .where(and(eq(sites.id, article.siteId), eq(sites.accountId, link.accountId)))
    : [];
  const hero = images.find((image) => image.isFeatured);
  const effect = approvalEffectOf(await publishModeOfArticle(db, link.accountId, link.articleId));
  return {
    // Revoked and expired links never get here (410).
    state: state === "expired" || state === "revoked" ? "closed" : state,
    expiresAt: link.expiresAt,
    decision: link.decision,
    comment: link.comment,
    decidedAt: link.decidedAt,
    outcome: outcomeOf(link.decision, article.status, effect),
    approveEffect: effect,
    site: site ? { name: siteDisplayName(site), url: site.url } : null,
    account: { name: await accountDisplayNameOf(db, link.accountId) },
    contact: maker ? { email: maker.email } : null,
    article: shown
      ? {
          title: article.title,
          seoTitle: article.seoTitle,
          seoDescription: article.seoDesc,
          excerpt: article.excerpt,
          language: article.language,
          heroImage: hero ? { url: hero.url, alt: hero.altText } : null,
          html: article.html,
          wordCount: article.wordCount,
          // The team chooses per link whether the client sees the score.
          contentScore: link.showQuality ? article.contentScore : null,
          url: article.status === "published" ? article.publicationUrl : null,
        }
      : null,
  };
}

/** GET /approvals/{token}: what the client's page shows. */
export async function approvalPage(services: Services, token: string, addressKey: string, now = new Date()): Promise<ApprovalPage> {
  const link = await linkOfToken(services, token, addressKey);
  assertLive(link, now);
  return pageOf(services.db, link, now);
}

/**
 * POST /approvals/{token}: the client's answer, once. The link is claimed first, in one
 * conditional UPDATE that also checks that the article still waits in review at the version the
 * link was made for; of simultaneous answers only one claims it. Then an approval does what the
 * team's own approval does: the plan's mode decides (see carryOut).
 */
export async function answerApproval(
  services: Services,
  token: string,
  addressKey: string,
  answer: { decision: ApprovalDecision; comment?: string },
  now = new Date(),
): Promise<ApprovalPage> {
  const { db } = services;
  const link = await linkOfToken(services, token, addressKey);
  assertLive(link, now);
  // An edit in the same second as the article's previous write keeps its `updated_at`: what the
  // client reads is compared too, before the claim (which checks `updated_at` in the same statement).
  const { article } = await getArticleWithImages(db, link.accountId, link.articleId);
  if (changedSince(link, await reviewFactsOf(db, article))) await explainRefusal(services, link.id, now);
  const at = toIsoSeconds(now);
  const [claimed] = await db
    .update(approvalLinks)
    .set({ decision: answer.decision, comment: answer.comment || null, decidedAt: at })
    .where(
      and(
        eq(approvalLinks.id, link.id),
        isNull(approvalLinks.decision),
        isNull(approvalLinks.revokedAt),
        gt(approvalLinks.expiresAt, at),
        sql`EXISTS (SELECT 1 FROM articles a JOIN plan_items i ON i.id = a.plan_item_id
          WHERE a.id = ${link.articleId} AND a.account_id = ${link.accountId} AND a.updated_at = ${link.articleVersion}
            AND a.status = 'pending' AND i.status = 'REVIEW')`,
      ),
    )
    .returning();
  if (!claimed) await explainRefusal(services, link.id, now);
  const decided = claimed!;

  if (decided.decision === "changes") {
    await recordAudit(db, decided.accountId, CLIENT, {
      action: "article.changes_requested",
      targetType: "article",
      targetId: decided.articleId,
      detail: { linkId: decided.id, comment: decided.comment },
    });
    log("info", "approval_changes_requested", { accountId: decided.accountId, articleId: decided.articleId, linkId: decided.id });
  } else {
    const result = await carryOut(services, decided, now);
    await recordAudit(db, decided.accountId, CLIENT, {
      action: "article.approved_by_client",
      targetType: "article",
      targetId: decided.articleId,
      detail: {
        linkId: decided.id,
        outcome: result.outcome,
        ...(decided.comment ? { comment: decided.comment } : {}),
        ...(result.errorCode ? { errorCode: result.errorCode } : {}),
      },
    });
    log("info", "approval_approved", { accountId: decided.accountId, articleId: decided.articleId, linkId: decided.id, ...result });
  }
  await tellTeamOfAnswer(services, decided);
  return pageOf(db, decided, now);
}

/** Why a link could not be claimed, as the error the client is answered with (always throws). */
async function explainRefusal(services: Services, linkId: string, now: Date): Promise<never> {
  const { db } = services;
  const [link] = await db.select().from(approvalLinks).where(eq(approvalLinks.id, linkId));
  if (!link) throw new AppError("approval_link_unknown", "There is no approval link at this address any more");
  if (link.decision) {
    // A request repeated after the first one stopped between the claim and the e-mails: they go now.
    await tellTeamOfAnswer(services, link);
    throw answeredError(link);
  }
  assertLive(link, now);
  const { article } = await getArticleWithImages(db, link.accountId, link.articleId);
  if (!(await articleInReview(db, article)))
    throw new AppError("article_not_in_review", "This article no longer waits for review: the team has already dealt with it");
  if (changedSince(link, await reviewFactsOf(db, article)))
    throw new AppError("article_changed", "The article was changed after this link was made; ask the team for a new link");
  // Claimed and released between the two reads: never, but say something true.
  throw answeredError(link);
}

function answeredError(link: ApprovalLinkRow): AppError {
  const what = link.decision === "changes" ? "sent back with a request for changes" : "approved";
  return new AppError(
    "approval_answered",
    `This article was already ${what} through this link${link.decidedAt ? ` at ${link.decidedAt}` : ""}`,
  );
}

/**
 * An approval does what the plan's mode says (src/approvals/effect.ts): a publish-live plan's
 * article is published with publishArticle, the panel's own Publish; a `draft` plan's becomes an
 * approved draft (its item PUBLISHED, as a draft-mode item is; nothing is sent to the platform);
 * a `review` plan's stays in review with the approval recorded, for the team to publish. When
 * publishing fails, the article stays pending in REVIEW with the client's decision recorded, and
 * the answer says so.
 */
async function carryOut(services: Services, link: ApprovalLinkRow, now: Date): Promise<{ outcome: ApprovalOutcome; errorCode?: string }> {
  const { db } = services;
  const [row] = await db
    .select({ planId: articles.planId, publishMode: plans.publishMode })
    .from(articles)
    .leftJoin(plans, eq(plans.id, articles.planId))
    .where(and(eq(articles.id, link.articleId), eq(articles.accountId, link.accountId)));
  if (row?.publishMode === "draft") {
    await approveAsDraft(services, link, row.planId, now);
    return { outcome: "approved" };
  }
  if (row?.publishMode === "review") return { outcome: "approved" };
  try {
    await publishArticle(services, link.accountId, link.articleId, now);
    return { outcome: "published" };
  } catch (error) {
    log("warn", "approval_publish_failed", { accountId: link.accountId, articleId: link.articleId, ...errorFields(error) });
    return { outcome: "not_published", errorCode: error instanceof AppError ? error.code : "internal_error" };
  }
}

/** pending → draft with the item REVIEW → PUBLISHED, in one batch; nothing when the article left review meanwhile. */
async function approveAsDraft(services: Services, link: ApprovalLinkRow, planId: string | null, now: Date): Promise<void> {
  const { db } = services;
  const at = toIsoSeconds(now);
  await runBatch(db, [
    db
      .update(articles)
      .set({ status: "draft", updatedAt: at })
      .where(and(eq(articles.id, link.articleId), eq(articles.accountId, link.accountId), eq(articles.status, "pending"))),
    db
      .update(planItems)
      .set({ status: "PUBLISHED", reviewReasons: null, updatedAt: at })
      .where(
        and(
          eq(planItems.articleId, link.articleId),
          eq(planItems.status, "REVIEW"),
          sql`EXISTS (SELECT 1 FROM articles WHERE id = ${link.articleId} AND status = 'draft' AND updated_at = ${at})`,
        ),
      ),
  ]);
  await articlesChanged(services, link.accountId);
  if (planId) await completePlanIfDone(db, planId, now);
}
