import { foldText } from "../text-folding";

// A copy is a copy whatever its characters. Before texts are compared for copied words, the tricks
// that change how a word is spelt but not how it reads are undone: markup inside a word, invisible
// format characters, compatibility forms (full-width letters, the ﬁ ligature), look-alike letters
// of other scripts, curly or straight apostrophes. Hyphens are left to the word pattern, which
// splits at them, so "well-known" and "well known" are the same two words.

// Tags that do not break a line: removed without a space, so `ex<b>am</b>ple` is one word. Any
// other tag (p, br, li, div, h1…, td…) separates words, as it does on the page. A tag ends at the
// first '>' outside quotes.
const INLINE_TAG =
  /<\/?(?:a|abbr|b|bdi|bdo|cite|code|data|del|dfn|em|font|i|ins|kbd|mark|q|s|samp|small|span|strike|strong|sub|sup|time|tt|u|var|wbr)(?=[\s/>])(?:[^>"']|"[^"]*"|'[^']*')*>/gi;
const OTHER_TAG = /<\/?[a-z][a-z0-9-]*(?=[\s/>])(?:[^>"']|"[^"]*"|'[^']*')*>/gi;

// ’ ‘ ʼ ` ´ ′ and ' are one apostrophe: WordPress sources curl them and models write them straight.
// Unified before NFKD, which would turn ´ into a space and a combining accent.
const APOSTROPHES = /[’‘ʼ`´′]/g;

// Combining marks (what NFKD splits off accented letters; foldText drops them too) and format
// characters: the soft hyphen, zero-width space, joiners, word joiner, BOM and the like, which show
// nothing and only cut a word in two.
const MARKS_AND_FORMAT = /[\p{M}\p{Cf}]/gu;

// Unicode's confusables.txt for UTS #39 (version 17.0.0): every Cyrillic and Greek letter whose
// skeleton is one Latin letter, as "source target" pairs, the target in lower case (the case words
// are compared in). Left out: ͺ ϱ ϒ ϲ Ϲ, which NFKD has already turned into a mark, ρ, Υ and the
// two sigmas. The table's skeleton of the capitals Ι І Ӏ is l, the skeleton it gives Latin I too;
// here they are i, as I is once lower-cased.
const LOOK_ALIKES = [
  "Αa Βb Εe Ζz Ηh Ιi Κk Μm Νn Οo Ρp Τt Υy Χx Ϝf Ϻm Ϳj",
  "αa γy ιi νv οo ρp σo υu ϭo ϳj ϸp",
  "Аa Вb Еe Кk Мm Нh Оo Рp Сc Тt Уy Хx Ѕs Іi Јj Ьb Ѵv Үy Ӏi Ԍg Ԝw",
  "аa гr еe оo рp сc уy хx шw ѕs іi јj ѡw ѵv үy һh ҽe ӏl ԁd ԛq ԝw",
]
  .join(" ")
  .split(" ")
  .map((pair) => [pair[0]!, pair[1]!] as const);

// Capitals are mapped before lower case, as the table maps them: Greek Ν is N, though its small ν
// is v. The rest after lower case, where a capital's small letter takes the capital's target unless
// the table gives the small letter its own: Cyrillic "Нет" and "нет" still read alike; only Greek
// Ν/ν and Υ/υ, which the table itself tells apart, differ by case.
const CAPITALS = new Map(LOOK_ALIKES.filter(([source]) => source !== source.toLowerCase()));
const SMALL_LETTERS = new Map([
  ...[...CAPITALS].map(([source, target]) => [source.toLowerCase(), target] as const),
  ...LOOK_ALIKES.filter(([source]) => source === source.toLowerCase()),
]);
const CAPITAL = new RegExp(`[${[...CAPITALS.keys()].join("")}]`, "g");
const SMALL_LETTER = new RegExp(`[${[...SMALL_LETTERS.keys()].join("")}]`, "g");

/** HTML without the inline tags inside words (`ex<b>am</b>ple` → `example`), read before the tags between words become spaces. */
export function withoutInlineTags(html: string): string {
  return html.replace(INLINE_TAG, "");
}

/**
 * The text in the form it is compared in for copied words: no markup inside words, one apostrophe,
 * NFKD without marks or format characters, Latin look-alikes as Latin, then foldText (lower case,
 * the Turkish i's, no diacritics). "Ex<b>am</b>ple" in Cyrillic letters with a soft hyphen reads
 * "example".
 */
export function copyNormalForm(text: string): string {
  const plain = text
    .replace(INLINE_TAG, "")
    .replace(OTHER_TAG, " ")
    .replace(APOSTROPHES, "'")
    .normalize("NFKD")
    .replace(MARKS_AND_FORMAT, "")
    .replace(CAPITAL, (letter) => CAPITALS.get(letter)!);
  return foldText(plain).replace(SMALL_LETTER, (letter) => SMALL_LETTERS.get(letter)!);
}
