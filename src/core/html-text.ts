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

// Turkish letters, and the Latin letters that NFKD below does not split into letter + accent.
const TURKISH_ASCII: Record<string, string> = {
  ç: "c",
  ğ: "g",
  ı: "i",
  İ: "i",
  ö: "o",
  ş: "s",
  ü: "u",
  Ç: "c",
  Ğ: "g",
  Ö: "o",
  Ş: "s",
  Ü: "u",
  ß: "ss",
  ẞ: "ss",
  æ: "ae",
  Æ: "ae",
  œ: "oe",
  Œ: "oe",
  ø: "o",
  Ø: "o",
  đ: "d",
  Đ: "d",
  ł: "l",
  Ł: "l",
};

/** "Ekmeğin Tarihi: İlk Fırınlar" → "ekmegin-tarihi-ilk-firinlar". */
export function slugify(title: string, maxLength = 80): string {
  const ascii = title
    .replace(/[çğıİöşüÇĞÖŞÜßẞæÆœŒøØđĐłŁ]/g, (ch) => TURKISH_ASCII[ch] ?? ch)
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
  const slug = ascii
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, maxLength)
    .replace(/-+$/, "");
  return slug || "article";
}
