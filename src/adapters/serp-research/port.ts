/** Who answered a SERP research: DataForSEO's live Google results, or the offline stand-in. */
export type SerpProviderName = "dataforseo" | "offline";

export interface SerpRequest {
  /** The keyword as searched (≤ 700 characters). */
  keyword: string;
  /** The site's language code (`tr`, `en-gb`…); the search runs in its main market, as keyword research does. */
  language: string;
}

/** One organic result of the first page. */
export interface SerpResult {
  url: string;
  title: string;
  description: string;
  /** Position among the organic results (1 = first). */
  rank: number;
}

export interface SerpResearch {
  /** The query the search engine ran (DataForSEO echoes it; it may differ from the request in case and spacing). */
  query: string;
  /** Up to ten organic results, best first. */
  results: SerpResult[];
  /** "People also ask" questions, in their order, without repeats. */
  questions: string[];
  relatedSearches: string[];
  /** What the provider billed for the call (0 offline). */
  costUsd: number;
  provider: SerpProviderName;
}

/** The live search results of one keyword (DataForSEO SERP API, or the offline stand-in). */
export interface SerpResearcher {
  readonly provider: SerpProviderName;
  /** True when the results are invented offline: their URLs are under `.invalid` and only the offline page reader serves them. */
  readonly offline: boolean;
  /** Throws ProviderError on failure; a language it cannot research is a ProviderError `bad_request`. */
  research(request: SerpRequest): Promise<SerpResearch>;
}

/** The most organic results kept: the first page. */
export const SERP_RESULTS = 10;
