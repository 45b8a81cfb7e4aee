import { z } from "zod";
import { log } from "../../core/logger";
import { ProviderError, type ProviderFailure } from "../provider-error";
import { postJson, type ProviderReply, type ProviderTransport } from "../provider-http";
import { imageBytesFromBase64 } from "./image-bytes";
import { cutPrompt } from "./prompt";
import type { GeneratedImage, ImageModel, ImageRequest } from "./port";

export interface OpenAiImageOptions {
  transport: ProviderTransport;
  /** e.g. `https://api.openai.com/v1`, or another OpenAI-compatible images API. */
  baseUrl: string;
  apiKey: string;
  /** `gpt-image-1` and its kin, or `dall-e-3` / `dall-e-2`. */
  model: string;
  /** `WIDTHxHEIGHT`; default the model's widest landscape size (1536x1024 for GPT image models). */
  size?: string;
  /** GPT image models only; JPEG keeps a photo-like hero image small. */
  outputFormat?: "jpeg" | "png";
}

const PROVIDER = "OpenAI";

// The widest landscape size each family offers (OpenAI's Images API reference); DALL·E 2 has only squares.
const DEFAULT_SIZE = { gpt: "1536x1024", "dall-e-3": "1792x1024", "dall-e-2": "1024x1024" } as const;
const MAX_PROMPT_CHARS = { gpt: 32_000, "dall-e-3": 4_000, "dall-e-2": 1_000 } as const;

type ModelFamily = keyof typeof DEFAULT_SIZE;

const familyOf = (model: string): ModelFamily =>
  model.startsWith("dall-e-2") ? "dall-e-2" : model.startsWith("dall-e-3") ? "dall-e-3" : "gpt";

const ImagesReplySchema = z.object({
  data: z.array(z.object({ b64_json: z.string().nullish() }).loose()).nullish(),
  output_format: z.string().nullish(),
  usage: z.object({ input_tokens: z.number().nullish(), output_tokens: z.number().nullish() }).loose().nullish(),
});

const ErrorReplySchema = z.object({
  error: z.object({ code: z.string().nullish(), type: z.string().nullish(), message: z.string().nullish() }).loose(),
});

/** OpenAI Images (`POST /images/generations`): one base64 picture per call. */
export function createOpenAiImageModel(options: OpenAiImageOptions): ImageModel {
  const family = familyOf(options.model);
  const url = `${options.baseUrl.replace(/\/+$/, "")}/images/generations`;
  return {
    provider: "openai",
    model: options.model,
    offline: false,
    async generate(request: ImageRequest): Promise<GeneratedImage> {
      const prompt = cutPrompt(request.prompt.trim(), MAX_PROMPT_CHARS[family]);
      if (!prompt) throw new ProviderError("bad_request", PROVIDER, "An image prompt cannot be empty");
      // `model` is always set: without it OpenAI falls back to dall-e-2. GPT image models always
      // answer in base64 and reject `response_format`; DALL·E needs it to answer in base64, not a URL.
      const body: Record<string, unknown> = { model: options.model, prompt, n: 1, size: options.size ?? DEFAULT_SIZE[family] };
      if (family === "gpt") body.output_format = options.outputFormat ?? "jpeg";
      else body.response_format = "b64_json";
      const reply = await postJson(options.transport, PROVIDER, url, { Authorization: `Bearer ${options.apiKey}` }, body);
      if (reply.status < 200 || reply.status >= 300) throw replyError(reply, options);
      return readImage(reply, options.model);
    },
  };
}

function readImage(reply: ProviderReply, model: string): GeneratedImage {
  const parsed = ImagesReplySchema.safeParse(reply.json);
  const base64 = parsed.success ? parsed.data.data?.[0]?.b64_json : null;
  if (!parsed.success || !base64) {
    log("warn", "openai_image_unexpected_reply", { model, status: reply.status, body: reply.text.slice(0, 300) });
    throw new ProviderError("invalid_output", PROVIDER, `${PROVIDER} answered ${model} without a base64 image`);
  }
  const format = parsed.data.output_format;
  return {
    bytes: imageBytesFromBase64(base64, PROVIDER),
    declaredType: format ? `image/${format}` : null,
    usage: {
      inputTokens: parsed.data.usage?.input_tokens ?? 0,
      outputTokens: parsed.data.usage?.output_tokens ?? 0,
      images: 1,
      costUsd: 0,
    },
  };
}

/** Our message by status and error code; OpenAI's own text goes to the log only (with the key blanked). */
function replyError(reply: ProviderReply, options: OpenAiImageOptions): ProviderError {
  const parsed = ErrorReplySchema.safeParse(reply.json);
  const error = parsed.success ? parsed.data.error : {};
  const code = error.code ?? error.type ?? null;
  const body = options.apiKey ? reply.text.replaceAll(options.apiKey, "[key]") : reply.text;
  log("warn", "openai_image_failed", { model: options.model, status: reply.status, code, body: body.slice(0, 300) });
  const [failure, says] = classify(reply.status, code, error.message ?? "");
  return new ProviderError(failure, PROVIDER, `${PROVIDER} ${says} (HTTP ${reply.status}${code ? `, ${code}` : ""})`);
}

function classify(status: number, code: string | null, message: string): [ProviderFailure, string] {
  if (status === 401) return ["credentials_rejected", "rejected the API key"];
  if (status === 402 || code === "insufficient_quota" || code === "billing_hard_limit_reached")
    return ["quota_exhausted", "refused the request: the account has no credit or quota left"];
  if (status === 403) return ["refused", "does not allow this key to generate images"];
  if (status === 429) return ["rate_limited", "is rate limiting the requests; retry later"];
  if (status >= 500) return ["unavailable", "failed to generate the image"];
  // Content-policy refusals are 400s; DALL·E says content_policy_violation, GPT image models moderation_blocked.
  if (code === "content_policy_violation" || code === "moderation_blocked" || /safety system|content policy/i.test(message)) {
    return ["refused", "refused the prompt under its content policy"];
  }
  return ["bad_request", "rejected the image request"];
}
