// Words for the quality of an article or of an existing post's suggestion, which the articles,
// plans, overview and existing-posts screens show: why the quality gate holds an article
// (ReviewReason codes with their numbers), the fact check's verdicts, the content score's band,
// and readability (the formula's name and its band). Keyed by the generated OpenAPI types, so a
// reason code or formula added to the API without words here fails the typecheck (and
// web/test/messages.test.ts, web/test/research-words.test.ts).
import type { Schemas } from "../api/client";
import type { Language } from "./format";
import { defineMessages, lookup } from "./language";
import { recordMiss } from "./misses";

export type ReviewReason = Schemas["ReviewReason"];
export type ReviewReasonCode = ReviewReason["code"];
export type Verdict = NonNullable<Schemas["CheckedClaim"]["verdict"]> | "unchecked";
export type ScoreBand = "weak" | "fair" | "good" | "strong";
export type Quality = NonNullable<Schemas["Quality"]>;
export type ReadabilityFormula = Quality["readability"]["formula"];
/** The bands the API names readability with, in each scale's own language (src/content/quality). */
type ReadabilityBand =
  | "very easy"
  | "easy"
  | "fairly easy"
  | "plain English"
  | "fairly difficult"
  | "difficult"
  | "very difficult"
  | "çok kolay"
  | "kolay"
  | "orta güçlükte"
  | "zor"
  | "çok zor"
  | "sehr leicht"
  | "leicht"
  | "mittelleicht"
  | "mittel"
  | "mittelschwer"
  | "schwer"
  | "sehr schwer"
  | "muy fácil"
  | "fácil"
  | "algo fácil"
  | "normal"
  | "algo difícil"
  | "difícil"
  | "muy difícil";

type Keys =
  | `reason.${ReviewReasonCode}`
  | `verdict.${Verdict}`
  | `scoreBand.${ScoreBand}`
  | `formula.${ReadabilityFormula}`
  | `band.${ReadabilityBand}`
  | "held"
  | "heldFirst"
  | "reasonsTitle"
  | "outOf"
  | "moreTerms"
  | "opensNewTab"
  | "readability.value"
  | "readability.hint"
  | "readability.meanLengths";

export const qualityMessages = defineMessages<Keys>(
  {
    "reason.content_score_low": "Content score {score}, under this site's minimum of {min}.",
    "reason.too_similar": "Too alike one of the site's own pages: {similarity} of the wording is shared (the limit is {max}).",
    "reason.copied_from_source": "{words} words in a row are copied from a source (at most {max} are allowed).",
    "reason.too_few_citations": "Too few links to its sources: {citations} (at least {min} are needed).",
    "reason.claims_unsupported": "Claims the sources do not back up: {claims}.",
    "reason.claims_contradicted": "Claims the sources contradict: {claims}.",
    "reason.keyword_stuffing":
      "Keyword stuffing: the top pages' terms are listed instead of written about ({termLists} term lists) or repeated far more often than on any top page ({density} % of its words, against {sourceDensity} %).",
    "verdict.supported": "Supported",
    "verdict.unsupported": "Not supported",
    "verdict.contradicted": "Contradicted",
    "verdict.unchecked": "Not checked",
    "scoreBand.weak": "Weak",
    "scoreBand.fair": "Fair",
    "scoreBand.good": "Good",
    "scoreBand.strong": "Strong",
    held: "Held by the quality gate",
    heldFirst: "Held by the quality gate: {reason}",
    reasonsTitle: "Why it waits for your review",
    outOf: "out of 100",
    moreTerms: "Show {count} more",
    opensNewTab: "(opens in a new tab)",
    "readability.value": "{score} out of 100: {band}",
    "readability.hint": "Higher is easier to read.",
    "readability.meanLengths": "{sentence} words a sentence, {word} letters a word",
    "formula.flesch-reading-ease": "Flesch Reading Ease (English)",
    "formula.atesman": "Ateşman readability formula (Turkish)",
    "formula.amstad": "Amstad readability formula (German)",
    "formula.kandel-moles": "Kandel–Moles readability formula (French)",
    "formula.fernandez-huerta": "Fernández Huerta readability formula (Spanish)",
    "formula.mean-lengths": "No formula for this language: average lengths only",
    "band.very easy": "very easy",
    "band.easy": "easy",
    "band.fairly easy": "fairly easy",
    "band.plain English": "plain English",
    "band.fairly difficult": "fairly difficult",
    "band.difficult": "difficult",
    "band.very difficult": "very difficult",
    "band.çok kolay": "very easy",
    "band.kolay": "easy",
    "band.orta güçlükte": "moderately difficult",
    "band.zor": "difficult",
    "band.çok zor": "very difficult",
    "band.sehr leicht": "very easy",
    "band.leicht": "easy",
    "band.mittelleicht": "fairly easy",
    "band.mittel": "average",
    "band.mittelschwer": "fairly difficult",
    "band.schwer": "difficult",
    "band.sehr schwer": "very difficult",
    "band.muy fácil": "very easy",
    "band.fácil": "easy",
    "band.algo fácil": "fairly easy",
    "band.normal": "average",
    "band.algo difícil": "fairly difficult",
    "band.difícil": "difficult",
    "band.muy difícil": "very difficult",
  },
  {
    "reason.content_score_low": "İçerik puanı {score}; bu sitenin alt sınırı olan {min} puanın altında.",
    "reason.too_similar": "Sitenin kendi sayfalarından birine fazla benziyor: ifadelerin {similarity} kadarı aynı (sınır {max}).",
    "reason.copied_from_source": "Bir kaynaktan art arda {words} kelime aynen alınmış (en fazla {max} kelimeye izin var).",
    "reason.too_few_citations": "Kaynaklara çok az bağlantı veriyor: {citations} (en az {min} gerekli).",
    "reason.claims_unsupported": "Kaynakların desteklemediği iddialar: {claims}.",
    "reason.claims_contradicted": "Kaynaklarla çelişen iddialar: {claims}.",
    "reason.keyword_stuffing":
      "Anahtar kelime doldurma: üst sıradaki sayfaların terimleri anlatılmak yerine sıralanmış ({termLists} terim listesi) ya da herhangi bir üst sayfadakinden çok daha sık tekrarlanmış (kelimelerin %{density} kadarı; üst sayfalarda en fazla %{sourceDensity}).",
    "verdict.supported": "Destekleniyor",
    "verdict.unsupported": "Desteklenmiyor",
    "verdict.contradicted": "Çelişiyor",
    "verdict.unchecked": "Kontrol edilmedi",
    "scoreBand.weak": "Zayıf",
    "scoreBand.fair": "Orta",
    "scoreBand.good": "İyi",
    "scoreBand.strong": "Güçlü",
    held: "Kalite kontrolü nedeniyle bekletiliyor",
    heldFirst: "Kalite kontrolü nedeniyle bekletiliyor: {reason}",
    reasonsTitle: "Neden incelemenizi bekliyor",
    outOf: "/ 100",
    moreTerms: "{count} terim daha göster",
    opensNewTab: "(yeni sekmede açılır)",
    "readability.value": "100 üzerinden {score}: {band}",
    "readability.hint": "Yüksek puan, daha kolay okunur demektir.",
    "readability.meanLengths": "Cümle başına {sentence} kelime, kelime başına {word} harf",
    "formula.flesch-reading-ease": "Flesch okuma kolaylığı (İngilizce)",
    "formula.atesman": "Ateşman okunabilirlik formülü (Türkçe)",
    "formula.amstad": "Amstad okunabilirlik formülü (Almanca)",
    "formula.kandel-moles": "Kandel–Moles okunabilirlik formülü (Fransızca)",
    "formula.fernandez-huerta": "Fernández Huerta okunabilirlik formülü (İspanyolca)",
    "formula.mean-lengths": "Bu dil için formül yok: yalnızca ortalama uzunluklar",
    "band.very easy": "çok kolay",
    "band.easy": "kolay",
    "band.fairly easy": "oldukça kolay",
    "band.plain English": "sade dil",
    "band.fairly difficult": "oldukça zor",
    "band.difficult": "zor",
    "band.very difficult": "çok zor",
    "band.çok kolay": "çok kolay",
    "band.kolay": "kolay",
    "band.orta güçlükte": "orta güçlükte",
    "band.zor": "zor",
    "band.çok zor": "çok zor",
    "band.sehr leicht": "çok kolay",
    "band.leicht": "kolay",
    "band.mittelleicht": "oldukça kolay",
    "band.mittel": "orta",
    "band.mittelschwer": "oldukça zor",
    "band.schwer": "zor",
    "band.sehr schwer": "çok zor",
    "band.muy fácil": "çok kolay",
    "band.fácil": "kolay",
    "band.algo fácil": "oldukça kolay",
    "band.normal": "orta",
    "band.algo difícil": "oldukça zor",
    "band.difícil": "zor",
    "band.muy difícil": "çok zor",
  },
);

/** The content score's band in plain words: under 40 weak, under 60 fair, under 80 good, else strong. */
export function scoreBand(score: number): ScoreBand {
  if (score < 40) return "weak";
  if (score < 60) return "fair";
  if (score < 80) return "good";
  return "strong";
}

/**
 * A readability band in the owner's language. The API names it in the scale's own language
 * ("fairly easy", "orta güçlükte"); a band the panel has no words for is a recorded miss, shown as sent.
 */
export function readabilityBandWords(band: string, language: Language): string {
  const key = `band.${band}`;
  if (key in qualityMessages[language]) return lookup(qualityMessages, language, key as Keys);
  recordMiss("band", key, language);
  return band;
}
