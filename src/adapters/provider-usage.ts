/** What a provider reports a call cost: tokens, images and, where it says so, US dollars. */
export interface ProviderUsage {
  inputTokens: number;
  outputTokens: number;
  images: number;
  /** Only what the provider itself reports (DataForSEO does; model APIs report tokens). */
  costUsd: number;
}

export const NO_USAGE: ProviderUsage = { inputTokens: 0, outputTokens: 0, images: 0, costUsd: 0 };

export function addUsage(a: ProviderUsage, b: ProviderUsage): ProviderUsage {
  return {
    inputTokens: a.inputTokens + b.inputTokens,
    outputTokens: a.outputTokens + b.outputTokens,
    images: a.images + b.images,
    // Dollars are summed in micro-dollars so 0.1 + 0.2 stays 0.3.
    costUsd: Math.round((a.costUsd + b.costUsd) * 1e6) / 1e6,
  };
}
