/** What an IndexNow engine answered for one submission (EXTERNAL_APIS-2.md §4.3). */
export type IndexNowOutcome =
  /** 200: received. */
  | "submitted"
  /** 202: received, the key is not verified yet. */
  | "accepted"
  /** 403: the key file is missing or holds another key: the site must host it. */
  | "key_invalid"
  /** 400 or 422: the URLs are not on the host, or the request is malformed; retrying cannot help. */
  | "rejected";

export interface IndexNowSubmission {
  /** The host every URL is on (`www.example.com`). */
  host: string;
  key: string;
  /** Where the key file is (`https://host/{key}.txt`). */
  keyLocation: string;
  urls: string[];
}

export interface IndexNowAnswer {
  outcome: IndexNowOutcome;
  /** The engine's HTTP status; null offline. */
  httpStatus: number | null;
  offline: boolean;
}

/**
 * Announces new and changed URLs to the search engines that share IndexNow (Bing, Yandex,
 * Naver, Seznam, Yep; not Google). 429 and 5xx throw a retryable ProviderError (`rate_limited`,
 * `unavailable`, `timeout`) so the queue tries again later.
 */
export interface IndexNow {
  readonly offline: boolean;
  submit(submission: IndexNowSubmission): Promise<IndexNowAnswer>;
}

/** Most URLs one POST may carry. */
export const INDEX_NOW_MAX_URLS = 10_000;
