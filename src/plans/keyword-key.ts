import { topicWords } from "../content/text-folding";

/** One key per topic: the distinct topic words, sorted ("Best Breads for Kids" and "kids bread" → "bread kid"). */
export function keywordKey(text: string): string {
  return [...new Set(topicWords(text))].sort().join(" ");
}

/**
 * What a site already covers, from its post titles and slugs, earlier plans and articles. A
 * keyword is covered when its key equals one of them, or when all its words (two or more)
 * appear in one title: "sourdough bread" is covered by "How I bake sourdough bread at home". One
 * word is covered only by a short title about it ("Our take: focaccia"), not by any title that
 * happens to contain it ("bread" is not covered by "How I bake sourdough bread at home").
 */
const SHORT_TITLE_WORDS = 3;

export class CoveredTopics {
  private readonly keys = new Set<string>();
  private readonly wordSets: Set<string>[] = [];

  add(text: string): void {
    const words = new Set(topicWords(text));
    if (words.size === 0) return;
    this.keys.add([...words].sort().join(" "));
    this.wordSets.push(words);
  }

  covers(keyword: string): boolean {
    const key = keywordKey(keyword);
    if (!key || this.keys.has(key)) return true;
    const words = key.split(" ");
    if (words.length === 1) return this.wordSets.some((known) => known.size <= SHORT_TITLE_WORDS && known.has(words[0]!));
    return this.wordSets.some((known) => words.every((word) => known.has(word)));
  }
}

/** The last path segment of a post URL as words: ".../2024/05/eksi-maya-ekmegi/" → "eksi maya ekmegi". */
export function slugWords(url: string): string {
  try {
    const segments = new URL(url).pathname.split("/").filter(Boolean);
    return (segments.at(-1) ?? "").replace(/[-_]+/g, " ").replace(/\.\w+$/, "");
  } catch {
    return "";
  }
}
