import { AppError } from "../core/errors";

/**
 * Why a model or research provider call failed. `retryable` tells the pipeline whether a later
 * try can succeed (an outage, a rate limit, a timeout) or not (a rejected key, no money left,
 * an answer that stayed invalid after the repair request).
 */
export type ProviderFailure =
  | "timeout"
  | "unavailable"
  | "rate_limited"
  | "credentials_rejected"
  | "quota_exhausted"
  | "bad_request"
  | "refused"
  | "invalid_output";

const RETRYABLE: Record<ProviderFailure, boolean> = {
  timeout: true,
  unavailable: true,
  rate_limited: true,
  credentials_rejected: false,
  quota_exhausted: false,
  bad_request: false,
  refused: false,
  invalid_output: false,
};

/** A failed provider call: a 504 for a timeout, else a 502 with our message (the upstream body goes to the log). */
export class ProviderError extends AppError {
  readonly retryable: boolean;

  constructor(
    readonly failure: ProviderFailure,
    /** Display name of the provider, e.g. "OpenAI", "DataForSEO". */
    readonly provider: string,
    message: string,
    /** How long the provider asked us to wait (Retry-After) before trying again; queues honour it. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(failure === "timeout" ? "upstream_timeout" : "upstream_error", message);
    this.name = "ProviderError";
    this.retryable = RETRYABLE[failure];
  }
}

export function isProviderError(error: unknown, failure?: ProviderFailure): error is ProviderError {
  return error instanceof ProviderError && (failure === undefined || error.failure === failure);
}
