// The quality score of an article (issue 29 §4): what goes in and what comes out. Computed by the
// service from the article and the top pages it was written against; no model is asked.

import type { Stuffing } from "./stuffing";

/** A top page the article was written against. */
export interface QualitySource {
  id: string;
  url: string;
  title: string;
  /** The page's readable text. */
  text: string;
  /** The page's headings (h2–h6), as written. */
  headings: string[];
}

export interface QualityInput {
  article: { html: string; language: string };
  sources: QualitySource[];
  /** Texts the article must not resemble, compared exactly. */
  otherTexts: string[];
  /** Stored MinHash signatures of the site's other pages (minhash.ts), compared by estimate. */
  otherSignatures?: (string | null)[];
  /** Tallies of the article's claims by verdict, counted by the fact check. */
  factCheck: FactCheckTally;
}

export interface FactCheckTally {
  supported: number;
  unsupported: number;
  contradicted: number;
}

export type ReadabilityFormula = "flesch-reading-ease" | "atesman" | "amstad" | "kandel-moles" | "fernandez-huerta" | "mean-lengths";

export interface Readability {
  /** `mean-lengths` for a language without a formula of its own: only the mean lengths are given. */
  formula: ReadabilityFormula;
  /** The formula's score clamped to 0–100, one decimal; null under `mean-lengths`. */
  score: number | null;
  /** The score before clamping, for comparisons. */
  rawScore: number | null;
  /** The band of `score` on the formula's own scale, in the scale's language; null under `mean-lengths`. */
  band: string | null;
  words: number;
  sentences: number;
  /** Words per sentence. */
  meanSentenceLength: number;
  /** Letters per word. */
  meanWordLength: number;
  /** Under 100 words the figures are noisy. */
  noisy: boolean;
}

export interface Quality {
  /** 0–100; null when there are no sources to score against. */
  contentScore: number | null;
  /** Terms that two or more sources use and the article's prose lacks, the weightiest first. */
  missingTerms: string[];
  /** The facts (names, named things, numbers with units) two or more sources state, and those the prose does not. */
  facts: { covered: number; total: number; missing: string[] };
  /** The subtopics the sources share that no section of the article covers to half. */
  uncoveredSubtopics: string[];
  /** Keyword stuffing found, or null. */
  stuffing: Stuffing | null;
  /** The highest 5-word-shingle Jaccard against the other texts, 0–1. */
  similarity: number;
  /** The longest run of consecutive words copied from one source. */
  longestSourceRun: number;
  readability: Readability;
  /** Links in the article to one of the sources. */
  citations: number;
  factCheck: FactCheckTally;
  sources: { id: string; url: string; title: string }[];
}
