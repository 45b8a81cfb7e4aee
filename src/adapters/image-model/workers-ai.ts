import { z } from "zod";
import { log } from "../../core/logger";
import { ProviderError, type ProviderFailure } from "../provider-error";
import { backoffMs } from "../provider-http";
import type { WorkersAiBinding } from "../workers-ai-binding";
import { imageBytesFromBase64 } from "./image-bytes";
import { cutPrompt } from "./prompt";
import type { GeneratedImage, ImageModel, ImageRequest } from "./port";

export interface WorkersAiImageOptions {
  ai: WorkersAiBinding;
  /** e.g. `@cf/black-forest-labs/flux-1-schnell`. */
  model: string;
  /** Per attempt: a run that takes longer is given up (`timeout`). */
  timeoutMs: number;
  /** Extra attempts after a capacity error (3040) or a Workers AI timeout (3007/3008). */
  maxRetries: number;
  sleep?: (ms: number) => Promise<void>;
  /** Diffusion steps, 1–8 (the model's maximum); default 4. More steps, better picture, more neurons. */
  steps?: number;
}

const PROVIDER = "Workers AI";
/** FLUX.1 schnell's input schema (its Workers AI model page): prompt 1–2048 characters, steps ≤ 8. */
const MAX_PROMPT_CHARS = 2048;
const MAX_STEPS = 8;
const DEFAULT_STEPS = 4;

const FluxOutputSchema = z.object({ image: z.string().min(1) });

/**
 * Workers AI error codes (Cloudflare's Workers AI errors page). They reach the Worker inside the rejected
 * promise's message; how exactly is undocumented, so the numeric code is looked for anywhere in it.
 */
const FAILURE_BY_CODE: Record<string, { failure: ProviderFailure; retry: boolean; says: string }> = {
  "3040": { failure: "rate_limited", retry: true, says: "is out of capacity for this model" },
  "3007": { failure: "timeout", retry: true, says: "timed out running the model" },
  "3008": { failure: "unavailable", retry: true, says: "aborted the request" },
  "3036": { failure: "quota_exhausted", retry: false, says: "has used up the account's daily allocation" },
  "5007": { failure: "bad_request", retry: false, says: "has no such model" },
  "3042": { failure: "bad_request", retry: false, says: "does not know this model id" },
  "5004": { failure: "bad_request", retry: false, says: "rejected the input as invalid" },
  "3003": { failure: "bad_request", retry: false, says: "rejected the request as incomplete" },
  "3006": { failure: "bad_request", retry: false, says: "rejected the request as too large" },
  "5016": { failure: "refused", retry: false, says: "refused the model: its terms have not been agreed to on this account" },
  "3023": { failure: "refused", retry: false, says: "refused the request: the account is blocked" },
};

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** An image model on the Workers AI binding: FLUX.1 schnell, which answers `{ image: base64 }`. */
export function createWorkersAiImageModel(options: WorkersAiImageOptions): ImageModel {
  const steps = Number.isFinite(options.steps) ? Math.min(MAX_STEPS, Math.max(1, Math.round(options.steps!))) : DEFAULT_STEPS;
  const sleep = options.sleep ?? sleepFor;
  return {
    provider: "workers-ai",
    model: options.model,
    offline: false,
    async generate(request: ImageRequest): Promise<GeneratedImage> {
      const prompt = cutPrompt(request.prompt.trim(), MAX_PROMPT_CHARS);
      if (!prompt) throw new ProviderError("bad_request", PROVIDER, "An image prompt cannot be empty");
      // Exactly these two properties: the model's schema forbids any other (additionalProperties: false).
      const inputs = { prompt, steps };
      for (let attempt = 0; ; attempt += 1) {
        try {
          const output = await runWithTimeout(options, inputs);
          return {
            bytes: readImage(output, options.model),
            declaredType: null,
            usage: { inputTokens: 0, outputTokens: 0, images: 1, costUsd: 0 },
          };
        } catch (error) {
          if (error instanceof ProviderError) throw error;
          const known = classify(error);
          log("warn", "workers_ai_image_failed", {
            model: options.model,
            attempt: attempt + 1,
            code: known?.code ?? null,
            error: String(error).slice(0, 300),
          });
          if (known?.retry && attempt < options.maxRetries) {
            await sleep(backoffMs(attempt));
            continue;
          }
          throw known
            ? new ProviderError(known.failure, PROVIDER, `${PROVIDER} ${known.says} (${options.model}, code ${known.code})`)
            : new ProviderError("unavailable", PROVIDER, `${PROVIDER} failed to run ${options.model}; the error is in the server log`);
        }
      }
    },
  };
}

/** The binding has no timeout of its own, so the run races a timer; a late answer is ignored. */
async function runWithTimeout(options: WorkersAiImageOptions, inputs: Record<string, unknown>): Promise<unknown> {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new ProviderError("timeout", PROVIDER, `${PROVIDER} did not return an image within ${Math.round(options.timeoutMs / 1000)} s`),
        ),
      options.timeoutMs,
    );
  });
  try {
    return await Promise.race([options.ai.run(options.model, inputs), timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

function readImage(output: unknown, model: string): Uint8Array {
  const parsed = FluxOutputSchema.safeParse(output);
  if (!parsed.success) {
    log("warn", "workers_ai_image_unexpected_output", { model, output: JSON.stringify(output ?? null).slice(0, 300) });
    throw new ProviderError("invalid_output", PROVIDER, `${PROVIDER} answered ${model} without an image`);
  }
  return imageBytesFromBase64(parsed.data.image, PROVIDER);
}

function classify(error: unknown) {
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  for (const match of text.matchAll(/\b\d{4}\b/g)) {
    const known = FAILURE_BY_CODE[match[0]];
    if (known) return { code: match[0], ...known };
  }
  return null;
}
