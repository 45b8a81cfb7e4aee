import { AppError } from "../../core/errors";
import { log } from "../../core/logger";
import type { KeyCheckInput, KeyCheckResult, ModelKeyChecker } from "./port";

export const OPENAI_BASE_URL = "https://api.openai.com/v1";
export const ANTHROPIC_BASE_URL = "https://api.anthropic.com/v1";

export interface KeyCheckerOptions {
  fetch: typeof fetch;
  timeoutMs: number;
}

const PROVIDER_NAME = { openai: "OpenAI", anthropic: "Anthropic" } as const;

/**
 * Checks a key with a one-word completion of the chosen model (Chat Completions or Messages):
 * it costs a few tokens and proves both that the key works and that it may use the model.
 */
export function createModelKeyChecker(options: KeyCheckerOptions): ModelKeyChecker {
  return {
    live: true,
    async check(input: KeyCheckInput): Promise<KeyCheckResult> {
      const request: ProviderRequest =
        input.provider === "openai"
          ? {
              url: `${OPENAI_BASE_URL}/chat/completions`,
              headers: { Authorization: `Bearer ${input.apiKey}` },
              body: { model: input.model, messages: [{ role: "user", content: "Reply with OK." }], max_completion_tokens: 16 },
            }
          : {
              url: `${ANTHROPIC_BASE_URL}/messages`,
              headers: { "x-api-key": input.apiKey, "anthropic-version": "2023-06-01" },
              body: { model: input.model, max_tokens: 1, messages: [{ role: "user", content: "Reply with OK." }] },
            };
      const { status, errorCode } = await send(options, input, request);
      return interpret(input, status, errorCode);
    },
  };
}

interface ProviderRequest {
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

async function send(options: KeyCheckerOptions, input: KeyCheckInput, request: ProviderRequest) {
  const name = PROVIDER_NAME[input.provider];
  let response: Response;
  try {
    response = await options.fetch(request.url, {
      method: "POST",
      headers: { ...request.headers, "Content-Type": "application/json" },
      body: JSON.stringify(request.body),
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (error) {
    if (error instanceof DOMException && (error.name === "TimeoutError" || error.name === "AbortError")) {
      throw new AppError(
        "key_check_timeout",
        `${name} did not answer the key check within ${Math.round(options.timeoutMs / 1000)} s; nothing was saved, please retry`,
      );
    }
    log("error", "byok_key_check_unreachable", { provider: input.provider, error: String(error) });
    throw new AppError("key_check_failed", `${name} could not be reached to check the key; nothing was saved, please retry`);
  }
  const text = await response.text();
  let errorCode: string | undefined;
  if (!response.ok) {
    // Both providers put a machine-readable word in error.code or error.type; the message stays in the log.
    try {
      const error = (JSON.parse(text) as { error?: { code?: unknown; type?: unknown } }).error;
      errorCode = typeof error?.code === "string" ? error.code : typeof error?.type === "string" ? error.type : undefined;
    } catch {
      errorCode = undefined;
    }
    log("warn", "byok_key_check_refused", {
      provider: input.provider,
      model: input.model,
      status: response.status,
      errorCode,
      body: text.slice(0, 300),
    });
  }
  return { status: response.status, errorCode };
}

function interpret(input: KeyCheckInput, status: number, errorCode: string | undefined): KeyCheckResult {
  const name = PROVIDER_NAME[input.provider];
  if (status >= 200 && status < 300) return { outcome: "valid" };
  if (status === 401)
    return { outcome: "rejected", message: `${name} rejected the API key (HTTP 401): check that it is complete and not revoked` };
  if (status === 402 || errorCode === "insufficient_quota" || errorCode === "billing_error") {
    return {
      outcome: "rejected",
      message: `${name} accepted the key but refuses to serve it: the provider account has no credit or quota left`,
    };
  }
  if (status === 429) return { outcome: "rate_limited" };
  if (status === 403) return { outcome: "rejected", message: `${name} does not allow this key to make requests (HTTP 403)` };
  if (status === 404 || status === 400) {
    return {
      outcome: "model_unavailable",
      message: `${name} refused a request for model '${input.model}' with this key (HTTP ${status}): check the model name`,
    };
  }
  throw new AppError("key_check_failed", `${name} failed while checking the key (HTTP ${status}); nothing was saved, please retry`);
}
