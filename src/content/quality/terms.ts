import { stopWordsOf } from "../language";
import { foldText } from "../text-folding";
import { stemWord } from "./stemming";

// What the top pages talk about and the article does not: terms (light stems of folded words,
// stop words and words under three letters left out) weighed by TF-IDF over the sources, and the
// subtopics their headings share.

const WORD = /\p{L}+(?:['’-]\p{L}+)*/gu;
const MIN_TERM_LETTERS = 3;
/** A term or a subtopic counts when this many sources have it. */
export const MIN_SOURCES = 2;
/** The weightiest shared terms that coverage is measured on (and missing terms are listed from). */
export const TOP_TERMS = 40;
/** Two headings name the same subtopic from this Dice overlap of their terms up. */
export const HEADING_MATCH = 0.6;

/** A term: its stem, and the word it was read from (lower case, as written). */
export interface Term {
  stem: string;
  word: string;
}

/** The terms of a text in `language`, in order. */
export function termsOf(text: string, language: string): Term[] {
  const stop = stopWordsOf(language);
  // Lower-casing "İ" outside Turkish leaves a combining dot after the "i": dropped, so the word stays whole.
  const lower = text
    .normalize("NFC")
    .toLocaleLowerCase(language)
    .replace(/i\u0307/g, "i");
  const written = lower.match(WORD) ?? [];
  // Folding the whole text once is much cheaper than word by word; it keeps the words one to one
  // unless the text carried stray combining marks, and then each word is folded on its own.
  const foldedWhole = foldText(lower).match(WORD) ?? [];
  const folded = foldedWhole.length === written.length ? foldedWhole : written.map(foldText);
  // Words repeat: each distinct one is judged and stemmed once.
  const seen = new Map<string, Term | null>();
  const terms: Term[] = [];
  for (let i = 0; i < written.length; i++) {
    const word = written[i]!;
    let term = seen.get(word);
    if (term === undefined) {
      const bare = folded[i]!.replace(/['’]/g, "");
      term = bare.length < MIN_TERM_LETTERS || stop.has(bare) ? null : { word: word.replace(/['’]/g, ""), stem: stemWord(bare, language) };
      seen.set(word, term);
    }
    if (term) terms.push(term);
  }
  return terms;
}

export interface TermCoverage {
  /** Weight of the top shared terms the article has, over the weight of all of them (0–1); null when no term is shared. */
  coverage: number | null;
  /** The top shared terms the article lacks, weightiest first, each as the word the sources use most. */
  missing: string[];
}

/**
 * TF-IDF over the sources: a term's weight is the sum over sources of its share of that source's
 * terms, times ln(1 + N/df). The smoothed idf keeps a term every source uses (df = N) above zero:
 * here those are the topic's core terms, not noise. Only terms of at least MIN_SOURCES sources count.
 */
export function termCoverage(articleText: string, sourceTexts: readonly string[], language: string): TermCoverage {
  const article = new Set(termsOf(articleText, language).map((term) => term.stem));
  const df = new Map<string, number>();
  const tf = new Map<string, number>();
  const words = new Map<string, Map<string, number>>();
  for (const text of sourceTexts) {
    const terms = termsOf(text, language);
    for (const { stem, word } of terms) {
      tf.set(stem, (tf.get(stem) ?? 0) + 1 / terms.length);
      const forms = words.get(stem) ?? new Map<string, number>();
      words.set(stem, forms.set(word, (forms.get(word) ?? 0) + 1));
    }
    for (const stem of new Set(terms.map((term) => term.stem))) df.set(stem, (df.get(stem) ?? 0) + 1);
  }
  const n = sourceTexts.length;
  const top = [...df]
    .filter(([, sources]) => sources >= MIN_SOURCES)
    .map(([stem, sources]) => ({ stem, weight: tf.get(stem)! * Math.log(1 + n / sources) }))
    // Ties by stem, so the same corpus always gives the same list.
    .sort((a, b) => b.weight - a.weight || (a.stem < b.stem ? -1 : 1))
    .slice(0, TOP_TERMS);
  if (top.length === 0) return { coverage: null, missing: [] };
  const total = top.reduce((sum, term) => sum + term.weight, 0);
  const covered = top.filter((term) => article.has(term.stem)).reduce((sum, term) => sum + term.weight, 0);
  const missing = top.filter((term) => !article.has(term.stem)).map((term) => commonestForm(words.get(term.stem)!));
  return { coverage: covered / total, missing };
}

function commonestForm(forms: Map<string, number>): string {
  return [...forms].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]![0];
}

export interface HeadingCoverage {
  /** Shared subtopics covered by an article heading, over all shared subtopics (0–1); null when the sources share none. */
  coverage: number | null;
  /** The shared subtopics (as one source words them) that no article heading covers. */
  uncovered: string[];
}

/**
 * The subtopics the sources share, a heading that headings of MIN_SOURCES sources match, and how
 * many of them an article heading matches. Headings match loosely: their term sets (folded,
 * stemmed, no stop words) overlap with a Dice coefficient of HEADING_MATCH or more, so "How to
 * feed a sourdough starter" and "Feeding your starter" are one subtopic, "Storing bread" and
 * "Bread history" are not.
 */
export function headingCoverage(
  articleHeadings: readonly string[],
  sourceHeadings: readonly (readonly string[])[],
  language: string,
): HeadingCoverage {
  const stems = (heading: string) => new Set(termsOf(heading, language).map((term) => term.stem));
  const sources = sourceHeadings.map((headings) => headings.map((heading) => ({ heading, stems: stems(heading) })));
  const shared: { heading: string; stems: Set<string> }[] = [];
  for (const headings of sources) {
    for (const candidate of headings) {
      if (candidate.stems.size === 0 || shared.some((subtopic) => matches(subtopic.stems, candidate.stems))) continue;
      const having = sources.filter((other) => other.some((heading) => matches(heading.stems, candidate.stems))).length;
      if (having >= MIN_SOURCES) shared.push(candidate);
    }
  }
  if (shared.length === 0) return { coverage: null, uncovered: [] };
  const article = articleHeadings.map(stems);
  const uncovered = shared.filter((subtopic) => !article.some((heading) => matches(heading, subtopic.stems)));
  return { coverage: (shared.length - uncovered.length) / shared.length, uncovered: uncovered.map((subtopic) => subtopic.heading) };
}

function matches(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  if (a.size === 0 || b.size === 0) return false;
  let common = 0;
  for (const stem of a) if (b.has(stem)) common++;
  return (2 * common) / (a.size + b.size) >= HEADING_MATCH;
}
