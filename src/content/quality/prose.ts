import { htmlToText } from "../../core/html-text";
import { sentencesOf } from "./sentences";

// What of an article is prose: the sentences of its paragraphs and of list items written as
// sentences, under the heading they belong to. Coverage is earned there (issue 41 §1): a term that
// stands only in a heading, an image's alt text, a list of bare words or a comma-separated run of
// terms is named, not written about.

export interface Block {
  kind: "heading" | "text" | "item" | "cell";
  /** 1–6 for a heading; 0 otherwise. */
  level: number;
  text: string;
}

/** A heading and the prose under it, up to the next heading of the same or a higher level. */
export interface Section {
  heading: string;
  level: number;
  /** The section's prose sentences (its sub-sections' included). */
  sentences: string[];
}

export interface Prose {
  /** Every prose sentence of the article, in order. */
  sentences: string[];
  /** The sentences before the first heading. */
  intro: string[];
  sections: Section[];
  /** Comma-separated runs of bare words, each as written (see isTermList). */
  termLists: string[];
}

const BLOCK_TAG = /<\/?(h[1-6]|p|li|blockquote|td|th|dt|dd|figcaption|div|section|article|ul|ol|table|tr|br)\b[^>]*>/giu;

/** The blocks of article HTML in order: headings, running text, list items and table cells. */
export function blocksOf(html: string): Block[] {
  const blocks: Block[] = [];
  let kind: Block["kind"] = "text";
  let level = 0;
  let last = 0;
  const flush = (end: number) => {
    const text = htmlToText(html.slice(last, end));
    if (text) blocks.push({ kind, level, text });
  };
  for (const tag of html.matchAll(BLOCK_TAG)) {
    flush(tag.index);
    last = tag.index + tag[0].length;
    const name = tag[1]!.toLowerCase();
    const closing = tag[0].startsWith("</");
    if (closing || name === "br") {
      // Text after a closed block (or a line break) is running text again, unless still inside a list item.
      if (closing && kind !== "text") {
        kind = "text";
        level = 0;
      }
      continue;
    }
    if (name.startsWith("h")) [kind, level] = ["heading", Number(name[1])];
    else if (name === "li" || name === "dt" || name === "dd") [kind, level] = ["item", 0];
    else if (name === "td" || name === "th") [kind, level] = ["cell", 0];
    else [kind, level] = ["text", 0];
  }
  flush(html.length);
  return blocks;
}

/** Items of a comma-separated run from this many up make it a list, not a sentence. */
const LIST_ITEMS = 6;
/** Words an item of such a run has at most: a term is one or two words, a clause ("add the water") more. */
const LIST_ITEM_WORDS = 2;
/** A list item with fewer words than this is a bare name ("Flour", "500 g rye flour"), not a sentence. */
const SENTENCE_WORDS = 5;

const words = (text: string) => text.match(/[\p{L}\p{N}]+/gu)?.length ?? 0;

/**
 * A comma-separated run of bare words: LIST_ITEMS or more items, most of them of at most
 * LIST_ITEM_WORDS words. "You need flour, water and salt." is a sentence; "flour,
 * water, salt, starter, hydration, levain, crumb, crust" is a list of terms.
 */
export function isTermList(sentence: string): boolean {
  const items = sentence
    .replace(/[.!?…:]+$/u, "")
    .split(/\s*[,;·|•]\s*|\s+(?:and|or|ve|veya|ile|und|oder|et|ou|y|o|e)\s+(?=[^,;]*$)/iu)
    .filter((item) => words(item) > 0);
  if (items.length < LIST_ITEMS) return false;
  const short = items.filter((item) => words(item) <= LIST_ITEM_WORDS).length;
  return short >= items.length * 0.8;
}

/** The prose of article HTML in `language`: sentences, sections and the term lists left out of them. */
export function proseOf(html: string, language: string): Prose {
  const sentences: string[] = [];
  const intro: string[] = [];
  const termLists: string[] = [];
  const sections: Section[] = [];
  const open: Section[] = [];
  for (const block of blocksOf(html)) {
    if (block.kind === "heading") {
      while (open.length > 0 && open[open.length - 1]!.level >= block.level) open.pop();
      const section: Section = { heading: block.text, level: block.level, sentences: [] };
      sections.push(section);
      open.push(section);
      continue;
    }
    if (block.kind === "cell") continue;
    for (const sentence of sentencesOf(block.text, language)) {
      if (isTermList(sentence)) {
        termLists.push(sentence);
        continue;
      }
      if (words(sentence) < SENTENCE_WORDS && (block.kind === "item" || !/[.!?…]$/u.test(sentence))) continue;
      sentences.push(sentence);
      if (sections.length === 0) intro.push(sentence);
      for (const section of open) section.sentences.push(sentence);
    }
  }
  return { sentences, intro, sections, termLists };
}
