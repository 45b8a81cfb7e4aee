import { eq } from "drizzle-orm";
import { createOpenAiImageModel } from "../adapters/image-model/openai";
import type { ImageModel } from "../adapters/image-model/port";
import { ANTHROPIC_BASE_URL, OPENAI_BASE_URL } from "../adapters/llm-key-check/client";
import { createAnthropicTextModel } from "../adapters/text-model/anthropic";
import { createOpenAiTextModel } from "../adapters/text-model/openai";
import type { TextModel } from "../adapters/text-model/port";
import { loadByokCredentials } from "./byok-keys";
import { AppError, notFound } from "../core/errors";
import { DEFAULT_IMAGE_MODELS } from "../config";
import { accounts } from "../db/schema";
import type { Services } from "../services/container";
import { providerTransport } from "../services/model-providers";

/** The models that write and illustrate for one account, and whether they run on the account's own key. */
export interface AccountModels {
  text: TextModel;
  image: ImageModel;
  byok: boolean;
}

/**
 * Credits accounts use the operator's configured models. Bring-your-own-key accounts use the
 * stored key with its provider and model for text; an OpenAI key also draws the images, while an
 * Anthropic key (Anthropic has no image API) leaves the images to the operator's image model.
 */
export async function modelsForAccount(services: Services, accountId: string): Promise<AccountModels> {
  const [account] = await services.db.select({ billingMode: accounts.billingMode }).from(accounts).where(eq(accounts.id, accountId));
  if (!account) throw notFound("Account");
  if (account.billingMode === "CREDITS") return { text: services.textModel(), image: services.imageModel(), byok: false };

  const key = await loadByokCredentials(services.db, services.encryptionKey, accountId).catch((error: unknown) => {
    if (error instanceof AppError && error.code === "not_found") {
      throw new AppError("byok_key_missing", "BYOK key missing: set your model provider key with PUT /api/billing/byok-key");
    }
    throw error;
  });
  const transport = providerTransport(services);
  if (key.provider === "openai") {
    return {
      text: createOpenAiTextModel({
        transport,
        baseUrl: OPENAI_BASE_URL,
        apiKey: key.apiKey,
        model: key.model,
        maxTokensField: "max_completion_tokens",
      }),
      image: createOpenAiImageModel({ transport, baseUrl: OPENAI_BASE_URL, apiKey: key.apiKey, model: DEFAULT_IMAGE_MODELS.openai }),
      byok: true,
    };
  }
  return {
    text: createAnthropicTextModel({
      transport,
      baseUrl: ANTHROPIC_BASE_URL,
      apiKey: key.apiKey,
      model: key.model,
      structuredOutput: services.config.providers.anthropic.structuredOutput,
    }),
    image: services.imageModel(),
    byok: true,
  };
}
