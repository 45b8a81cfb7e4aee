import { ProviderError } from "../provider-error";
import { NO_USAGE } from "../provider-usage";
import { COMPETITION_LEVELS, type KeywordIdea, type KeywordIdeas, type KeywordIdeasRequest, type KeywordResearch } from "./port";
import { lowerCaseIn, normaliseSeeds } from "./seeds";

/** Phrases people search around a topic, per language; `{}` is the seed. */
export const OFFLINE_TEMPLATES: Readonly<Record<string, readonly string[]>> = {
  en: [
    "{}",
    "best {}",
    "{} guide",
    "how to {}",
    "{} for beginners",
    "{} tips",
    "{} ideas",
    "what is {}",
    "{} cost",
    "{} reviews",
    "cheap {}",
    "{} near me",
  ],
  tr: [
    "{}",
    "en iyi {}",
    "{} nasıl yapılır",
    "{} önerileri",
    "{} fiyatları",
    "{} nedir",
    "{} rehberi",
    "{} tavsiye",
    "{} yorumları",
    "ucuz {}",
    "{} modelleri",
    "{} çeşitleri",
  ],
  de: ["{}", "beste {}", "{} test", "{} kaufen", "{} anleitung", "{} tipps", "{} preise", "was ist {}", "{} für anfänger", "günstige {}"],
  fr: ["{}", "meilleur {}", "{} prix", "{} avis", "guide {}", "comment choisir {}", "{} pas cher", "{} pour débutant", "qu'est-ce que {}"],
  es: ["{}", "mejor {}", "{} precio", "{} opiniones", "guía de {}", "cómo elegir {}", "{} barato", "{} para principiantes", "qué es {}"],
};

// Google Ads reports volumes in these steps; estimates drawn from them look like real figures.
const VOLUME_STEPS = [
  10, 20, 30, 40, 50, 70, 90, 110, 140, 170, 210, 260, 320, 390, 480, 590, 720, 880, 1000, 1300, 1600, 1900, 2400, 2900, 3600, 4400, 5400,
  6600, 8100, 9900, 12100, 14800,
];

/**
 * For local runs without DataForSEO: ideas built from the seeds with the language's templates,
 * volumes and competition drawn from a hash of the phrase. Deterministic, free, and flagged
 * `offline` so callers label the volumes as estimates. A language without templates gets the
 * seeds alone rather than phrases in a language it does not speak.
 */
export function createOfflineKeywordResearch(): KeywordResearch {
  return {
    provider: "offline",
    offline: true,
    async keywordIdeas(request: KeywordIdeasRequest): Promise<KeywordIdeas> {
      const seeds = normaliseSeeds(request.seeds, request.language);
      if (seeds.length === 0)
        throw new ProviderError("bad_request", "Offline keyword research", "Keyword research needs at least one seed keyword");
      const language = request.language.trim().toLowerCase();
      const templates = OFFLINE_TEMPLATES[language.split("-")[0]!] ?? ["{}"];
      const phrases = new Set(seeds.flatMap((seed) => templates.map((template) => lowerCaseIn(template.replace("{}", seed), language))));
      const ideas = [...phrases].map((keyword) => estimate(keyword, language));
      ideas.sort((a, b) => b.monthlyVolume - a.monthlyVolume || (a.keyword < b.keyword ? -1 : a.keyword > b.keyword ? 1 : 0));
      return { ideas: ideas.slice(0, Math.max(0, Math.floor(request.limit))), usage: NO_USAGE };
    },
  };
}

function estimate(keyword: string, language: string): KeywordIdea {
  const hash = fnv1a(`${language}|${keyword}`);
  // Longer phrases are searched less: shift the draw down the steps by word count.
  const words = keyword.split(" ").length;
  const step = Math.max(0, (hash % VOLUME_STEPS.length) - 2 * (words - 1));
  return { keyword, monthlyVolume: VOLUME_STEPS[step]!, competition: COMPETITION_LEVELS[(hash >>> 8) % COMPETITION_LEVELS.length]! };
}

/** FNV-1a, 32 bits: a stable hash of a string, the same on every run. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
  return hash;
}
