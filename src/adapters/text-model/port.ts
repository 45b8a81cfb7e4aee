import type { z } from "zod";
import type { ProviderUsage } from "../provider-usage";

export const TEXT_PROVIDERS = ["workers-ai", "openai", "anthropic", "offline"] as const;
export type TextProviderName = (typeof TEXT_PROVIDERS)[number];

export interface ChatMessage {
  role: "user" | "assistant";
  content: string;
}

/** One request for a JSON answer that follows `jsonSchema`. */
export interface JsonRequest {
  /** Names the schema for the provider (OpenAI's json_schema.name, Anthropic's tool name): `a-zA-Z0-9_-`, ≤ 64. */
  name: string;
  system: string;
  messages: ChatMessage[];
  jsonSchema: Record<string, unknown>;
  maxTokens: number;
  temperature?: number;
  /** What the offline provider answers instead of calling a model; real providers ignore it. */
  offlineAnswer: () => unknown;
}

export interface JsonReply {
  /** The parsed answer, or undefined when the model's text was not JSON. */
  json: unknown;
  /** The model's answer as text, to show it back in a repair request. */
  text: string;
  usage: ProviderUsage;
}

/** A text model that answers in JSON through the provider's own structured-output mode. */
export interface TextModel {
  readonly provider: TextProviderName;
  readonly model: string;
  /** True for the deterministic offline writer (local runs only). */
  readonly offline: boolean;
  /** One model call. Throws ProviderError (src/adapters/provider-error.ts) on failure. */
  completeJson(request: JsonRequest): Promise<JsonReply>;
}

/**
 * One kind of structured question the product asks a model (seed keywords, plan titles, an
 * article…): its schema, prompts and the deterministic answer of the offline provider.
 */
export interface StructuredTask<Input, Output> {
  name: string;
  schema: z.ZodType<Output>;
  system: (input: Input) => string;
  prompt: (input: Input) => string;
  /** Deterministic and labelled as offline (an "offline draft", estimated volumes). */
  offline: (input: Input) => Output;
  maxTokens: number;
  temperature?: number;
}
