import { stemmer as dutch } from "@orama/stemmers/dutch";
import { stemmer as english } from "@orama/stemmers/english";
import { stemmer as french } from "@orama/stemmers/french";
import { stemmer as german } from "@orama/stemmers/german";
import { stemmer as italian } from "@orama/stemmers/italian";
import { stemmer as portuguese } from "@orama/stemmers/portuguese";
import { stemmer as spanish } from "@orama/stemmers/spanish";
import { stemmer as turkish } from "@orama/stemmers/turkish";
import { foldText } from "../text-folding";

// Words meet on their Snowball stem (snowballstem.org, through Orama's build of the Snowball
// stemmers), so "mayanızı", "mayaya" and "maya", or "baking", "baked" and "bakes", count as one
// term. Snowball reads the word as written (Turkish vowel harmony needs ı and i apart); the stem
// is folded afterwards, so comparisons stay case- and accent-blind. Other languages are folded only.

const SNOWBALL: Record<string, (word: string) => string> = {
  en: english,
  tr: turkish,
  de: german,
  fr: french,
  es: spanish,
  it: italian,
  pt: portuguese,
  nl: dutch,
};

/**
 * Snowball strips a case ending off short roots that only look inflected: Turkish "maya" → "ma"
 * (as if dative), "günü" → "g", "unun" → "u". A stem under this many letters is not trusted on
 * its own (see stemWord).
 */
const SHORT_STEM = 3;

/** The words a stem may be read against: every word of the texts compared together, lower case. */
export interface Lexicon {
  has(word: string): boolean;
}

/**
 * The folded stem of a lower-case word in `language`. A stem under SHORT_STEM letters is replaced
 * by the shortest word of `lexicon` (two letters or more) that starts with that stem and that the
 * word starts with: with "gün" in the texts, "günü" and "günde" meet at "gün"; with "un", "unun"
 * and "undan" meet at "un"; "maya" stays "maya". The word itself qualifies, so the result is never
 * shorter than a word of the texts.
 */
export function stemWord(word: string, language: string, lexicon: Lexicon = new Set([word])): string {
  return trustedStem(word, language) ?? rootIn(lexicon, word, language);
}

/** The folded stem of a lower-case word when it does not depend on the texts' words; null when it is too short to trust. */
export function trustedStem(word: string, language: string): string | null {
  const bare = bareWord(word, language);
  const snowball = SNOWBALL[language];
  if (!snowball) return foldText(bare);
  const stem = snowballStem(snowball, bare, language);
  return stem.length >= SHORT_STEM || !bare.startsWith(stem) ? foldText(stem) : null;
}

/** The root of a word whose Snowball stem is too short: the shortest word of the lexicon between the stem and the word. */
function rootIn(lexicon: Lexicon, word: string, language: string): string {
  const bare = bareWord(word, language);
  const stem = snowballStem(SNOWBALL[language]!, bare, language);
  for (let end = Math.max(2, stem.length); end < bare.length; end++) {
    const prefix = bare.slice(0, end);
    if (lexicon.has(prefix)) return foldText(prefix);
  }
  return foldText(bare);
}

const bareWord = (word: string, language: string) => withoutClitics(word.replace(/[’ʼ‘`´]/g, "'"), language);

// Stems repeat across texts and requests: each is computed once per isolate, up to a bound.
const STEMS_KEPT = 50_000;
const stems = new Map<string, string>();

function snowballStem(snowball: (word: string) => string, word: string, language: string): string {
  const key = `${language}:${word}`;
  let stem = stems.get(key);
  if (stem === undefined) {
    if (stems.size >= STEMS_KEPT) stems.clear();
    stem = snowball(word);
    stems.set(key, stem);
  }
  return stem;
}

/**
 * The word without what an apostrophe attaches to it: Turkish writes a proper name's or number's
 * suffixes after one ("İstanbul'da" → "istanbul"), French and Italian an elided article before
 * one ("l'eau" → "eau"). English keeps it for Snowball, which strips the possessive itself.
 */
function withoutClitics(word: string, language: string): string {
  const apostrophe = word.indexOf("'");
  if (apostrophe < 0) return word;
  if (language === "tr") return word.slice(0, apostrophe);
  if ((language === "fr" || language === "it") && apostrophe <= 3) return word.slice(apostrophe + 1);
  return language === "en" ? word : word.replace(/'/g, "");
}
