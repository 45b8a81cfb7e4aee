import { and, desc, eq, isNotNull, ne, or, isNull } from "drizzle-orm";
import { reviewReasonsOf, tallyClaims, type QualityGate } from "../content/quality/gate";
import { scoreArticle } from "../content/quality/score";
import type { Quality } from "../content/quality/types";
import type { Database } from "../db/client";
import { articles, existingPosts, type CheckedClaim, type ReviewReason } from "../db/schema";
import { getResearch } from "../research/research";
import { storedSignatureOf } from "../content/quality/minhash";
import { foldText } from "../content/text-folding";
import { htmlToText } from "../core/html-text";
import type { ArticleRow } from "./service";

/** The most recent pages of each kind a new text is compared with (a signature is 768 characters). */
export const SIMILARITY_PAGES = 2000;

export interface QualitySubject {
  accountId: string;
  siteId: string | null;
  html: string;
  language: string;
  researchId: string | null;
  claims: readonly CheckedClaim[];
  /** The article itself (or the plan item that is writing it), never compared with itself. */
  articleId?: number;
  planItemId?: string | null;
  /** Its post on the platform: the sync reads it back as an existing post, which is not another page. */
  remoteId?: string | null;
}

/**
 * The quality of an article's text: against the sources of its research, the site's other pages
 * (their stored signatures) and the fact check's verdicts. No model is asked; an edit recomputes it.
 */
export async function qualityOf(db: Database, subject: QualitySubject): Promise<Quality> {
  const research = subject.researchId ? await getResearch(db, subject.accountId, subject.researchId) : null;
  const signatures = subject.siteId ? await siteSignatures(db, subject) : [];
  return scoreArticle({
    article: { html: subject.html, language: subject.language },
    sources: (research?.sources ?? []).map((source) => ({
      id: source.id,
      url: source.url,
      title: source.title,
      text: source.text,
      headings: source.headings.map((heading) => heading.text),
    })),
    otherTexts: [],
    otherSignatures: signatures,
    factCheck: tallyClaims(subject.claims),
  });
}

/** The quality and what the gate finds short, together. */
export async function qualityWithReasons(
  db: Database,
  subject: QualitySubject,
  gate: QualityGate,
): Promise<{ quality: Quality; reviewReasons: ReviewReason[] }> {
  const quality = await qualityOf(db, subject);
  return { quality, reviewReasons: reviewReasonsOf(quality, gate) };
}

async function siteSignatures(db: Database, subject: QualitySubject): Promise<(string | null)[]> {
  const siteId = subject.siteId!;
  const notThis = and(
    subject.articleId === undefined ? undefined : ne(articles.id, subject.articleId),
    subject.planItemId ? or(isNull(articles.planItemId), ne(articles.planItemId, subject.planItemId)) : undefined,
  );
  const ownPost = subject.remoteId && /^\d+$/.test(subject.remoteId) ? Number(subject.remoteId) : null;
  const [posts, ours] = await db.batch([
    db
      .select({ signature: existingPosts.similaritySignature })
      .from(existingPosts)
      .where(
        and(
          eq(existingPosts.siteId, siteId),
          isNotNull(existingPosts.similaritySignature),
          ownPost === null ? undefined : ne(existingPosts.remoteId, ownPost),
        ),
      )
      .orderBy(desc(existingPosts.modifiedAt))
      .limit(SIMILARITY_PAGES),
    db
      .select({ signature: articles.similaritySignature })
      .from(articles)
      .where(and(eq(articles.siteId, siteId), isNotNull(articles.similaritySignature), notThis))
      .orderBy(desc(articles.createdAt))
      .limit(SIMILARITY_PAGES),
  ]);
  return [...posts, ...ours].map((row) => row.signature);
}

/**
 * What an edit of an article's HTML changes in its quality: the score recomputed, the claims the
 * text still makes (a claim whose words are gone from it is dropped with its verdict, so fixing or
 * removing a flagged claim clears it), the signature, and for an article waiting in review what
 * the site's gate now finds short.
 */
export async function rescore(
  db: Database,
  article: Pick<ArticleRow, "id" | "accountId" | "siteId" | "language" | "researchId" | "claims" | "remoteId" | "status">,
  html: string,
  gate: QualityGate,
) {
  const text = htmlToText(html);
  const claims = (article.claims ?? []).filter((claim) => stillSays(text, claim.text));
  const { quality, reviewReasons } = await qualityWithReasons(
    db,
    {
      accountId: article.accountId,
      siteId: article.siteId,
      html,
      language: article.language,
      researchId: article.researchId,
      claims,
      articleId: article.id,
      remoteId: article.remoteId,
    },
    gate,
  );
  return {
    quality,
    contentScore: quality.contentScore,
    claims,
    reviewReasons: article.status === "pending" ? reviewReasons : null,
    similaritySignature: storedSignatureOf(text),
  };
}

/** Whether the text still holds the claim's words in order (case, accents and spacing aside). */
function stillSays(text: string, claim: string): boolean {
  const words = (value: string) =>
    foldText(value)
      .match(/[\p{L}\p{N}]+/gu)
      ?.join(" ") ?? "";
  const wanted = words(claim);
  return wanted !== "" && words(text).includes(wanted);
}
