// Light stemmers for en/tr/de/fr/es, on folded words (lower case, no diacritics: foldText). They
// only need to make an article and its sources meet on the same key ("recipes" and "recipe",
// "tarifleri" and "tarif", "Brote" and "Brot"), never to produce a real root, so each strips a
// few inflectional endings in a fixed order and never leaves fewer than MIN_STEM letters. Same
// input, same stem: no dictionary, no state. Other languages are folded only.

const MIN_STEM = 3;

/** The light stem of a folded word in `language`; the word itself for other languages. */
export function stemWord(word: string, language: string): string {
  switch (language) {
    case "en":
      return english(word);
    case "tr":
      return turkish(word);
    case "de":
      return stripFirst(stripFirst(word, ["ern", "em", "en", "er", "es", "e"]), ["s"], /[bdfghklmnrt]s$/);
    case "fr":
      return french(word);
    case "es":
      return stripFirst(stripFirst(word, ["es", "s"]), ["a", "o", "e"]);
    default:
      return word;
  }
}

/** `word` without the first of `endings` it ends with, when MIN_STEM letters remain (and `only` matches, if given). */
function stripFirst(word: string, endings: readonly string[], only?: RegExp): string {
  if (only && !only.test(word)) return word;
  for (const ending of endings) {
    if (word.endsWith(ending) && word.length - ending.length >= MIN_STEM) return word.slice(0, -ending.length);
  }
  return word;
}

/**
 * English: possessive, plural (-ies → i, -sses/-xes/-ches/-shes → -, -s not after s/u/i), then
 * -ing, -ed, -ly, and a final -e, so "baking", "baked", "bakes" and "bake" all meet at "bak".
 */
function english(word: string): string {
  let stem = word.replace(/['’]s$/, "");
  if (stem.endsWith("ies") && stem.length > 4) stem = `${stem.slice(0, -3)}i`;
  else if (/(?:ss|x|ch|sh)es$/.test(stem)) stem = stem.slice(0, -2);
  else if (/[^sui]s$/.test(stem) && stem.length > MIN_STEM) stem = stem.slice(0, -1);
  stem = stripFirst(stem, ["ing", "ed", "ly"]);
  // "stopped"/"stopping" → "stop".
  if (/([^aeiouls])\1$/.test(stem) && stem !== word) stem = stem.slice(0, -1);
  if (/[^aeiou]y$/.test(stem) && stem.length > MIN_STEM) stem = `${stem.slice(0, -1)}i`;
  return stripFirst(stem, ["e"]);
}

// Folded Turkish suffixes (ş → s, ı → i, ğ → g…), longest first: plural, possessive, case.
const TURKISH_SUFFIXES = [
  "larinin",
  "lerinin",
  "larini",
  "lerini",
  "lari",
  "leri",
  "lar",
  "ler",
  "nin",
  "nun",
  "dan",
  "den",
  "tan",
  "ten",
  "nda",
  "nde",
  "yla",
  "yle",
  "da",
  "de",
  "ta",
  "te",
  "si",
  "su",
  "in",
  "un",
  "ni",
  "nu",
  "yi",
  "yu",
  "i",
  "u",
  "a",
  "e",
];

/**
 * Turkish: up to three suffixes off the end (plural, possessive, case: "ekmeklerinden" → "ekmek"),
 * keeping at least four letters since Turkish roots of three letters are often whole words.
 * A final g left by a suffix that began with a vowel is the softened k: "ekmegi" → "ekmek".
 */
function turkish(word: string): string {
  let stem = word;
  for (let round = 0; round < 3; round++) {
    const suffix = TURKISH_SUFFIXES.find((ending) => stem.endsWith(ending) && stem.length - ending.length >= 4);
    if (!suffix) break;
    stem = stem.slice(0, -suffix.length);
    if (/^[aeiu]/.test(suffix) && stem.endsWith("g")) stem = `${stem.slice(0, -1)}k`;
  }
  return stem;
}

/** French: -aux → -al, a plural -s/-x, then a feminine -e and a doubled final consonant ("bonne" → "bon"). */
function french(word: string): string {
  if (word.endsWith("aux") && word.length > 4) return `${word.slice(0, -3)}al`;
  let stem = stripFirst(word, ["s", "x"]);
  stem = stripFirst(stem, ["e"]);
  if (stem !== word && /([lnst])\1$/.test(stem)) stem = stem.slice(0, -1);
  return stem;
}
