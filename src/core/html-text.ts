// With the extension: scripts/ and bench/ import this file under Node's type stripping.
import { decodeHtmlEntities } from "./html-entities.ts";

/** The readable text of an HTML fragment: no tags, scripts, styles or comments; entities decoded. */
export function htmlToText(html: string): string {
  const withoutBlocks = html.replace(/<!--[\s\S]*?-->/g, " ").replace(/<(script|style|template|noscript)\b[\s\S]*?<\/\1\s*>/gi, " ");
  // A tag ends at the first '>' outside quotes: attribute values may hold '>' (alt="a > b").
  return decodeHtmlEntities(withoutBlocks.replace(/<(?:[^>"']|"[^"]*"|'[^']*')*>/g, " "))
    .replace(/\s+/g, " ")
    .trim();
}

const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;

/** Words of a text: runs of letters and digits, with inner apostrophes and hyphens kept. */
export function countWords(text: string): number {
  return text.match(WORD)?.length ?? 0;
}
