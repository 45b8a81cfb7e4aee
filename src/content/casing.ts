import { primaryLanguage } from "./article-rules";
import { stopWordsOf } from "./language";
import { foldText } from "./text-folding";

// Upper case follows the word's language, not the site's: Turkish upper-cases "i" to "İ", so an
// English word in a Turkish title ("image optimization") would become "İmage". A word's spelling
// often says which language it is; a word that says nothing takes the language its phrase shows.

/** Letters only Turkish (of the languages we write) uses. */
const TURKISH_LETTERS = /[çğıİöşüÇĞÖŞÜ]/;
/** Letters Turkish lacks, English spellings Turkish never has, and English endings. */
// ("th", "sh" and "ea" are left out: Turkish has "ithal", "ishal", "ideal".)
const ENGLISH_SPELLING = /[qwx]|ph|ck|ee|oo|ou|(?:tion|sion|ing|ness|ment|ful|less|able|ible|age|ship|ware)$/;
/** Names that keyword lists write in lower case and that nothing in their spelling marks as English. */
const ENGLISH_NAMES = new Set(["instagram", "ipad", "imac", "ios", "ipod", "icloud", "itunes", "intel", "ikea"]);
/** The languages whose upper case of "i" is "İ". */
const DOTTED_I_LANGUAGES = new Set(["tr", "az"]);

/** "tr" or "en" when a word's spelling or a function word gives its language away; null when it could be either. */
export function wordLanguage(word: string): "tr" | "en" | null {
  if (TURKISH_LETTERS.test(word)) return "tr";
  const lower = word.toLowerCase();
  if (ENGLISH_SPELLING.test(lower) || ENGLISH_NAMES.has(lower)) return "en";
  const folded = foldText(word);
  const turkish = stopWordsOf("tr").has(folded);
  const english = stopWordsOf("en").has(folded);
  if (turkish !== english) return turkish ? "tr" : "en";
  return null;
}

/** The language a phrase's words show: Turkish when any word is, else English when any word is; null when none says. */
function phraseLanguage(words: string[]): "tr" | "en" | null {
  const languages = words.map(wordLanguage);
  if (languages.includes("tr")) return "tr";
  return languages.includes("en") ? "en" : null;
}

/** The language whose rules upper-case the first word of `text`, on a site writing `language`. */
function casingLanguage(text: string, language: string): string {
  const words = text.match(/\p{L}+/gu) ?? [];
  const own = words[0] ? (wordLanguage(words[0]) ?? phraseLanguage(words)) : null;
  const site = primaryLanguage(language);
  // Only the i's differ between the two: a Turkish word keeps "İ" on any site, an English one never gets it.
  if (own === "en" && DOTTED_I_LANGUAGES.has(site)) return "en";
  if (own === "tr") return "tr";
  return site;
}

/**
 * The text with its first letter in upper case, by the rules of its first word's language:
 * "image optimization" → "Image optimization" on a Turkish site, "istanbul'da kahvaltı" → "İstanbul'da kahvaltı"
 * anywhere. The rest is left as written: titles keep sentence case.
 */
export function upperFirst(text: string, language: string): string {
  const [first = "", ...rest] = [...text];
  let upper: string;
  try {
    upper = first.toLocaleUpperCase(casingLanguage(text, language));
  } catch {
    upper = first.toUpperCase(); // a tag Intl does not accept
  }
  return upper + rest.join("");
}

/** What the text model is told about casing titles in `language`; null for English, where title case is usual too. */
export function titleCasingRule(language: string): string | null {
  if (primaryLanguage(language) === "en") return null;
  return "Titles and headings in sentence case, as the language writes them: only the first word and proper names capitalised. A word from another language keeps its own spelling (an English word in a Turkish title is never spelled with İ).";
}
