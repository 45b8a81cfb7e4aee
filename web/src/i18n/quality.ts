// Words for the quality of an article, which the articles, plans and overview screens all show:
// why the quality gate holds an article (ReviewReason codes with their numbers), the fact check's
// verdicts, and the content score's band. Keyed by the generated OpenAPI types, so a reason code
// added to the API without words here fails the typecheck (and web/test/quality-words.test.ts).
import type { Schemas } from "../api/client";
import { defineMessages } from "./language";

export type ReviewReason = Schemas["ReviewReason"];
export type ReviewReasonCode = ReviewReason["code"];
export type Verdict = NonNullable<Schemas["CheckedClaim"]["verdict"]> | "unchecked";
export type ScoreBand = "weak" | "fair" | "good" | "strong";

type Keys = `reason.${ReviewReasonCode}` | `verdict.${Verdict}` | `scoreBand.${ScoreBand}` | "held" | "heldFirst" | "reasonsTitle";

export const qualityMessages = defineMessages<Keys>(
  {
    "reason.content_score_low": "Content score {score}, under this site's minimum of {min}.",
    "reason.too_similar": "Too alike one of the site's own pages: {similarity} of the wording is shared (the limit is {max}).",
    "reason.copied_from_source": "{words} words in a row are copied from a source (at most {max} are allowed).",
    "reason.too_few_citations": "Too few links to its sources: {citations} (at least {min} are needed).",
    "reason.claims_unsupported": "Claims the sources do not back up: {claims}.",
    "reason.claims_contradicted": "Claims the sources contradict: {claims}.",
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
  },
  {
    "reason.content_score_low": "İçerik puanı {score}; bu sitenin alt sınırı olan {min} puanın altında.",
    "reason.too_similar": "Sitenin kendi sayfalarından birine fazla benziyor: ifadelerin {similarity} kadarı aynı (sınır {max}).",
    "reason.copied_from_source": "Bir kaynaktan art arda {words} kelime aynen alınmış (en fazla {max} kelimeye izin var).",
    "reason.too_few_citations": "Kaynaklara çok az bağlantı veriyor: {citations} (en az {min} gerekli).",
    "reason.claims_unsupported": "Kaynakların desteklemediği iddialar: {claims}.",
    "reason.claims_contradicted": "Kaynaklarla çelişen iddialar: {claims}.",
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
  },
);

/** The content score's band in plain words: under 40 weak, under 60 fair, under 80 good, else strong. */
export function scoreBand(score: number): ScoreBand {
  if (score < 40) return "weak";
  if (score < 60) return "fair";
  if (score < 80) return "good";
  return "strong";
}
