import { foldText } from "./text-folding";

// Language detection by frequent function words. Only words that belong to one language of the
// list count (after folding case and diacritics, "de", "la", "en", "o" belong to several), and
// a language wins only by a clear margin, so a short or mixed text gives no answer.

const STOP_WORDS: Record<string, string> = {
  en: "the and of to that for it with are be this by you or have from they which but not at your can has their more when what there been if would about into than these them its also should how we our do",
  tr: "ve bir bu için ile çok daha gibi olarak olan ama kadar sonra ne mi mı mu mü ya değil her var yok ise veya hem nasıl neden çünkü şu bunu buna bunun olur olabilir ayrıca sadece önce göre diye tüm bütün de da en ki o biz siz kendi arasında üzere şekilde önemli",
  de: "der die das und ist nicht mit von zu den dem des ein eine einen einem auf für sich auch es wird werden sind bei oder aber wie wenn nach noch nur kann über diese dieser ihr im zum zur sie wir durch haben hat dass als",
  fr: "le la les et est un une des du de que qui dans pour pas sur au aux avec ce cette ces il elle ils sont par plus ne se son sa ses mais ou nous vous leur été être très aussi comme tout peut notre toujours autres ici ainsi où faire après maintenant encore",
  es: "el la los las y en de del que es un una por con para no se su sus al lo como más pero este esta son también muy hay puede entre cuando sobre todo ya ser fue tiene sin desde porque estos a nuestro nuestra nuestros nuestras siempre mucho mucha muchos otros otras eso esto así donde están hacer hasta después ahora",
  it: "il lo la i gli le e di da del della dei delle che un una per con non è sono al alla nel nella come ma più anche questo questa se su ci si ha hanno essere molto quando perché dove tra fra nostro nostra nostri nostre altri altre già ancora dopo ora sempre",
  pt: "o a os as e de do da dos das em no na nos nas um uma que para com por não mais se ao como mas ou foi são também muito isso este esta seu sua pelo pela quando já ser tem há entre sobre até nosso nossa nossos nossas sempre outros outras isto aqui assim onde fazer depois agora ainda",
  nl: "de het een en van in is dat op te zijn voor met die niet aan er maar om ook als bij of worden wordt door naar dan kan nog zo deze dit wel hun heeft hebben meer wat over uit geen moet zoals",
};

export const LANGUAGE_NAMES: Record<string, string> = {
  en: "English",
  tr: "Turkish",
  de: "German",
  fr: "French",
  es: "Spanish",
  it: "Italian",
  pt: "Portuguese",
  nl: "Dutch",
};

const FOLDED_STOP_WORDS = new Map(
  Object.entries(STOP_WORDS).map(([language, words]) => [language, new Set(words.split(" ").map(foldText))]),
);
const NO_WORDS: ReadonlySet<string> = new Set();

/** The frequent function words of `language` (`en`, `tr`, …), folded; empty for a language not in the list. */
export function stopWordsOf(language: string): ReadonlySet<string> {
  return FOLDED_STOP_WORDS.get(language) ?? NO_WORDS;
}

/** Each folded word that belongs to exactly one language, with that language. */
const WORD_LANGUAGE: Map<string, string> = (() => {
  const owners = new Map<string, Set<string>>();
  for (const [language, words] of Object.entries(STOP_WORDS)) {
    for (const word of words.split(" ").map(foldText)) owners.set(word, (owners.get(word) ?? new Set()).add(language));
  }
  return new Map([...owners].filter(([, languages]) => languages.size === 1).map(([word, languages]) => [word, [...languages][0]!]));
})();

/** Fewest distinctive words the winner needs, and how many times the runner-up's count it needs. */
const MIN_HITS = 8;
const MIN_MARGIN = 3;

/**
 * The language of `text` (`en`, `tr`, `de`, `fr`, `es`, `it`, `pt`, `nl`) when its function
 * words say so clearly; null when the text is short, mixed or in another language.
 */
export function detectLanguage(text: string): string | null {
  const hits = new Map<string, number>();
  for (const word of foldText(text).split(/[^\p{L}]+/u)) {
    const language = WORD_LANGUAGE.get(word);
    if (language) hits.set(language, (hits.get(language) ?? 0) + 1);
  }
  const [best, second] = [...hits].sort((a, b) => b[1] - a[1]);
  if (!best || best[1] < MIN_HITS) return null;
  return best[1] >= MIN_MARGIN * (second?.[1] ?? 0) ? best[0] : null;
}
