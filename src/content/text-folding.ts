// Text compared in a normal form, so "Ekşi Maya Ekmekleri" and "ekşi maya ekmeği nedir" are seen
// as the same topic as far as a few rules can tell: case, the Turkish dotted and dotless i,
// diacritics, stop words and simple plurals do not count. Keywords, titles, slugs, checks and
// language detection all fold text this way.

const STOP_WORDS = new Set(
  [
    // English
    "a an and are as at be best by can do does for from how i in into is it its my of on or the this to what when where which who why with you your vs",
    // Turkish (after folding: ı→i, ş→s, ğ→g, ç→c, ö→o, ü→u)
    "ve ile bir bu su o da de mi mu icin gibi nasil nedir ne neden nerede hangi en iyi cok daha ya veya ama ki her",
    // German
    "der die das und mit fur von zu im in ein eine ist wie was den dem des auf",
  ]
    .join(" ")
    .split(" "),
);

/** Lower case with the Turkish i's and every diacritic folded: "İstanbul'da Şık" → "istanbul'da sik". */
export function foldText(text: string): string {
  return text.replace(/[İI]/g, "i").replace(/ı/g, "i").toLowerCase().normalize("NFD").replace(/\p{M}/gu, "");
}

/** The singular-ish stem: "breads" → "bread", "recipes" → "recipe", "ekmekler" → "ekmek"; short words stay. */
function singular(word: string): string {
  // Turkish plural, also with the possessive: "tarifler", "tarifleri" → "tarif".
  if (word.length > 6 && /(leri|lari)$/.test(word)) return word.slice(0, -4);
  if (word.length > 5 && /(ler|lar)$/.test(word)) return word.slice(0, -3);
  // "stories"/"story" and "cookies"/"cookie" meet at "stori" and "cooki".
  if (word.length > 4 && word.endsWith("ies")) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith("ie")) return word.slice(0, -1);
  if (word.length > 3 && /[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}i`;
  if (word.length > 4 && /(ses|xes|zes|ches|shes)$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith("s") && !/(ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

/** The words of a keyword, title or slug that carry its topic, in normal form. */
export function topicWords(text: string): string[] {
  return foldText(text)
    .replace(/['’`]/g, "")
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word && !STOP_WORDS.has(word))
    .map(singular);
}

/** Whether `text` names `topic` as a run of topic words: "gluten free bread" mentions "Gluten-free". */
export function mentionsTopic(text: string, topic: string): boolean {
  const words = topicWords(topic).join(" ");
  return words !== "" && ` ${topicWords(text).join(" ")} `.includes(` ${words} `);
}
