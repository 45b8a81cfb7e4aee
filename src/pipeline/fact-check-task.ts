import { z } from "zod";
import type { StructuredTask } from "../adapters/text-model/port";
import { primaryLanguage } from "../content/article-rules";
import { LANGUAGE_NAMES } from "../content/language";
import { numbersOf, rivalsNumber, statesNumber } from "../content/quality/numbers";
import { termsOf } from "../content/quality/terms";
import { CLAIM_VERDICTS, type ClaimVerdict } from "../db/schema";

// The fact check (issue 29 §3): a second model task reads each claim of the article beside the
// passages of the source it cites and says whether the source supports it. The claim's numbers are
// checked by the service first (numberVerdict, issue 41 §5); the model judges only what they leave open.

export interface FactCheckClaim {
  /** 1, 2…: how the answer names it. */
  n: number;
  text: string;
  /** The cited source's id; null when the writer cited none. */
  source: string | null;
  /** The windows of the cited source around the sentences nearest the claim, the nearest first (claim-passages.ts). */
  passages: string[];
}

export interface FactCheckInput {
  language: string;
  claims: FactCheckClaim[];
}

export interface FactCheckVerdict {
  /** The claim's n. */
  claim: number;
  verdict: ClaimVerdict;
  /** The passage the verdict relied on, as given ("" for none). */
  passage: string;
}

const AnswerSchema = z.object({
  verdicts: z
    .array(
      z.object({
        claim: z.number().int().min(1),
        verdict: z.enum(CLAIM_VERDICTS),
        passage: z.string().max(2000).default(""),
      }),
    )
    .max(100),
});

/** Of a claim's passages, the share of its key terms (folded, stemmed, no stop words) a passage must hold to support it offline. */
const OFFLINE_SUPPORT = 0.6;

// The offline answer is parsed by the schema like a model's, so the task's value is the answer as it comes.
export const factCheckTask: StructuredTask<FactCheckInput, { verdicts: FactCheckVerdict[] }> = {
  name: "fact_check",
  schema: AnswerSchema,
  system: (input) =>
    [
      "You are a careful fact checker. For each claim of an article you get the passages of the source the writer cited for it.",
      "Judge each claim only by those passages, not by what you know: `supported` when a passage states it (in other words is fine), `contradicted` when a passage states something incompatible (another number, date, name or cause), `unsupported` when the passages do not say it or no source was cited.",
      `The claims and sources are in ${LANGUAGE_NAMES[primaryLanguage(input.language)] ?? input.language}.`,
      "Answer with one JSON object only: `verdicts`, one entry per claim, with the claim's number, the verdict and the passage you relied on, copied exactly (empty when none).",
    ].join("\n"),
  prompt: (input) =>
    input.claims
      .map((claim) =>
        [
          `Claim ${claim.n}: ${claim.text}`,
          claim.source === null
            ? "  No source cited."
            : [`  Source [${claim.source}] passages:`, ...claim.passages.map((passage) => `  - ${passage}`)].join("\n"),
        ].join("\n"),
      )
      .join("\n\n"),
  offline: checkClaimsOffline,
  maxTokens: 4000,
  temperature: 0,
};

/**
 * The service's verdict on a claim's numbers (issue 41 §5), which no model answer overturns; null
 * when the claim states no number, or one passage states every number of it with its unit (the
 * model judges the rest). Otherwise the nearest passage decides: `contradicted` when it gives
 * another value of a missing number's unit ("$6,500" beside "$7,000"), `unsupported` when it gives
 * none; a number without a source is `unsupported`. A value inside a range the passage states does
 * not state it: "5 hours" is not in "4–6 hours".
 */
export function numberVerdict(claim: FactCheckClaim, language: string): FactCheckVerdict | null {
  const claimed = numbersOf(claim.text, language);
  if (claimed.length === 0) return null;
  if (claim.source === null) return { claim: claim.n, verdict: "unsupported", passage: "" };
  const stated = claim.passages.map((passage) => numbersOf(passage, language));
  if (stated.some((numbers) => claimed.every((number) => numbers.some((own) => statesNumber(own, number))))) return null;
  const nearest = stated[0] ?? [];
  const missing = claimed.filter((number) => !nearest.some((own) => statesNumber(own, number)));
  const contradicted = missing.some((number) => nearest.some((own) => rivalsNumber(own, number)));
  return { claim: claim.n, verdict: contradicted ? "contradicted" : "unsupported", passage: claim.passages[0] ?? "" };
}

/**
 * The offline check: the service's number verdict first; then a claim is supported when a passage
 * of its source holds most of its key terms, and unsupported otherwise (or without a source).
 */
export function checkClaimsOffline(input: FactCheckInput): { verdicts: FactCheckVerdict[] } {
  const language = primaryLanguage(input.language);
  const verdicts = input.claims.map((claim): FactCheckVerdict => {
    const decided = numberVerdict(claim, language);
    if (decided) return decided;
    const stems = new Set(termsOf(claim.text, language).map((term) => term.stem));
    if (claim.source === null || stems.size === 0) return { claim: claim.n, verdict: "unsupported", passage: "" };
    let best = { share: 0, passage: "" };
    for (const passage of claim.passages) {
      const own = new Set(termsOf(passage, language).map((term) => term.stem));
      const share = [...stems].filter((stem) => own.has(stem)).length / stems.size;
      if (share > best.share) best = { share, passage };
    }
    return { claim: claim.n, verdict: best.share >= OFFLINE_SUPPORT ? "supported" : "unsupported", passage: best.passage };
  });
  return { verdicts };
}
