import { stopWordsOf } from "../language";
import { foldText } from "../text-folding";
import { type Lexicon, stemWord, trustedStem } from "./stemming";

// What the top pages talk about and the article does not: terms (Snowball stems of words, stop
// words and words too short to name anything left out) weighed by TF-IDF over the sources, and the
// subtopics their headings share.

const WORD = /\p{L}+(?:['’ʼ]\p{L}+)*/gu;
/** Letters a term has at least: Turkish has two-letter nouns ("un", "su", "et"), the others' two-letter words are function words. */
const minTermLetters = (language: string) => (language === "tr" ? 2 : 3);
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

/** Text lower-cased as `language` writes it ("I" is "ı" in Turkish), without stray combining dots. */
function lowerCase(text: string, language: string): string {
  // Lower-casing "İ" outside Turkish leaves a combining dot after the "i": dropped, so the word stays whole.
  return text
    .normalize("NFC")
    .toLocaleLowerCase(language)
    .replace(/i\u0307/g, "i");
}

/**
 * The words of `texts`, lower case: what a short Snowball stem is read against (stemming.ts).
 * Gathered on the first question, since most texts never ask one.
 */
export function lexiconOf(texts: readonly string[], language: string): Lexicon {
  let words: Set<string> | null = null;
  return {
    has(word: string) {
      if (!words) {
        words = new Set();
        for (const text of texts) for (const found of lowerCase(text, language).match(WORD) ?? []) words.add(found);
      }
      return words.has(word);
    },
  };
}

/** The terms of a text in `language`, in order; short stems are read against `lexicon` (the text's own words by default). */
export function termsOf(text: string, language: string, lexicon?: Lexicon): Term[] {
  const written = lowerCase(text, language).match(WORD) ?? [];
  const read = termReader(language, lexicon ?? new Set(written));
  const terms: Term[] = [];
  for (const word of written) {
    const term = read(word);
    if (term) terms.push(term);
  }
  return terms;
}

/**
 * The term of one word (any case), or null for a stop word or a word too short to be a term.
 * Words repeat: each distinct one is judged and stemmed once per reader.
 */
export function termReader(language: string, lexicon: Lexicon): (word: string) => Term | null {
  // The texts scored together share one lexicon: their words are read once, whichever text has them.
  const readers = sharedReaders.get(lexicon) ?? new Map<string, (word: string) => Term | null>();
  sharedReaders.set(lexicon, readers);
  let reader = readers.get(language);
  if (!reader) {
    reader = newReader(language, lexicon);
    readers.set(language, reader);
  }
  return reader;
}

const sharedReaders = new WeakMap<Lexicon, Map<string, (word: string) => Term | null>>();

function newReader(language: string, lexicon: Lexicon): (word: string) => Term | null {
  const short = new Map<string, Term>();
  return (written) => {
    const reading = readingOf(written, language);
    if (reading === null || "stem" in reading) return reading;
    let term = short.get(written);
    if (!term) {
      term = { word: reading.word, stem: stemWord(reading.lower, language, lexicon) };
      short.set(written, term);
    }
    return term;
  };
}

/** How a word reads on its own: its term, null for no term, or `short` when its stem depends on the texts' words. */
type Reading = Term | null | { word: string; lower: string; short: true };

// Words repeat across texts and requests: each is read once per isolate and language, up to a bound.
const READINGS_KEPT = 100_000;
const readingsByLanguage = new Map<string, Map<string, Reading>>();

function readingOf(written: string, language: string): Reading {
  let readings = readingsByLanguage.get(language);
  if (!readings) {
    readings = new Map();
    readingsByLanguage.set(language, readings);
  }
  let reading = readings.get(written);
  if (reading !== undefined) return reading;
  const lower = lowerCase(written, language);
  const folded = foldText(lower).replace(/['’ʼ]/g, "");
  const bare = foldText(lower.replace(/['’ʼ].*$/u, ""));
  const stop = stopWordsOf(language);
  if (folded.length < minTermLetters(language) || stop.has(folded) || stop.has(bare)) reading = null;
  else {
    const word = lower.replace(/['’ʼ]/g, "");
    const stem = trustedStem(lower, language);
    reading = stem === null ? { word, lower, short: true } : { word, stem };
  }
  if (readings.size >= READINGS_KEPT) readings.clear();
  readings.set(written, reading);
  return reading;
}

/** A term the sources share, with its TF-IDF weight and the word they write it as most often. */
export interface WeightedTerm {
  stem: string;
  weight: number;
  word: string;
}

/**
 * TF-IDF over the sources: a term's weight is the sum over sources of its share of that source's
 * terms, times ln(1 + N/df). The smoothed idf keeps a term every source uses (df = N) above zero:
 * here those are the topic's core terms, not noise. Only terms of at least MIN_SOURCES sources
 * count; the TOP_TERMS weightiest are kept, ties by stem so the same corpus gives the same list.
 */
export function weightedTerms(sourceTexts: readonly string[], language: string, lexicon?: Lexicon): WeightedTerm[] {
  const known = lexicon ?? lexiconOf(sourceTexts, language);
  return weighTerms(sourceTexts.map((text) => termsOf(text, language, known)));
}

/** weightedTerms of sources already read into terms. */
export function weighTerms(sources: readonly (readonly Term[])[]): WeightedTerm[] {
  const df = new Map<string, number>();
  const tf = new Map<string, number>();
  const words = new Map<string, Map<string, number>>();
  for (const terms of sources) {
    for (const { stem, word } of terms) {
      tf.set(stem, (tf.get(stem) ?? 0) + 1 / terms.length);
      const forms = words.get(stem) ?? new Map<string, number>();
      words.set(stem, forms.set(word, (forms.get(word) ?? 0) + 1));
    }
    for (const stem of new Set(terms.map((term) => term.stem))) df.set(stem, (df.get(stem) ?? 0) + 1);
  }
  const n = sources.length;
  return [...df]
    .filter(([, count]) => count >= MIN_SOURCES)
    .map(([stem, count]) => ({ stem, weight: tf.get(stem)! * Math.log(1 + n / count), word: commonestForm(words.get(stem)!) }))
    .sort((a, b) => b.weight - a.weight || (a.stem < b.stem ? -1 : 1))
    .slice(0, TOP_TERMS);
}

export interface TermCoverage {
  /** Weight of the top shared terms the article has, over the weight of all of them (0–1); null when no term is shared. */
  coverage: number | null;
  /** The top shared terms the article lacks, weightiest first, each as the word the sources use most. */
  missing: string[];
}

/** How much of the weight of the sources' shared terms `articleText` carries. */
export function termCoverage(articleText: string, sourceTexts: readonly string[], language: string, lexicon?: Lexicon): TermCoverage {
  const known = lexicon ?? lexiconOf([articleText, ...sourceTexts], language);
  return coverageOf(new Set(termsOf(articleText, language, known).map((term) => term.stem)), weightedTerms(sourceTexts, language, known));
}

/** The coverage of `top` by the stems an article has. */
export function coverageOf(article: ReadonlySet<string>, top: readonly WeightedTerm[]): TermCoverage {
  if (top.length === 0) return { coverage: null, missing: [] };
  const total = top.reduce((sum, term) => sum + term.weight, 0);
  const covered = top.filter((term) => article.has(term.stem)).reduce((sum, term) => sum + term.weight, 0);
  return { coverage: covered / total, missing: top.filter((term) => !article.has(term.stem)).map((term) => term.word) };
}

function commonestForm(forms: Map<string, number>): string {
  return [...forms].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]![0];
}

/** A subtopic two or more sources give a heading: its wording in the first source having it, and its stems. */
export interface Subtopic {
  heading: string;
  stems: Set<string>;
}

/**
 * The subtopics the sources share: a heading that headings of MIN_SOURCES sources match. Headings
 * match loosely: their term sets (stemmed, no stop words) overlap with a Dice coefficient of
 * HEADING_MATCH or more, so "How to feed a sourdough starter" and "Feeding your starter" are one
 * subtopic, "Storing bread" and "Bread history" are not.
 */
export function sharedSubtopics(sourceHeadings: readonly (readonly string[])[], language: string, lexicon?: Lexicon): Subtopic[] {
  const stems = (heading: string) => headingStems(heading, language, lexicon);
  const sources = sourceHeadings.map((headings) => headings.map((heading) => ({ heading, stems: stems(heading) })));
  const shared: Subtopic[] = [];
  for (const headings of sources) {
    for (const candidate of headings) {
      if (candidate.stems.size === 0 || shared.some((subtopic) => headingsMatch(subtopic.stems, candidate.stems))) continue;
      const having = sources.filter((other) => other.some((heading) => headingsMatch(heading.stems, candidate.stems))).length;
      if (having >= MIN_SOURCES) shared.push(candidate);
    }
  }
  return shared;
}

export function headingStems(heading: string, language: string, lexicon?: Lexicon): Set<string> {
  return new Set(termsOf(heading, language, lexicon).map((term) => term.stem));
}

export interface HeadingCoverage {
  /** Shared subtopics covered by an article heading, over all shared subtopics (0–1); null when the sources share none. */
  coverage: number | null;
  /** The shared subtopics (as one source words them) that no article heading covers. */
  uncovered: string[];
}

/** How many of the shared subtopics an article heading names (the research digest lists them all for an article of none). */
export function headingCoverage(
  articleHeadings: readonly string[],
  sourceHeadings: readonly (readonly string[])[],
  language: string,
): HeadingCoverage {
  const shared = sharedSubtopics(sourceHeadings, language);
  if (shared.length === 0) return { coverage: null, uncovered: [] };
  const article = articleHeadings.map((heading) => headingStems(heading, language));
  const uncovered = shared.filter((subtopic) => !article.some((heading) => headingsMatch(heading, subtopic.stems)));
  return { coverage: (shared.length - uncovered.length) / shared.length, uncovered: uncovered.map((subtopic) => subtopic.heading) };
}

export function headingsMatch(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  if (a.size === 0 || b.size === 0) return false;
  let common = 0;
  for (const stem of a) if (b.has(stem)) common++;
  return (2 * common) / (a.size + b.size) >= HEADING_MATCH;
}
