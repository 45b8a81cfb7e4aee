import { foldText, mentionsTopic, topicWords } from "./text-folding";

// The rules every generated article meets, shared by the checks, the prompt and the offline writer.

export const SEO_TITLE_CHARS = { min: 50, max: 70 } as const;
export const SEO_DESC_CHARS = { min: 150, max: 160 } as const;
export const MIN_H2_SECTIONS = 3;
/** Internal links an article needs: this many, or every allowed one when there are fewer. */
export const MIN_INTERNAL_LINKS = 2;

/** Text a model leaves when it did not finish the job. */
export const PLACEHOLDERS: readonly { text: string; pattern: RegExp }[] = [
  { text: "lorem ipsum", pattern: /lorem\s+ipsum/i },
  { text: "[insert", pattern: /\[\s*insert/i },
  // Upper case only: "todo" is an everyday word in Spanish and Portuguese.
  { text: "TODO", pattern: /\bTODO\b/ },
  { text: "TBD:", pattern: /\bTBD\s*:/i },
  { text: "as an AI", pattern: /\bas an AI\b/i },
  { text: "as a language model", pattern: /\bas a language model\b/i },
  { text: "{{", pattern: /\{\{/ },
  { text: "[your", pattern: /\[\s*your\b/i },
];

/** The languages the offline writer writes; it writes every other one in English. */
export const OFFLINE_LANGUAGES: readonly string[] = ["en", "tr"];

/** `tr-TR` → `tr`. */
export function primaryLanguage(tag: string): string {
  return tag.trim().toLowerCase().split(/[-_]/)[0] ?? "";
}

/** Characters as a reader counts them (code points, so "ş" or an emoji is one). */
export function characterCount(text: string): number {
  return [...text].length;
}

/**
 * Whether `text` contains the target keyword as the checks see it: case, the Turkish i's,
 * diacritics, stop words and simple plurals do not count. A keyword of stop words only
 * ("how to") is looked for as it is written.
 */
export function mentionsKeyword(text: string, keyword: string): boolean {
  return topicWords(keyword).length > 0 ? mentionsTopic(text, keyword) : foldText(text).includes(foldText(keyword));
}
