import type { Prose } from "./prose";
import type { Lexicon } from "./stemming";
import { type Term, termsOf, type WeightedTerm } from "./terms";

// Keyword stuffing (issue 41 §1): a comma-separated run of the terms the score weighs, or those
// terms far denser in the prose than in any top page. Either takes points off the score and holds
// the article (`keyword_stuffing`).

/** The prose's density of weighed terms may be this many times the densest source's before it reads as stuffed. */
export const MAX_DENSITY_RATIO = 1.6;
/** Share of a term list's items that are weighed terms from which it is stuffing, not an ingredient list. */
const WEIGHED_ITEMS = 0.5;

export interface Stuffing {
  /** Term lists in the article made mostly of the weighed terms. */
  termLists: number;
  /** Weighed terms per 100 content words of the prose. */
  density: number;
  /** The same in the densest source. */
  sourceDensity: number;
}

function density(terms: readonly Term[], weighed: ReadonlySet<string>): number {
  if (terms.length === 0) return 0;
  return (100 * terms.filter((term) => weighed.has(term.stem)).length) / terms.length;
}

/** The article's stuffing, or null when it reads as written. */
export function stuffingOf(
  prose: Prose,
  proseTerms: readonly Term[],
  top: readonly WeightedTerm[],
  sourceTerms: readonly (readonly Term[])[],
  language: string,
  lexicon: Lexicon,
): Stuffing | null {
  if (top.length === 0) return null;
  const weighed = new Set(top.map((term) => term.stem));
  const termLists = prose.termLists.filter((list) => {
    const terms = termsOf(list, language, lexicon);
    return terms.length > 0 && terms.filter((term) => weighed.has(term.stem)).length >= terms.length * WEIGHED_ITEMS;
  }).length;
  const own = density(proseTerms, weighed);
  const sourceDensity = Math.max(0, ...sourceTerms.map((terms) => density(terms, weighed)));
  if (termLists === 0 && own <= MAX_DENSITY_RATIO * sourceDensity) return null;
  return { termLists, density: Math.round(own * 10) / 10, sourceDensity: Math.round(sourceDensity * 10) / 10 };
}
