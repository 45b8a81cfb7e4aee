import { blockText } from "../reader-checks";
import { sentencesOf } from "./sentences";
import { syllablesOf } from "./syllables";
import type { Readability, ReadabilityFormula } from "./types";

// Readability by the formula made for each language (EXTERNAL_APIS-2 §8): W words, S sentences,
// Y syllables; ASL = W/S, ASW = Y/W. The score shown is clamped to 0–100 and the band is read from
// it; the raw score is kept for comparisons. A formula is only read on its own scale: German under
// the English formula scores about 20 points lower.

interface Formula {
  name: ReadabilityFormula;
  score: (asl: number, asw: number) => number;
  /** Lowest score of each band, highest band first; the last band takes everything below. */
  bands: readonly [min: number, band: string][];
}

const FLESCH_BANDS: Formula["bands"] = [
  [90, "very easy"],
  [80, "easy"],
  [70, "fairly easy"],
  [60, "plain English"],
  [50, "fairly difficult"],
  [30, "difficult"],
  [0, "very difficult"],
];

const FORMULAS: Record<string, Formula> = {
  en: { name: "flesch-reading-ease", score: (asl, asw) => 206.835 - 1.015 * asl - 84.6 * asw, bands: FLESCH_BANDS },
  tr: {
    name: "atesman",
    score: (asl, asw) => 198.825 - 40.175 * asw - 2.61 * asl,
    bands: [
      [90, "çok kolay"],
      [70, "kolay"],
      [50, "orta güçlükte"],
      [30, "zor"],
      [0, "çok zor"],
    ],
  },
  de: {
    name: "amstad",
    score: (asl, asw) => 180 - asl - 58.5 * asw,
    bands: [
      [90, "sehr leicht"],
      [80, "leicht"],
      [70, "mittelleicht"],
      [60, "mittel"],
      [50, "mittelschwer"],
      [30, "schwer"],
      [0, "sehr schwer"],
    ],
  },
  // French-specific bands are unconfirmed (EXTERNAL_APIS-2 §8): Kandel–Moles is read on Flesch's.
  fr: { name: "kandel-moles", score: (asl, asw) => 207 - 1.015 * asl - 73.6 * asw, bands: FLESCH_BANDS },
  // Law (2011): 1.02 multiplies words per sentence, and 0.60 syllables per 100 words is 60·ASW.
  es: {
    name: "fernandez-huerta",
    score: (asl, asw) => 206.84 - 60 * asw - 1.02 * asl,
    bands: [
      [90, "muy fácil"],
      [80, "fácil"],
      [70, "algo fácil"],
      [60, "normal"],
      [50, "algo difícil"],
      [30, "difícil"],
      [0, "muy difícil"],
    ],
  },
};

/** Fewer words than this make the figures noisy. */
export const NOISY_BELOW_WORDS = 100;

const URL_OR_EMAIL = /(?:https?:\/\/|www\.)\S+|\S+@\S+\.\S+/giu;
const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;
const CODE = /<(pre|code)\b[\s\S]*?<\/\1\s*>/giu;
// Flesch and the others measured running prose: headings, list items, table cells, terms and
// captions are not read. Each leaves an empty paragraph, so the text around it stays apart.
const NOT_PROSE = /<(h[1-6]|li|dt|td|th|caption|figcaption)\b[\s\S]*?<\/\1\s*>/giu;

/**
 * The text of article HTML as the formulas read it: one line per prose block (paragraphs, quotes).
 * An article with no prose at all (only lists, say) is read whole, code left out, so it still gets figures.
 */
export function readableText(html: string): string {
  const withoutCode = html.replace(CODE, " ");
  const prose = blockText(withoutCode.replace(NOT_PROSE, "<p></p>"));
  return wordsOf(prose).length > 0 ? prose : blockText(withoutCode);
}

/** Words as the formulas count them: letters with inner apostrophes or hyphens; numbers, URLs and e-mail addresses are not words. */
export function wordsOf(text: string): string[] {
  return (text.replace(URL_OR_EMAIL, " ").match(WORD) ?? []).filter((word) => /\p{L}/u.test(word));
}

/** Readability of article HTML in `language` (a primary tag: `en`, `tr`…). */
export function readabilityOf(html: string, language: string): Readability {
  return readabilityOfText(readableText(html), language);
}

/** Readability of plain text (a line break ends a sentence). */
export function readabilityOfText(text: string, language: string): Readability {
  const sentences = sentencesOf(text, language).filter((sentence) => wordsOf(sentence).length > 0);
  const words = sentences.flatMap(wordsOf);
  // Guarded so an empty text gives figures, not NaN.
  const w = Math.max(1, words.length);
  const s = Math.max(1, sentences.length);
  const letters = words.reduce((sum, word) => sum + (word.match(/\p{L}/gu)?.length ?? 0), 0);
  const figures = {
    words: words.length,
    sentences: sentences.length,
    meanSentenceLength: round(w / s, 2),
    meanWordLength: round(letters / w, 2),
    noisy: words.length < NOISY_BELOW_WORDS,
  };
  const formula = FORMULAS[language];
  if (!formula) return { formula: "mean-lengths", score: null, rawScore: null, band: null, ...figures };
  // Words repeat: each distinct one is counted once.
  const counted = new Map<string, number>();
  const syllables = words.reduce((sum, word) => {
    let count = counted.get(word);
    if (count === undefined) {
      count = syllablesOf(word, language);
      counted.set(word, count);
    }
    return sum + count;
  }, 0);
  const raw = formula.score(w / s, syllables / w);
  const score = Math.min(100, Math.max(0, raw));
  const band = formula.bands.find(([min]) => score >= min)?.[1] ?? formula.bands[formula.bands.length - 1]![1];
  return { formula: formula.name, score: round(score, 1), rawScore: round(raw, 2), band, ...figures };
}

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;
