import type { KeyCheckInput, KeyCheckResult, ModelKeyChecker } from "./port";

const KEY_SHAPE: Record<KeyCheckInput["provider"], RegExp> = {
  openai: /^sk-[A-Za-z0-9_-]{16,}$/,
  anthropic: /^sk-ant-[A-Za-z0-9_-]{16,}$/,
};

/** For local runs without network: checks only that the key looks like the provider's keys. */
export function createOfflineKeyChecker(): ModelKeyChecker {
  return {
    live: false,
    async check(input: KeyCheckInput): Promise<KeyCheckResult> {
      if (KEY_SHAPE[input.provider].test(input.apiKey)) return { outcome: "valid" };
      return { outcome: "rejected", message: `This does not look like a ${input.provider} API key (offline check of its shape only)` };
    },
  };
}
