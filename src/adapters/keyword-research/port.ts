import type { ProviderUsage } from "../provider-usage";

export const KEYWORD_PROVIDERS = ["dataforseo", "offline"] as const;
export type KeywordProviderName = (typeof KEYWORD_PROVIDERS)[number];

export const COMPETITION_LEVELS = ["LOW", "MEDIUM", "HIGH"] as const;
export type CompetitionLevel = (typeof COMPETITION_LEVELS)[number];

export interface KeywordIdeasRequest {
  /** Seed keywords in the site's language (1–200). */
  seeds: string[];
  /** The site's language code (`tr`, `en`…); research runs in that language and its main market. */
  language: string;
  /** The most ideas wanted (≤ 1000). */
  limit: number;
}

/** One keyword idea with its measured monthly volume; ideas without a volume are never returned. */
export interface KeywordIdea {
  keyword: string;
  monthlyVolume: number;
  competition: CompetitionLevel;
}

export interface KeywordIdeas {
  ideas: KeywordIdea[];
  usage: ProviderUsage;
}

/** Keyword research (DataForSEO Labs keyword ideas, or the offline estimate). */
export interface KeywordResearch {
  readonly provider: KeywordProviderName;
  /** True when volumes are offline estimates, not measurements. */
  readonly offline: boolean;
  /** Throws ProviderError on failure; a language it cannot research is a ProviderError `bad_request`. */
  keywordIdeas(request: KeywordIdeasRequest): Promise<KeywordIdeas>;
}
