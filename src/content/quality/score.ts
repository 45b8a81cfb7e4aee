import { countWords, htmlToText } from "../../core/html-text";
import { primaryLanguage } from "../article-rules";
import { countCitations } from "./citations";
import { readabilityOf } from "./readability";
import { highestEstimatedSimilarity } from "./minhash";
import { highestSimilarity, longestSourceRun } from "./shingles";
import { factCoverage } from "./facts";
import { withoutInlineTags } from "./normal-form";
import { proseOf } from "./prose";
import { stuffingOf } from "./stuffing";
import { subtopicCoverage } from "./subtopics";
import { coverageOf, lexiconOf, termsOf, weighTerms } from "./terms";
import type { Quality, QualityInput } from "./types";

/**
 * The content score weighs four measures of the article against its sources, each 0–1, all of
 * them read in the article's prose (prose.ts: headings, alt text, bare-word lists and term lists
 * earn nothing):
 *
 * - terms, 0.3: the TF-IDF weight of the top shared terms the prose uses. The broadest sign the
 *   article covers what the top pages cover, and the easiest to echo, so it no longer weighs most;
 * - facts, 0.25: the names, two-word names of things and numbers with units that two or more top
 *   pages state (facts.ts). Filler and term lists state none of them;
 * - subtopics, 0.25: per subtopic the top pages share, the best section's share of what their
 *   sections under it talk about, a matching heading earning a fifth (subtopics.ts): a heading
 *   alone is worth at most 5 points;
 * - length, 0.2: words against the sources' median, which stops rewarding at the median (lengthScore).
 *
 * A measure without a reference (nothing two sources share) is left out and the others are
 * weighed up to 1; no source at all gives null. Stuffing (a term list, or the weighed terms far
 * denser than in any source) takes STUFFING_PENALTY points off.
 */
export const CONTENT_WEIGHTS = { terms: 0.3, facts: 0.25, subtopics: 0.25, length: 0.2 } as const;
/** Points a stuffed article loses. */
export const STUFFING_PENALTY = 25;

/** Up to the median, the share of it; full from the median to twice it; beyond, a quarter off per further median, down to 0.5. */
export function lengthScore(articleWords: number, medianWords: number): number | null {
  if (medianWords <= 0) return null;
  const ratio = articleWords / medianWords;
  if (ratio <= 1) return ratio;
  if (ratio <= 2) return 1;
  return Math.max(0.5, 1 - (ratio - 2) / 4);
}

export type ContentMeasures = Record<keyof typeof CONTENT_WEIGHTS, number | null>;

/** The weighted mean of the measures that have a reference, as 0–100, less the stuffing penalty; null when none has. */
export function contentScore(measures: ContentMeasures, stuffed = false): number | null {
  let weighted = 0;
  let weights = 0;
  for (const key of Object.keys(CONTENT_WEIGHTS) as (keyof typeof CONTENT_WEIGHTS)[]) {
    const value = measures[key];
    if (value === null) continue;
    weighted += CONTENT_WEIGHTS[key] * value;
    weights += CONTENT_WEIGHTS[key];
  }
  if (weights === 0) return null;
  return Math.max(0, Math.round((100 * weighted) / weights) - (stuffed ? STUFFING_PENALTY : 0));
}

/** The middle value (the mean of the two middle ones for an even count); 0 for none. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The quality of an article against the top pages it was written from and the site's other texts. */
export function scoreArticle(input: QualityInput): Quality {
  const { article, sources } = input;
  const language = primaryLanguage(article.language);
  const text = htmlToText(article.html);
  const sourceTexts = sources.map((source) => source.text);
  const lexicon = lexiconOf([text, ...sourceTexts], language);
  const prose = proseOf(article.html, language);
  const proseText = prose.sentences.join("\n");
  const sourceTerms = sourceTexts.map((source) => termsOf(source, language, lexicon));
  const top = weighTerms(sourceTerms);
  const proseTerms = termsOf(proseText, language, lexicon);
  const terms = coverageOf(new Set(proseTerms.map((term) => term.stem)), top);
  const facts = factCoverage(prose.sentences, sources, { language, lexicon, weighed: new Set(top.map((term) => term.stem)) });
  const subtopics = subtopicCoverage(prose, sources, language, lexicon);
  const articleWords = countWords(text) - prose.termLists.reduce((sum, list) => sum + countWords(list), 0);
  const length = sources.length === 0 ? null : lengthScore(articleWords, median(sourceTexts.map(countWords)));
  const stuffing = stuffingOf(prose, proseTerms, top, sourceTerms, language, lexicon);
  return {
    contentScore: contentScore({ terms: terms.coverage, facts: facts.share, subtopics: subtopics.coverage, length }, stuffing !== null),
    missingTerms: terms.missing,
    facts: { covered: facts.covered, total: facts.total, missing: facts.missing },
    uncoveredSubtopics: subtopics.uncovered,
    stuffing,
    similarity: Math.max(
      Math.round(highestSimilarity(text, input.otherTexts) * 1000) / 1000,
      highestEstimatedSimilarity(text, input.otherSignatures ?? []),
    ),
    longestSourceRun: longestSourceRun(htmlToText(withoutInlineTags(article.html)), sourceTexts),
    readability: readabilityOf(article.html, language),
    citations: countCitations(
      article.html,
      sources.map((source) => source.url),
    ),
    factCheck: { ...input.factCheck },
    sources: sources.map(({ id, url, title }) => ({ id, url, title })),
  };
}
