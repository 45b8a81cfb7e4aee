// Syllables per word for the readability formulas (EXTERNAL_APIS-2 §8.1). Turkish is exact (one
// vowel, one syllable); the others are vowel-group heuristics that the formulas tolerate: a golden
// set within ±5% is the bar, not a dictionary. A word has at least one syllable in every language,
// so an acronym without vowels ("TBMM", "HTML") still weighs like a short word.

const TURKISH_VOWEL = /[aeıioöuüâîû]/gu;
const GERMAN_GROUP = /[aeiouyäöü]+/gu;
const FRENCH_GROUP = /[aeiouyàâäéèêëîïôöùûüÿœæ]+/gu;
const SPANISH_GROUP = /[aeiouáéíóúü]+/gu;
// Two strong vowels side by side are two syllables (hiatus); an accented í/ú breaks a diphthong.
const SPANISH_STRONG = /[aeoáéóíú]/u;

const count = (word: string, pattern: RegExp) => word.match(pattern)?.length ?? 0;

/** Syllables of one word (letters, maybe with inner apostrophes or hyphens) in `language`. */
export function syllablesOf(word: string, language: string): number {
  const parts = word.normalize("NFC").replace(/['’]/g, "").split("-").filter(Boolean);
  let total = 0;
  for (const part of parts) total += Math.max(1, partSyllables(part, language));
  return Math.max(1, total);
}

function partSyllables(part: string, language: string): number {
  switch (language) {
    case "tr":
      // toLocaleLowerCase("tr"): I → ı and İ → i, so a capital I is the vowel ı, not a lost letter.
      return count(part.toLocaleLowerCase("tr"), TURKISH_VOWEL);
    case "de":
      // Diphthongs (ei, ie, au, eu, äu) and doubled vowels are one group: one syllable. Hiatus
      // (The-a-ter) undercounts.
      return count(part.toLowerCase(), GERMAN_GROUP);
    case "fr":
      return frenchSyllables(part.toLowerCase());
    case "es":
      return spanishSyllables(part.toLowerCase());
    default:
      return englishSyllables(part.toLowerCase());
  }
}

/**
 * English: vowel groups over a–y (a leading y is a consonant), then the corrections that
 * wooorm/syllable is built on, in a smaller set: a silent final e (not -le), silent -es and -ed
 * endings, a silent e before -ly/-ment/-ful/-ness/-less; and +1 for groups read as two
 * (ia, io, eo, ua outside -tion/-cious/peo/qua…, crea-, -ism, a vowel before -ing). Its table of problematic
 * words is not carried over.
 */
function englishSyllables(raw: string): number {
  const word = raw
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/[^a-z]/g, "");
  if (word.length === 0) return 0;
  if (word.length <= 3) return 1;
  let syllables = count(word.replace(/^y/, ""), /[aeiouy]+/g);
  if (/[^aeiouy]e$/.test(word) && !/[^aeiouy]le$/.test(word)) syllables--;
  if (/[^aeiouysxzhcg]es$/.test(word)) syllables--;
  if (/[^aeiouytd]ed$/.test(word)) syllables--;
  if (/[aeiouy][^aeiouy]e(?:ly|ments?|ful|ness|less)$/.test(word)) syllables--;
  syllables += count(word, /(?<![cts])i[ao]|eo(?!p)|(?<![qg])ua|creat(?!u)/g);
  if (/ism$/.test(word)) syllables++;
  if (/[aeiouy]ing$/.test(word)) syllables++;
  return syllables;
}

/**
 * French: vowel groups, minus a mute final e or es after a consonant, and minus a verbal -ent
 * (3rd person plural) where the ending shows it: after a doubled consonant (permettent,
 * prennent) or a consonant + r/l (offrent, montrent). Other -ent words (moment, souvent,
 * peuvent) keep their syllable: without a dictionary a noun and a verb look the same.
 */
function frenchSyllables(word: string): number {
  let syllables = count(word, FRENCH_GROUP);
  if (syllables > 1 && /[^aeiouyàâäéèêëîïôöùûüÿœæ]es?$/u.test(word)) syllables--;
  else if (syllables > 1 && /(?:([bdfglmnprstz])\1|[bcdfgptv][rl])ent$/u.test(word)) syllables--;
  return syllables;
}

/**
 * Spanish: the u of que/qui/gue/gui is silent; each vowel group is one syllable plus one for each
 * pair of strong vowels in it (po-e-ta, dí-a). A final y after a vowel is not a vowel here, so it
 * joins the group before it (hoy, muy).
 */
function spanishSyllables(word: string): number {
  const spoken = word.replace(/([qg])u([eiéí])/gu, "$1$2");
  let syllables = 0;
  for (const group of spoken.match(SPANISH_GROUP) ?? []) {
    syllables++;
    const letters = [...group];
    for (let i = 1; i < letters.length; i++) {
      if (SPANISH_STRONG.test(letters[i - 1]!) && SPANISH_STRONG.test(letters[i]!)) syllables++;
    }
  }
  return syllables;
}
