import { ProviderError } from "../provider-error";
import { postJson, retryAfterMs } from "../provider-http";
import type { IndexNow, IndexNowAnswer, IndexNowOutcome } from "./port";

const PROVIDER = "IndexNow";

/** A 429 without Retry-After: the engines suspect spam, and the protocol says to back off for hours. */
const RATE_LIMIT_BACKOFF_SECONDS = 3600;

// Bodies are unspecified (EXTERNAL_APIS-2.md §4.3): only the status says what happened.
const OUTCOMES: Readonly<Record<number, IndexNowOutcome>> = {
  200: "submitted",
  202: "accepted",
  400: "rejected",
  403: "key_invalid",
  422: "rejected",
};

/** The IndexNow endpoint (api.indexnow.org shares every submission with the other engines). */
export function createIndexNowClient(deps: { endpoint: string; fetch: typeof fetch; timeoutMs: number }): IndexNow {
  const transport = { fetch: deps.fetch, timeoutMs: deps.timeoutMs, maxRetries: 0 };
  return {
    offline: false,
    async submit(submission): Promise<IndexNowAnswer> {
      const reply = await postJson(
        transport,
        PROVIDER,
        deps.endpoint,
        { "Content-Type": "application/json; charset=utf-8" },
        { host: submission.host, key: submission.key, keyLocation: submission.keyLocation, urlList: submission.urls },
      );
      const outcome = OUTCOMES[reply.status];
      if (outcome) return { outcome, httpStatus: reply.status, offline: false };
      if (reply.status === 429) {
        const waitMs = retryAfterMs(reply.headers);
        const seconds = waitMs === null ? RATE_LIMIT_BACKOFF_SECONDS : Math.max(1, Math.ceil(waitMs / 1000));
        throw new ProviderError("rate_limited", PROVIDER, "IndexNow asked us to slow down (429)", seconds);
      }
      if (reply.status >= 500) throw new ProviderError("unavailable", PROVIDER, `IndexNow answered ${reply.status}`);
      // Any other status is not in the protocol: treat it like a malformed request, not worth a retry.
      return { outcome: "rejected", httpStatus: reply.status, offline: false };
    },
  };
}
