import { z } from "zod";
import { ProviderError } from "../provider-error";
import { postJson, type ProviderReply, type ProviderTransport } from "../provider-http";
import type { ProviderUsage } from "../provider-usage";
import { anthropicJsonSchema, withoutMetaSchema } from "./json-schema";
import type { JsonReply, JsonRequest, TextModel } from "./port";
import { logUpstream, parseJsonText, safeErrorCode } from "./upstream";

export interface AnthropicTextModelOptions {
  transport: ProviderTransport;
  /** `https://api.anthropic.com/v1`. */
  baseUrl: string;
  apiKey: string;
  model: string;
  /**
   * "output_config": Anthropic's structured outputs (Claude Sonnet 4.5, Opus 4.5, Haiku 4.5 and
   * later). "tool": one forced tool whose input is the answer, for models without them.
   */
  structuredOutput: "output_config" | "tool";
}

const PROVIDER = "Anthropic";
const ANTHROPIC_VERSION = "2023-06-01";

const MessageSchema = z.object({
  content: z.array(z.object({ type: z.string(), text: z.string().nullish(), name: z.string().nullish(), input: z.unknown().optional() })),
  stop_reason: z.string().nullish(),
  usage: z
    .object({
      input_tokens: z.number().nullish(),
      output_tokens: z.number().nullish(),
      cache_creation_input_tokens: z.number().nullish(),
      cache_read_input_tokens: z.number().nullish(),
    })
    .nullish(),
});

const ErrorBodySchema = z.object({ error: z.object({ type: z.unknown(), message: z.unknown() }).partial() });

/** A text model behind Anthropic's Messages API. */
export function createAnthropicTextModel(options: AnthropicTextModelOptions): TextModel {
  const url = `${options.baseUrl.replace(/\/+$/, "")}/messages`;
  const headers = { "x-api-key": options.apiKey, "anthropic-version": ANTHROPIC_VERSION };
  return {
    provider: "anthropic",
    model: options.model,
    offline: false,
    async completeJson(request: JsonRequest): Promise<JsonReply> {
      const body = {
        model: options.model,
        system: request.system,
        messages: request.messages,
        max_tokens: request.maxTokens,
        // Anthropic's range is 0–1; a task tuned for OpenAI's 0–2 is capped, not refused.
        ...(request.temperature === undefined ? {} : { temperature: Math.min(1, request.temperature) }),
        ...structuredOutputFields(options.structuredOutput, request),
      };
      const reply = await postJson(options.transport, PROVIDER, url, headers, body);
      if (reply.status < 200 || reply.status > 299) throw anthropicFailure(reply, options);
      return readMessage(reply, request, options);
    },
  };
}

/**
 * Structured outputs are generally available, without a beta header: the schema goes in
 * `output_config: { format: { type: "json_schema", schema } }` and the answer comes back as the
 * JSON text of the text blocks (platform.claude.com/docs/en/build-with-claude/structured-outputs:
 * "The output_format parameter has moved to output_config.format, and beta headers are no
 * longer required"). The tool form is the older way: the forced tool's `input` is the answer.
 */
function structuredOutputFields(mode: AnthropicTextModelOptions["structuredOutput"], request: JsonRequest): Record<string, unknown> {
  if (mode === "output_config")
    return { output_config: { format: { type: "json_schema", schema: anthropicJsonSchema(request.jsonSchema) } } };
  return {
    tools: [
      {
        name: request.name,
        description: "Give the answer as this tool's input, following its schema exactly.",
        input_schema: withoutMetaSchema(request.jsonSchema),
      },
    ],
    tool_choice: { type: "tool", name: request.name },
  };
}

function readMessage(reply: ProviderReply, request: JsonRequest, options: AnthropicTextModelOptions): JsonReply {
  const parsed = MessageSchema.safeParse(reply.json);
  if (!parsed.success) {
    logUpstream(
      "text_model_unexpected_reply",
      { provider: "anthropic", model: options.model, status: reply.status },
      reply.text,
      options.apiKey,
    );
    throw new ProviderError("unavailable", PROVIDER, "Anthropic answered in a shape we do not understand");
  }
  const { content, stop_reason: stopReason } = parsed.data;
  if (stopReason === "refusal") {
    throw new ProviderError("refused", PROVIDER, `The Anthropic model ${options.model} declined to answer the '${request.name}' request`);
  }
  if (stopReason === "max_tokens" || stopReason === "model_context_window_exceeded") {
    throw new ProviderError(
      "invalid_output",
      PROVIDER,
      `The Anthropic model ${options.model} stopped at the ${request.maxTokens}-token limit before finishing its JSON for '${request.name}'`,
    );
  }
  const usage = usageOf(parsed.data.usage);
  const text = content
    .filter((block) => block.type === "text")
    .map((block) => block.text ?? "")
    .join("");
  if (options.structuredOutput === "tool") {
    const call = content.find((block) => block.type === "tool_use" && block.name === request.name);
    if (call && call.input !== undefined) return { json: call.input, text: JSON.stringify(call.input), usage };
    return { json: undefined, text, usage };
  }
  return { json: parseJsonText(text), text, usage };
}

function usageOf(usage: z.infer<typeof MessageSchema>["usage"]): ProviderUsage {
  // Cache reads and writes are input tokens billed apart from `input_tokens`.
  const input = (usage?.input_tokens ?? 0) + (usage?.cache_creation_input_tokens ?? 0) + (usage?.cache_read_input_tokens ?? 0);
  return { inputTokens: input, outputTokens: usage?.output_tokens ?? 0, images: 0, costUsd: 0 };
}

function anthropicFailure(reply: ProviderReply, options: AnthropicTextModelOptions): ProviderError {
  const { status } = reply;
  const error = ErrorBodySchema.safeParse(reply.json).data?.error;
  const type = safeErrorCode(error?.type);
  logUpstream("text_model_error", { provider: "anthropic", model: options.model, status, code: type }, reply.text, options.apiKey);
  const detail = type ? `HTTP ${status}, ${type}` : `HTTP ${status}`;
  // An empty balance has been reported as 402 billing_error and as a 400 naming the credit balance.
  const noCredit =
    status === 402 ||
    type === "billing_error" ||
    (status === 400 && typeof error?.message === "string" && /credit balance/i.test(error.message));
  if (noCredit)
    return new ProviderError("quota_exhausted", PROVIDER, `Anthropic refuses to serve the key: its account has no credit left (${detail})`);
  if (status === 401) return new ProviderError("credentials_rejected", PROVIDER, `Anthropic rejected the API key (${detail})`);
  if (status === 403)
    return new ProviderError("refused", PROVIDER, `Anthropic does not allow this key to use model ${options.model} (${detail})`);
  if (status === 429) return new ProviderError("rate_limited", PROVIDER, `Anthropic kept limiting requests (${detail}); retry later`);
  if (status >= 500) return new ProviderError("unavailable", PROVIDER, `Anthropic failed or is overloaded (${detail}); retry later`);
  return new ProviderError("bad_request", PROVIDER, `Anthropic refused the request for model ${options.model} (${detail})`);
}
