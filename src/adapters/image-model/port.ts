import type { ProviderUsage } from "../provider-usage";

export const IMAGE_PROVIDERS = ["workers-ai", "openai", "offline"] as const;
export type ImageProviderName = (typeof IMAGE_PROVIDERS)[number];

export interface ImageRequest {
  prompt: string;
}

export interface GeneratedImage {
  bytes: Uint8Array;
  /** What the provider says the bytes are, if it says; the pipeline sniffs the bytes anyway. */
  declaredType: string | null;
  usage: ProviderUsage;
}

/** An image model that turns a prompt into one picture (a hero image). */
export interface ImageModel {
  readonly provider: ImageProviderName;
  readonly model: string;
  readonly offline: boolean;
  /** One generation. Throws ProviderError (src/adapters/provider-error.ts) on failure. */
  generate(request: ImageRequest): Promise<GeneratedImage>;
}
