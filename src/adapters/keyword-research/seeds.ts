/** The most seeds one research call takes (DataForSEO Labs keyword ideas: 200 keywords a task). */
export const MAX_SEEDS = 200;

/** `text` lower-cased by the rules of `language` (Turkish İ→i, I→ı), or by the default rules for an unknown tag. */
export function lowerCaseIn(text: string, language: string): string {
  try {
    return text.toLocaleLowerCase(language);
  } catch {
    return text.toLowerCase(); // a tag Intl does not accept
  }
}

/** Seeds trimmed, lower-cased, without blanks or repeats, at most MAX_SEEDS, in their order. */
export function normaliseSeeds(seeds: string[], language: string): string[] {
  const normalised = seeds.map((seed) => lowerCaseIn(seed.trim().replace(/\s+/g, " "), language)).filter(Boolean);
  return [...new Set(normalised)].slice(0, MAX_SEEDS);
}
