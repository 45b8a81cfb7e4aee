import { log } from "../../core/logger";
import { ProviderError, type ProviderFailure } from "../provider-error";
import { backoffMs } from "../provider-http";
import type { WorkersAiBinding } from "../workers-ai-binding";
import { NO_USAGE, type ProviderUsage } from "../provider-usage";
import type { JsonReply, JsonRequest, TextModel } from "./port";
import { logUpstream, parseJsonText } from "./upstream";

export interface WorkersAiTextModelOptions {
  ai: WorkersAiBinding;
  /** A catalog id with JSON mode, e.g. `@cf/meta/llama-3.3-70b-instruct-fp8-fast`. */
  model: string;
  /** Per attempt. */
  timeoutMs: number;
  /** Extra attempts when Workers AI is out of capacity or timed out itself. */
  maxRetries: number;
  /** Waits between attempts; tests pass a recorder instead of sleeping. */
  sleep?: (ms: number) => Promise<void>;
}

const PROVIDER = "Workers AI";

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A text model on the Workers AI binding, in JSON mode. */
export function createWorkersAiTextModel(options: WorkersAiTextModelOptions): TextModel {
  const sleep = options.sleep ?? sleepFor;
  return {
    provider: "workers-ai",
    model: options.model,
    offline: false,
    async completeJson(request: JsonRequest): Promise<JsonReply> {
      const inputs = {
        messages: [{ role: "system", content: request.system }, ...request.messages],
        max_tokens: request.maxTokens,
        ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
        // Unlike OpenAI, Workers AI takes the JSON Schema itself here, not {name, schema, strict}.
        response_format: { type: "json_schema", json_schema: request.jsonSchema },
      };
      for (let attempt = 0; ; attempt += 1) {
        try {
          return readAnswer(await runWithTimeout(options, inputs));
        } catch (error) {
          if (error instanceof ProviderError) throw error;
          const message = error instanceof Error ? error.message : String(error);
          if (/JSON Mode couldn't be met/i.test(message)) {
            // The model could not fit the schema: no JSON, so generateStructured's repair request gets its turn.
            log("warn", "text_model_json_mode_unmet", { provider: "workers-ai", model: options.model, task: request.name });
            return { json: undefined, text: "", usage: NO_USAGE };
          }
          const failure = classify(message);
          if (failure.retry && attempt < options.maxRetries) {
            const wait = backoffMs(attempt);
            log("warn", "provider_retry", {
              provider: "workers-ai",
              model: options.model,
              code: failure.code,
              attempt: attempt + 1,
              waitMs: wait,
            });
            await sleep(wait);
            continue;
          }
          logUpstream("text_model_error", { provider: "workers-ai", model: options.model, code: failure.code }, message);
          throw new ProviderError(failure.kind, PROVIDER, failure.message(options.model));
        }
      }
    },
  };
}

/** One `run`, given up after `timeoutMs` even when the binding ignores the abort signal. */
async function runWithTimeout(options: WorkersAiTextModelOptions, inputs: Record<string, unknown>): Promise<unknown> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new ProviderError("timeout", PROVIDER, `Workers AI did not answer within ${Math.round(options.timeoutMs / 1000)} s`));
    }, options.timeoutMs);
  });
  try {
    return await Promise.race([options.ai.run(options.model, inputs, { signal: controller.signal }), timedOut]);
  } finally {
    if (timer !== undefined) clearTimeout(timer);
  }
}

/** `response` is a JSON object in JSON mode per the docs, a string of JSON on some models: both are read. */
function readAnswer(output: unknown): JsonReply {
  const { response, usage } = (typeof output === "object" && output !== null ? output : {}) as {
    response?: unknown;
    usage?: Record<string, unknown>;
  };
  const tokens: ProviderUsage = { ...NO_USAGE, inputTokens: count(usage?.prompt_tokens), outputTokens: count(usage?.completion_tokens) };
  if (typeof response === "string") return { json: parseJsonText(response), text: response, usage: tokens };
  if (typeof response === "object" && response !== null) return { json: response, text: JSON.stringify(response), usage: tokens };
  return { json: undefined, text: "", usage: tokens };
}

const count = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : 0);

interface WorkersAiFailure {
  code: string | null;
  kind: ProviderFailure;
  retry: boolean;
  message: (model: string) => string;
}

/**
 * Workers AI's documented internal codes (developers.cloudflare.com/workers-ai/platform/errors).
 * How they appear in the rejected promise is not documented, so the number is searched for.
 */
const KNOWN_CODES: Record<string, Omit<WorkersAiFailure, "code">> = {
  "3040": { kind: "unavailable", retry: true, message: (model) => `Workers AI is out of capacity for ${model} (code 3040); retry later` },
  "3007": { kind: "timeout", retry: true, message: (model) => `Workers AI timed out running ${model} (code 3007)` },
  "3008": { kind: "unavailable", retry: true, message: (model) => `Workers AI aborted the run of ${model} (code 3008); retry later` },
  "3036": {
    kind: "quota_exhausted",
    retry: false,
    message: () => "The Cloudflare account has used up its Workers AI allocation for today (code 3036)",
  },
  "5007": { kind: "bad_request", retry: false, message: (model) => `Workers AI has no model ${model} (code 5007)` },
  "3042": { kind: "bad_request", retry: false, message: (model) => `Workers AI does not accept the model id ${model} (code 3042)` },
  "5004": { kind: "bad_request", retry: false, message: (model) => `Workers AI refused the inputs sent to ${model} (code 5004)` },
  "3003": { kind: "bad_request", retry: false, message: (model) => `Workers AI found the request to ${model} incomplete (code 3003)` },
  "3006": { kind: "bad_request", retry: false, message: (model) => `The request to ${model} is too large for Workers AI (code 3006)` },
  // The operator must accept the model's licence in the dashboard first: nothing a retry changes.
  "5016": {
    kind: "refused",
    retry: false,
    message: (model) => `Workers AI will not run ${model} until its licence terms are accepted for the account (code 5016)`,
  },
  "3023": { kind: "credentials_rejected", retry: false, message: () => "Cloudflare has blocked the account from Workers AI (code 3023)" },
};

function classify(message: string): WorkersAiFailure {
  const code = (message.match(/\b\d{4}\b/g) ?? []).find((found) => found in KNOWN_CODES) ?? null;
  if (code) return { code, ...KNOWN_CODES[code]! };
  return { code: null, kind: "unavailable", retry: false, message: (model) => `Workers AI failed to run ${model}` };
}
