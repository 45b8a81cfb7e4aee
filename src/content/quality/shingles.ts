import { copyNormalForm } from "./normal-form";

// How much of the article is someone else's text: its 5-word-shingle resemblance to the site's
// other texts, and the longest run of words it shares with one source. Words are compared in
// copyNormalForm (case, diacritics, the Turkish i's, look-alike letters, invisible characters and
// markup inside words do not count), and punctuation does not count, so a copied sentence with a
// changed comma or capital is still copied. A word keeps its inner apostrophes ("10'dan") but not
// its hyphens: "well-known" is two words, as "well known" is.

export const SHINGLE_WORDS = 5;
const WORD = /[\p{L}\p{N}]+(?:'[\p{L}\p{N}]+)*/gu;

/** The words of a text in copyNormalForm, in order. */
export function foldedWords(text: string): string[] {
  return copyNormalForm(text).match(WORD) ?? [];
}

/** The distinct runs of SHINGLE_WORDS consecutive words of a text, each as one string. */
export function shinglesOf(text: string): Set<string> {
  const words = foldedWords(text);
  const shingles = new Set<string>();
  for (let i = 0; i + SHINGLE_WORDS <= words.length; i++) shingles.add(words.slice(i, i + SHINGLE_WORDS).join(" "));
  return shingles;
}

/** Shared shingles over all distinct shingles of both; 0 when either has none. */
export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let common = 0;
  for (const shingle of a) if (b.has(shingle)) common++;
  return common / (a.size + b.size - common);
}

/** The highest shingle Jaccard of `text` against any of `others` (0–1). */
export function highestSimilarity(text: string, others: readonly string[]): number {
  const own = shinglesOf(text);
  return others.reduce((best, other) => Math.max(best, jaccard(own, shinglesOf(other))), 0);
}

/**
 * The longest run of consecutive words of `text` that also stands, in the same order, in one of
 * `sources`: the longest common substring over word ids. Each row of run lengths is built only at
 * the source positions of the article's word (and cleared the same way), so the cost is the number
 * of matching word pairs, not article × source words.
 */
export function longestSourceRun(text: string, sources: readonly string[]): number {
  const ids = new Map<string, number>();
  const idsOf = (words: string[]) =>
    Int32Array.from(words, (word) => {
      const known = ids.get(word);
      if (known !== undefined) return known;
      ids.set(word, ids.size);
      return ids.size - 1;
    });
  const article = idsOf(foldedWords(text));
  let longest = 0;
  for (const source of sources) {
    const words = idsOf(foldedWords(source));
    const positions = new Map<number, number[]>();
    words.forEach((id, j) => {
      const list = positions.get(id);
      if (list) list.push(j);
      else positions.set(id, [j]);
    });
    // previous[j + 1]: the run ending at source word j and the previous article word.
    let previous = new Int32Array(words.length + 1);
    let current = new Int32Array(words.length + 1);
    let previousSet: number[] = [];
    let currentSet: number[] = [];
    for (const id of article) {
      for (const j of positions.get(id) ?? []) {
        const run = previous[j]! + 1;
        current[j + 1] = run;
        currentSet.push(j + 1);
        if (run > longest) longest = run;
      }
      for (const cell of previousSet) previous[cell] = 0;
      previousSet.length = 0;
      [previous, current] = [current, previous];
      [previousSet, currentSet] = [currentSet, previousSet];
    }
  }
  return longest;
}
