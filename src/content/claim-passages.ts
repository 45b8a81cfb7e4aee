import type { StoredSource } from "../db/schema";
import { numbersOf } from "./quality/numbers";
import { sentencesOf } from "./quality/sentences";
import { termsOf } from "./quality/terms";

// The passages a claim is judged by (issue 41 §5): windows of its source around the sentences that
// share most of the claim's key terms and numbers. A window is the sentence with the one before and
// the one after it in its paragraph, cut only between sentences, so a sentence deep in a long
// paragraph is shown whole, not cut off at a fixed length.

/** Windows per claim, the best-matching first. */
export const WINDOWS_PER_CLAIM = 3;
/** A window's characters at most: its sentence always, a neighbour only while the window stays within. */
const WINDOW_CHARS = 1200;
/** A "sentence" longer than this (a flattened table, a page without full stops) is cut at a word: it is no sentence to keep whole. */
const SENTENCE_CHARS = 2000;

interface Sentence {
  text: string;
  /** The sentence's stems and numbers (numberKey), what a claim's are matched against. */
  keys: ReadonlySet<string>;
}

/**
 * Reads a source once into sentences by paragraph (headings and repeated paragraphs left out), and
 * answers each claim with its windows, best first: none when no sentence shares a term or a number with it.
 */
export function claimPassageFinder(source: Pick<StoredSource, "text" | "headings">, language: string): (claim: string) => string[] {
  const headings = new Set(source.headings.map((heading) => heading.text.trim()));
  const lines = source.text.split("\n").map((line) => line.trim());
  const paragraphs: Sentence[][] = [...new Set(lines.filter((line) => line.length > 0 && !headings.has(line)))].map((paragraph) =>
    sentencesOf(paragraph, language).map((text) => ({ text: bounded(text), keys: keysOf(text, language) })),
  );
  return (claim) => {
    const wanted = keysOf(claim, language);
    if (wanted.size === 0) return [];
    const ranked = paragraphs
      .flatMap((sentences, paragraph) =>
        sentences.map((sentence, index) => ({ paragraph, index, shared: [...wanted].filter((key) => sentence.keys.has(key)).length })),
      )
      .filter((place) => place.shared > 0)
      .sort((a, b) => b.shared - a.shared || a.paragraph - b.paragraph || a.index - b.index);
    const windows: { paragraph: number; from: number; to: number }[] = [];
    for (const place of ranked) {
      if (windows.length === WINDOWS_PER_CLAIM) break;
      const covered = windows.some((w) => w.paragraph === place.paragraph && place.index >= w.from && place.index <= w.to);
      if (!covered) windows.push(windowAround(paragraphs[place.paragraph]!, place.paragraph, place.index));
    }
    return windows.map((w) =>
      paragraphs[w.paragraph]!.slice(w.from, w.to + 1)
        .map((sentence) => sentence.text)
        .join(" "),
    );
  };
}

/** The sentence at `index` with the one before, then the one after, each while the window stays within WINDOW_CHARS. */
function windowAround(sentences: readonly Sentence[], paragraph: number, index: number) {
  let [from, to] = [index, index];
  let length = sentences[index]!.text.length;
  const before = sentences[index - 1];
  if (before && length + 1 + before.text.length <= WINDOW_CHARS) {
    from--;
    length += 1 + before.text.length;
  }
  const after = sentences[index + 1];
  if (after && length + 1 + after.text.length <= WINDOW_CHARS) to++;
  return { paragraph, from, to };
}

/** A claim's or a sentence's stems, and its numbers with their units. */
function keysOf(text: string, language: string): Set<string> {
  const keys = new Set(termsOf(text, language).map((term) => term.stem));
  for (const number of numbersOf(text, language)) keys.add(`${number.unit} ${number.value}`);
  return keys;
}

function bounded(sentence: string): string {
  if (sentence.length <= SENTENCE_CHARS) return sentence;
  const space = sentence.lastIndexOf(" ", SENTENCE_CHARS);
  return `${sentence.slice(0, space > SENTENCE_CHARS / 2 ? space : SENTENCE_CHARS)}…`;
}
