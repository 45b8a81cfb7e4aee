/**
 * Folds what unicode61 does not: the Turkish dotless ı and dotted İ become i (as in the index).
 * NFC first, so decomposed input forms whole words; then "i̇" (i + combining dot, which is what
 * JavaScript's toLowerCase makes of "İ") becomes i too, or it would split the word in two.
 */
export function foldForSearch(text: string): string {
  return text
    .normalize("NFC")
    .replace(/[ıİ]/g, "i")
    .replace(/i\u0307/g, "i");
}

const MAX_SEARCH_TERMS = 20;

/**
 * Turns user input into an FTS5 MATCH expression: every word becomes a quoted term, terms are
 * ANDed, order does not matter. Only letters and digits reach FTS5, so quotes, `AND`, `*`, `:`
 * or parentheses in the input are words or nothing, never syntax. Null when no word remains.
 */
export function toFtsMatch(input: string): string | null {
  const words = foldForSearch(input).match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length === 0) return null;
  return words
    .slice(0, MAX_SEARCH_TERMS)
    .map((word) => `"${word}"`)
    .join(" ");
}
