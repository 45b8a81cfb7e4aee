import type { CheckedClaim, ReviewReason } from "../../db/schema";
import type { FactCheckTally, Quality } from "./types";

// What holds an article back from going live (issue 29 §2–4): copied runs, too few citations,
// claims the fact check did not find in their sources, and the site's gate on the score and the
// similarity. An article that still falls short after its rewrite waits in REVIEW with these
// reasons: a person decides, the autopilot does not publish it.

/** The longest run of words an article may share with one source. */
export const MAX_COPIED_WORDS = 12;
/** Citations wanted when there are at least this many sources (fewer sources: one each). */
export const MIN_CITATIONS = 2;

/** A site's gate (brief fields), with the defaults of a site that never set it. */
export interface QualityGate {
  minContentScore: number;
  maxSimilarity: number;
  requireFactCheck: boolean;
}
export const DEFAULT_GATE: QualityGate = { minContentScore: 60, maxSimilarity: 0.5, requireFactCheck: true };

export function tallyClaims(claims: readonly Pick<CheckedClaim, "verdict">[]): FactCheckTally {
  const tally: FactCheckTally = { supported: 0, unsupported: 0, contradicted: 0 };
  for (const claim of claims) if (claim.verdict) tally[claim.verdict] += 1;
  return tally;
}

/** Why the article may not go live on its own; empty when it may. */
export function reviewReasonsOf(quality: Quality, gate: QualityGate): ReviewReason[] {
  const reasons: ReviewReason[] = [];
  const sources = quality.sources.length;
  if (quality.longestSourceRun > MAX_COPIED_WORDS)
    reasons.push({
      code: "copied_from_source",
      params: { words: quality.longestSourceRun, max: MAX_COPIED_WORDS },
      message: `${quality.longestSourceRun} consecutive words are copied from a source (at most ${MAX_COPIED_WORDS}): say it in your own words`,
    });
  const wanted = Math.min(MIN_CITATIONS, sources);
  if (quality.citations < wanted)
    reasons.push({
      code: "too_few_citations",
      params: { citations: quality.citations, min: wanted },
      message: `The article links ${quality.citations} of its sources; it should cite at least ${wanted} with a link in the sentence that uses them`,
    });
  if (quality.contentScore !== null && quality.contentScore < gate.minContentScore)
    reasons.push({
      code: "content_score_low",
      params: { score: quality.contentScore, min: gate.minContentScore },
      message: `The content score is ${quality.contentScore}, under the site's minimum of ${gate.minContentScore}${
        quality.missingTerms.length > 0 ? `; the top pages cover terms it lacks: ${quality.missingTerms.slice(0, 10).join(", ")}` : ""
      }`,
    });
  if (quality.stuffing)
    reasons.push({
      code: "keyword_stuffing",
      params: { ...quality.stuffing },
      message:
        quality.stuffing.termLists > 0
          ? `The article lists the terms it should write about (${quality.stuffing.termLists} ${quality.stuffing.termLists === 1 ? "list" : "lists"} of bare terms): cover them in sentences instead`
          : `The top pages' terms make ${quality.stuffing.density}% of the article's words, against at most ${quality.stuffing.sourceDensity}% in any top page: write naturally instead of repeating them`,
    });
  if (quality.similarity > gate.maxSimilarity)
    reasons.push({
      code: "too_similar",
      params: { similarity: quality.similarity, max: gate.maxSimilarity },
      message: `The article is ${Math.round(quality.similarity * 100)}% alike one of the site's own pages (at most ${Math.round(gate.maxSimilarity * 100)}%): it would compete with it`,
    });
  if (gate.requireFactCheck) {
    const { unsupported, contradicted } = quality.factCheck;
    if (contradicted > 0)
      reasons.push({
        code: "claims_contradicted",
        params: { claims: contradicted },
        message: `${contradicted} ${contradicted === 1 ? "claim contradicts its source" : "claims contradict their sources"}`,
      });
    if (unsupported > 0)
      reasons.push({
        code: "claims_unsupported",
        params: { claims: unsupported },
        message: `${unsupported} ${unsupported === 1 ? "claim is" : "claims are"} not supported by the cited source`,
      });
  }
  return reasons;
}

/** What the writer is told to fix: the reasons, and each claim the fact check did not accept. */
export function rewriteInstructions(reasons: readonly ReviewReason[], claims: readonly CheckedClaim[]): string[] {
  const failing = claims.filter((claim) => claim.verdict === "unsupported" || claim.verdict === "contradicted");
  return [
    ...reasons.map((reason) => reason.message),
    ...failing.map(
      (claim) =>
        `The claim "${claim.text}" is ${claim.verdict === "contradicted" ? "contradicted by" : "not supported by"} ${
          claim.source ? `source [${claim.source}]` : "any source"
        }: correct it from the source, cite the source that supports it, or leave it out`,
    ),
  ];
}
