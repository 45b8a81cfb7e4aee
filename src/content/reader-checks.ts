import { countWords, htmlToText } from "../core/html-text";
import { foldText } from "./text-folding";

// What a reader notices even when every SEO rule is met: a heading with nothing under it, a
// phrase said twice in one title, an SEO text that stops in the middle of a word. Shared by the
// article checks and the improvement checks.

/** A section (an H2 and what follows it up to the next H2) needs this many words of its own. */
export const MIN_SECTION_WORDS = 40;
const REPEATED_PHRASE_WORDS = 2;

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu;
const wordsOf = (text: string) => (foldText(text).match(WORD) ?? []) as string[];

/**
 * The phrase that a title says twice ("… a practical guide – a practical guide"), or null. A
 * phrase counts when it has two words of four letters or more, so "tips for … tips for" passes.
 */
export function repeatedPhrase(text: string): string | null {
  const words = wordsOf(text);
  for (let length = Math.floor(words.length / 2); length >= REPEATED_PHRASE_WORDS; length -= 1) {
    const seen = new Map<string, number>();
    for (let start = 0; start + length <= words.length; start += 1) {
      const phrase = words.slice(start, start + length).join(" ");
      const first = seen.get(phrase);
      if (
        first !== undefined &&
        start >= first + length &&
        words.slice(start, start + length).filter((word) => word.length > 3).length >= 2
      )
        return phrase;
      if (first === undefined) seen.set(phrase, start);
    }
  }
  return null;
}

/**
 * Whether an SEO text was cut in the middle of a word: it ends with "…" or "...", or its last
 * words are the start of a phrase of `context` (the title and body it was made from) whose last
 * word goes on ("… tips to use tod" where the body says "tips to use today"), and neither has
 * that last word whole anywhere. Words longer than `maxChars` do not count (they cannot fit).
 */
export function endsMidWord(text: string, context: string, maxChars = Infinity): boolean {
  const trimmed = text.trim();
  if (/(…|\.\.\.)$/u.test(trimmed)) return true;
  if (trimmed === "" || /[^\p{L}]$/u.test(trimmed)) return false;
  const words = wordsOf(trimmed);
  const last = words.at(-1);
  if (!last) return false;
  const source = wordsOf(context);
  // A word the text or its source has whole elsewhere is taken as whole here too.
  if (words.slice(0, -1).includes(last) || source.includes(last)) return false;
  const lead = words.slice(-3, -1);
  let continued = false;
  for (let i = lead.length; i < source.length; i += 1) {
    if (!lead.every((word, k) => source[i - lead.length + k] === word)) continue;
    const word = source[i]!;
    if (word === last) return false;
    if (word.length > last.length && word.length <= maxChars && word.startsWith(last)) continued = true;
  }
  return continued;
}

/** The text of HTML with a line break after each block, so a paragraph's last sentence and the next heading stay apart. */
export function blockText(html: string): string {
  return html
    .split(/<\/(?:p|h[1-6]|li|blockquote|td|th|dt|dd|figcaption|pre)\s*>/iu)
    .map((block) => htmlToText(block).trim())
    .filter(Boolean)
    .join("\n");
}

/** The H2 sections with fewer than MIN_SECTION_WORDS words under them: their headings and counts. */
export function thinSections(html: string): { heading: string; words: number }[] {
  const parts = html.split(/<h2\b[^>]*>/i).slice(1);
  return parts
    .map((part) => {
      const end = part.search(/<\/h2\s*>/i);
      const heading = htmlToText(end === -1 ? "" : part.slice(0, end)).trim();
      const body = end === -1 ? part : part.slice(end).replace(/^<\/h2\s*>/i, "");
      return { heading, words: countWords(htmlToText(body)) };
    })
    .filter((section) => section.words < MIN_SECTION_WORDS);
}

/** Sentences of this many words or more count when they appear twice. */
const REPEATED_SENTENCE_WORDS = 6;
/** Keyword mentions per 100 words above which an article reads as stuffed. */
export const MAX_KEYWORD_DENSITY = 3;

/** The sentences (of six words or more) that a text says more than once, each once, as written; a line break also ends a sentence. */
export function repeatedSentences(text: string): string[] {
  const seen = new Map<string, number>();
  const repeated: string[] = [];
  for (const sentence of text.split(/(?<=[.!?…])\s+|\n+/u)) {
    const words = wordsOf(sentence);
    if (words.length < REPEATED_SENTENCE_WORDS) continue;
    const key = words.join(" ");
    const count = (seen.get(key) ?? 0) + 1;
    seen.set(key, count);
    if (count === 2) repeated.push(sentence.trim());
  }
  return repeated;
}

/** Mentions of `keyword` (as a whole phrase, case and diacritics folded) per 100 words of `text`. */
export function keywordDensity(text: string, keyword: string): number {
  const words = wordsOf(text);
  const phrase = wordsOf(keyword);
  if (words.length === 0 || phrase.length === 0) return 0;
  let mentions = 0;
  for (let i = 0; i + phrase.length <= words.length; i += 1) {
    if (phrase.every((word, k) => words[i + k] === word)) {
      mentions += 1;
      i += phrase.length - 1;
    }
  }
  return (mentions * 100) / words.length;
}
