/** Folds what unicode61 does not: the Turkish dotless ı and dotted İ become i (as in the index). */
export function foldForSearch(text: string): string {
  return text.replace(/[ıİ]/g, "i");
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
