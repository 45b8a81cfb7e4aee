import { z } from "zod";
import { ProviderError } from "../provider-error";
import { postJson, type ProviderReply, type ProviderTransport } from "../provider-http";
import type { ProviderUsage } from "../provider-usage";
import { dropNullsOfOptionalProperties, strictJsonSchema } from "./json-schema";
import type { JsonReply, JsonRequest, TextModel } from "./port";
import { logUpstream, parseJsonText, safeErrorCode } from "./upstream";

export interface OpenAiTextModelOptions {
  transport: ProviderTransport;
  /** `https://api.openai.com/v1`, or another OpenAI-compatible server's base. */
  baseUrl: string;
  apiKey: string;
  model: string;
  /** OpenAI itself wants `max_completion_tokens`; many compatible servers only know `max_tokens`. */
  maxTokensField: "max_completion_tokens" | "max_tokens";
}

const PROVIDER = "OpenAI";

const CompletionSchema = z.object({
  choices: z
    .array(
      z.object({
        finish_reason: z.string().nullish(),
        message: z.object({ content: z.string().nullish(), refusal: z.string().nullish() }),
      }),
    )
    .min(1),
  usage: z.object({ prompt_tokens: z.number().nullish(), completion_tokens: z.number().nullish() }).nullish(),
});

const ErrorBodySchema = z.object({
  error: z.object({ code: z.unknown(), type: z.unknown(), message: z.unknown() }).partial(),
});

/** A text model behind an OpenAI-compatible Chat Completions API with strict structured output. */
export function createOpenAiTextModel(options: OpenAiTextModelOptions): TextModel {
  const url = `${options.baseUrl.replace(/\/+$/, "")}/chat/completions`;
  return {
    provider: "openai",
    model: options.model,
    offline: false,
    async completeJson(request: JsonRequest): Promise<JsonReply> {
      const body = {
        model: options.model,
        messages: [{ role: "system", content: request.system }, ...request.messages],
        [options.maxTokensField]: request.maxTokens,
        ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
        response_format: {
          type: "json_schema",
          json_schema: { name: request.name, schema: strictJsonSchema(request.jsonSchema), strict: true },
        },
      };
      const reply = await postJson(options.transport, PROVIDER, url, { Authorization: `Bearer ${options.apiKey}` }, body);
      if (reply.status < 200 || reply.status > 299) throw openAiFailure(reply, options);
      return readCompletion(reply, request, options);
    },
  };
}

function readCompletion(reply: ProviderReply, request: JsonRequest, options: OpenAiTextModelOptions): JsonReply {
  const parsed = CompletionSchema.safeParse(reply.json);
  if (!parsed.success) {
    logUpstream(
      "text_model_unexpected_reply",
      { provider: "openai", model: options.model, status: reply.status },
      reply.text,
      options.apiKey,
    );
    throw new ProviderError("unavailable", PROVIDER, "OpenAI answered in a shape we do not understand");
  }
  const [choice] = parsed.data.choices;
  const { content, refusal } = choice!.message;
  if (refusal) {
    logUpstream("text_model_refusal", { provider: "openai", model: options.model, task: request.name }, refusal);
    throw new ProviderError("refused", PROVIDER, `The OpenAI model ${options.model} declined to answer the '${request.name}' request`);
  }
  if (choice!.finish_reason === "length") {
    throw new ProviderError(
      "invalid_output",
      PROVIDER,
      `The OpenAI model ${options.model} stopped at the ${request.maxTokens}-token limit before finishing its JSON for '${request.name}'`,
    );
  }
  const text = content ?? "";
  const json = parseJsonText(text);
  return {
    json: json === undefined ? undefined : dropNullsOfOptionalProperties(json, request.jsonSchema),
    text,
    usage: usageOf(parsed.data.usage),
  };
}

function usageOf(usage: z.infer<typeof CompletionSchema>["usage"]): ProviderUsage {
  return { inputTokens: usage?.prompt_tokens ?? 0, outputTokens: usage?.completion_tokens ?? 0, images: 0, costUsd: 0 };
}

/** The error body's words (`insufficient_quota`, `invalid_api_key`…) decide the failure; its text goes to the log only. */
function openAiFailure(reply: ProviderReply, options: OpenAiTextModelOptions): ProviderError {
  const { status } = reply;
  const error = ErrorBodySchema.safeParse(reply.json).data?.error;
  const code = safeErrorCode(error?.code) ?? safeErrorCode(error?.type);
  logUpstream("text_model_error", { provider: "openai", model: options.model, status, code }, reply.text, options.apiKey);
  const detail = code ? `HTTP ${status}, ${code}` : `HTTP ${status}`;
  if (status === 402 || error?.code === "insufficient_quota" || error?.type === "insufficient_quota") {
    return new ProviderError(
      "quota_exhausted",
      PROVIDER,
      `OpenAI refuses to serve the key: its account has no credit or quota left (${detail})`,
    );
  }
  if (status === 401) return new ProviderError("credentials_rejected", PROVIDER, `OpenAI rejected the API key (${detail})`);
  if (status === 403)
    return new ProviderError("refused", PROVIDER, `OpenAI does not allow this key to use model ${options.model} (${detail})`);
  if (status === 429) return new ProviderError("rate_limited", PROVIDER, `OpenAI kept limiting requests (${detail}); retry later`);
  if (status >= 500) return new ProviderError("unavailable", PROVIDER, `OpenAI failed (${detail}); retry later`);
  return new ProviderError("bad_request", PROVIDER, `OpenAI refused the request for model ${options.model} (${detail})`);
}
