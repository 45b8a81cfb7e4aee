import { countWords, htmlToText } from "../../core/html-text";
import { primaryLanguage } from "../article-rules";
import { countCitations } from "./citations";
import { readabilityOf } from "./readability";
import { highestEstimatedSimilarity } from "./minhash";
import { highestSimilarity, longestSourceRun } from "./shingles";
import { headingCoverage, termCoverage } from "./terms";
import type { Quality, QualityInput } from "./types";

/**
 * The content score weighs three measures of the article against its sources, each 0–1:
 *
 * - term coverage, 0.5: the TF-IDF weight of the top shared terms the article uses. It is the
 *   broadest sign that the article covers what the top pages cover, and the hardest to fake
 *   without writing about those things;
 * - headings coverage, 0.3: the share of the subtopics two or more sources give a heading that an
 *   article heading matches. Structure matters, but there are few headings and they are matched
 *   loosely, so it is the noisier signal;
 * - length, 0.2: words against the sources' median. Length alone says little and is the easiest
 *   to pad, so it weighs least and stops rewarding at the median (see lengthScore).
 *
 * A measure without a reference (no term or subtopic that two sources share) is left out and the
 * others are weighed up to 1, so a single source still gives a score; no source at all gives null.
 */
export const CONTENT_WEIGHTS = { terms: 0.5, headings: 0.3, length: 0.2 } as const;

/** Up to the median, the share of it; full from the median to twice it; beyond, a quarter off per further median, down to 0.5. */
export function lengthScore(articleWords: number, medianWords: number): number | null {
  if (medianWords <= 0) return null;
  const ratio = articleWords / medianWords;
  if (ratio <= 1) return ratio;
  if (ratio <= 2) return 1;
  return Math.max(0.5, 1 - (ratio - 2) / 4);
}

/** The weighted mean of the measures that have a reference, as 0–100; null when none has. */
export function contentScore(measures: { terms: number | null; headings: number | null; length: number | null }): number | null {
  let weighted = 0;
  let weights = 0;
  for (const key of ["terms", "headings", "length"] as const) {
    const value = measures[key];
    if (value === null) continue;
    weighted += CONTENT_WEIGHTS[key] * value;
    weights += CONTENT_WEIGHTS[key];
  }
  return weights === 0 ? null : Math.round((100 * weighted) / weights);
}

/** The middle value (the mean of the two middle ones for an even count); 0 for none. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const HEADING = /<h([1-6])\b[^>]*>([\s\S]*?)<\/h\1\s*>/giu;

/** The text of each heading (h1–h6) of article HTML. */
export function headingsOf(html: string): string[] {
  return [...html.matchAll(HEADING)].map((match) => htmlToText(match[2]!)).filter(Boolean);
}

/** The quality of an article against the top pages it was written from and the site's other texts. */
export function scoreArticle(input: QualityInput): Quality {
  const { article, sources } = input;
  const language = primaryLanguage(article.language);
  const text = htmlToText(article.html);
  const sourceTexts = sources.map((source) => source.text);
  const terms = termCoverage(text, sourceTexts, language);
  const headings = headingCoverage(
    headingsOf(article.html),
    sources.map((source) => source.headings),
    language,
  );
  const length = sources.length === 0 ? null : lengthScore(countWords(text), median(sourceTexts.map(countWords)));
  return {
    contentScore: contentScore({ terms: terms.coverage, headings: headings.coverage, length }),
    missingTerms: terms.missing,
    similarity: Math.max(
      Math.round(highestSimilarity(text, input.otherTexts) * 1000) / 1000,
      highestEstimatedSimilarity(text, input.otherSignatures ?? []),
    ),
    longestSourceRun: longestSourceRun(text, sourceTexts),
    readability: readabilityOf(article.html, language),
    citations: countCitations(
      article.html,
      sources.map((source) => source.url),
    ),
    factCheck: { ...input.factCheck },
    sources: sources.map(({ id, url, title }) => ({ id, url, title })),
  };
}
