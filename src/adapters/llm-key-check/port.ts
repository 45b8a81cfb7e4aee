import type { ByokProvider } from "../../db/schema";

export interface KeyCheckInput {
  provider: ByokProvider;
  apiKey: string;
  model: string;
}

/**
 * What the provider said about a key: `valid` (it answered), `rate_limited` (it authenticated
 * the key but is busy), or a refusal with our message saying why.
 */
export type KeyCheckResult = { outcome: "valid" | "rate_limited" } | { outcome: "rejected" | "model_unavailable"; message: string };

/** Checks a bring-your-own model key with the cheapest call the provider offers. */
export interface ModelKeyChecker {
  readonly live: boolean;
  /** Upstream outages and timeouts are AppErrors (502/504); refusals are results. */
  check(input: KeyCheckInput): Promise<KeyCheckResult>;
}
