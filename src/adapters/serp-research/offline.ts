import { OFFLINE_TEMPLATES } from "../keyword-research/offline";
import { lowerCaseIn } from "../keyword-research/seeds";
import { upperFirst } from "../../content/casing";
import { ProviderError } from "../provider-error";
import { SERP_RESULTS, type SerpRequest, type SerpResearch, type SerpResearcher, type SerpResult } from "./port";

/**
 * The sites of the offline results. Every host is under `.invalid` (RFC 6761), which no resolver
 * answers, so an offline result can never be fetched: the offline page reader serves their texts.
 */
export const OFFLINE_SERP_HOSTS = [
  "daily-guide.example.invalid",
  "home-notes.example.invalid",
  "review-desk.example.invalid",
  "how-to-hub.example.invalid",
  "expert-corner.example.invalid",
  "buyers-journal.example.invalid",
  "family-kitchen.example.invalid",
  "weekend-workshop.example.invalid",
  "city-magazine.example.invalid",
  "plain-answers.example.invalid",
] as const;

interface OfflineWords {
  titles: readonly string[];
  description: string;
  questions: readonly string[];
}

// `{}` is the keyword. A language without words here gets the English ones: the results are a
// stand-in for local runs, labelled offline, not content.
const WORDS: Readonly<Record<string, OfflineWords>> = {
  en: {
    titles: [
      "{}: the complete guide",
      "Best {} picks this year",
      "{} explained for beginners",
      "How to choose {}",
      "{}: common mistakes to avoid",
      "Our {} buying guide",
      "{} tips from experts",
      "What we learned testing {}",
      "{}: prices and options compared",
      "{} questions answered",
    ],
    description: "Everything about {}: what to look for, what it costs and how to get started.",
    questions: ["What is {}?", "How do I choose {}?", "How much does {} cost?", "Is {} worth it?"],
  },
  tr: {
    titles: [
      "{}: eksiksiz rehber",
      "Bu yılın en iyi {} seçenekleri",
      "Yeni başlayanlar için {}",
      "{} nasıl seçilir?",
      "{} alırken yapılan hatalar",
      "{} satın alma rehberi",
      "Uzmanlardan {} önerileri",
      "{} testinden öğrendiklerimiz",
      "{} fiyatları ve seçenekleri",
      "{} hakkında merak edilenler",
    ],
    description: "{} hakkında her şey: nelere dikkat edilmeli, fiyatı ne kadar ve nasıl başlanır.",
    questions: ["{} nedir?", "{} nasıl seçilir?", "{} fiyatları ne kadar?", "{} almaya değer mi?"],
  },
};

/** The words of a language for the offline results and their pages (English when it has none). */
export function offlineWordsFor(language: string): OfflineWords {
  return WORDS[language.trim().toLowerCase().split("-")[0]!] ?? WORDS.en!;
}

/**
 * For local runs without DataForSEO: ten results on `.invalid` hosts, questions and related
 * searches built from the keyword. The same keyword and language give the same answer, in an
 * order drawn from their hash; nothing is requested and nothing is billed.
 */
export function createOfflineSerpResearch(): SerpResearcher {
  return {
    provider: "offline",
    offline: true,
    async research(request: SerpRequest): Promise<SerpResearch> {
      const language = request.language.trim().toLowerCase();
      const keyword = lowerCaseIn(request.keyword.trim().replace(/\s+/g, " "), language);
      if (!keyword) throw new ProviderError("bad_request", "Offline search research", "Search research needs a keyword");
      const words = offlineWordsFor(language);
      const hash = fnv1a(`${language}|${keyword}`);
      const results: SerpResult[] = Array.from({ length: SERP_RESULTS }, (_, index) => {
        const source = (hash + index) % OFFLINE_SERP_HOSTS.length;
        return {
          url: offlineSourceUrl(source, language, keyword),
          title: upperFirst(words.titles[(hash + index * 3) % words.titles.length]!.replace("{}", keyword), language),
          description: upperFirst(words.description.replace("{}", keyword), language),
          rank: index + 1,
        };
      });
      const templates = OFFLINE_TEMPLATES[language.split("-")[0]!] ?? [];
      return {
        query: keyword,
        results,
        questions: words.questions.map((question) => upperFirst(question.replace("{}", keyword), language)),
        relatedSearches: templates
          .filter((template) => template !== "{}")
          .slice(0, 8)
          .map((template) => template.replace("{}", keyword)),
        costUsd: 0,
        provider: "offline",
      };
    },
  };
}

/** Where an offline result lives: its site, the language and the keyword it was found for. */
export interface OfflineSource {
  source: number;
  language: string;
  keyword: string;
}

/** `https://<site>.example.invalid/<language>/<keyword>`: everything the offline page reader needs is in the URL. */
export function offlineSourceUrl(source: number, language: string, keyword: string): string {
  return `https://${OFFLINE_SERP_HOSTS[source]}/${encodeURIComponent(language)}/${encodeURIComponent(keyword)}`;
}

/** The offline source an URL names, or null for any URL the offline research did not make. */
export function offlineSourceOf(url: string): OfflineSource | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const source = OFFLINE_SERP_HOSTS.indexOf(parsed.hostname as (typeof OFFLINE_SERP_HOSTS)[number]);
  const match = /^\/([^/]+)\/([^/]+)$/.exec(parsed.pathname);
  if (parsed.protocol !== "https:" || source < 0 || !match || parsed.search || parsed.port) return null;
  try {
    return { source, language: decodeURIComponent(match[1]!), keyword: decodeURIComponent(match[2]!) };
  } catch {
    return null; // a malformed escape
  }
}

/** FNV-1a, 32 bits: a stable hash of a string, the same on every run. */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
  return hash;
}
