import { createOfflineImageModel } from "../adapters/image-model/offline";
import { createOpenAiImageModel } from "../adapters/image-model/openai";
import type { ImageModel } from "../adapters/image-model/port";
import { createWorkersAiImageModel } from "../adapters/image-model/workers-ai";
import { createDataForSeoResearch } from "../adapters/keyword-research/dataforseo";
import { createOfflineKeywordResearch } from "../adapters/keyword-research/offline";
import type { KeywordResearch } from "../adapters/keyword-research/port";
import { createHttpPageReader } from "../adapters/page-reader/client";
import { createOfflinePageReader } from "../adapters/page-reader/offline";
import type { PageReader } from "../adapters/page-reader/port";
import type { ProviderTransport } from "../adapters/provider-http";
import { createDataForSeoSerpResearch } from "../adapters/serp-research/dataforseo";
import { createOfflineSerpResearch } from "../adapters/serp-research/offline";
import type { SerpResearcher } from "../adapters/serp-research/port";
import { createAnthropicTextModel } from "../adapters/text-model/anthropic";
import { createOfflineTextModel } from "../adapters/text-model/offline";
import { createOpenAiTextModel } from "../adapters/text-model/openai";
import type { TextModel } from "../adapters/text-model/port";
import { createWorkersAiTextModel } from "../adapters/text-model/workers-ai";
import { AppError } from "../core/errors";
import { assertOutboundUrl } from "../core/outbound-url";
import type { WorkersAiBinding } from "../adapters/workers-ai-binding";
import type { Services } from "./container";
import { refuseOfflineInProduction } from "./providers";

type ProviderDeps = Pick<Services, "config" | "fetch" | "ai" | "sleep">;

export function providerTransport(deps: ProviderDeps): ProviderTransport {
  return { fetch: deps.fetch, timeoutMs: deps.config.providers.timeoutMs, maxRetries: deps.config.providers.maxRetries, sleep: deps.sleep };
}

function requireSecret(value: string | null, name: string, provider: string): string {
  if (!value)
    throw new AppError("internal_error", `Generation is unavailable: ${provider} is the configured provider but ${name} is not set`);
  return value;
}

function requireAi(deps: ProviderDeps, variable: string): WorkersAiBinding {
  if (!deps.ai) {
    throw new AppError(
      "internal_error",
      `Generation is unavailable: ${variable}=workers-ai needs the Workers AI binding (AI), which local runs do not have; use the offline providers locally`,
    );
  }
  return deps.ai;
}

/** The operator's text model, as TEXT_PROVIDER and TEXT_MODEL say. */
export function textModelFor(deps: ProviderDeps): TextModel {
  const { providers } = deps.config;
  const { provider, model } = providers.text;
  switch (provider) {
    case "offline":
      refuseOfflineInProduction(deps.config, "TEXT_PROVIDER=offline");
      return createOfflineTextModel();
    case "workers-ai":
      return createWorkersAiTextModel({
        ai: requireAi(deps, "TEXT_PROVIDER"),
        model,
        timeoutMs: providers.timeoutMs,
        maxRetries: providers.maxRetries,
        sleep: deps.sleep,
      });
    case "openai":
      return createOpenAiTextModel({
        transport: providerTransport(deps),
        baseUrl: providers.openai.baseUrl,
        apiKey: requireSecret(providers.openai.apiKey, "OPENAI_API_KEY", "OpenAI"),
        model,
        maxTokensField: providers.openai.maxTokensField,
      });
    case "anthropic":
      return createAnthropicTextModel({
        transport: providerTransport(deps),
        baseUrl: providers.anthropic.baseUrl,
        apiKey: requireSecret(providers.anthropic.apiKey, "ANTHROPIC_API_KEY", "Anthropic"),
        model,
        structuredOutput: providers.anthropic.structuredOutput,
      });
  }
}

/** The operator's image model, as IMAGE_PROVIDER and IMAGE_MODEL say. */
export function imageModelFor(deps: ProviderDeps): ImageModel {
  const { providers } = deps.config;
  const { provider, model } = providers.image;
  switch (provider) {
    case "offline":
      refuseOfflineInProduction(deps.config, "IMAGE_PROVIDER=offline");
      return createOfflineImageModel();
    case "workers-ai":
      return createWorkersAiImageModel({
        ai: requireAi(deps, "IMAGE_PROVIDER"),
        model,
        timeoutMs: providers.timeoutMs,
        maxRetries: providers.maxRetries,
        sleep: deps.sleep,
      });
    case "openai":
      return createOpenAiImageModel({
        transport: providerTransport(deps),
        baseUrl: providers.openai.baseUrl,
        apiKey: requireSecret(providers.openai.apiKey, "OPENAI_API_KEY", "OpenAI"),
        model,
      });
  }
}

/** Keyword research, as KEYWORD_PROVIDER says. */
export function keywordResearchFor(deps: ProviderDeps): KeywordResearch {
  const { providers } = deps.config;
  if (providers.keywords.provider === "offline") {
    refuseOfflineInProduction(deps.config, "KEYWORD_PROVIDER=offline");
    return createOfflineKeywordResearch();
  }
  const credentials = providers.dataforseo.credentials;
  if (!credentials)
    throw new AppError("internal_error", "Keyword research is unavailable: DATAFORSEO_LOGIN and DATAFORSEO_PASSWORD are not both set");
  return createDataForSeoResearch({ transport: providerTransport(deps), baseUrl: providers.dataforseo.baseUrl, ...credentials });
}

/**
 * Search results of a keyword. One research provider serves keywords and results alike, so
 * KEYWORD_PROVIDER chooses this one too: offline, or DataForSEO with its login and password.
 */
export function serpResearchFor(deps: ProviderDeps): SerpResearcher {
  const { providers } = deps.config;
  if (providers.keywords.provider === "offline") {
    refuseOfflineInProduction(deps.config, "KEYWORD_PROVIDER=offline");
    return createOfflineSerpResearch();
  }
  const credentials = providers.dataforseo.credentials;
  if (!credentials)
    throw new AppError("internal_error", "Search research is unavailable: DATAFORSEO_LOGIN and DATAFORSEO_PASSWORD are not both set");
  return createDataForSeoSerpResearch({ transport: providerTransport(deps), baseUrl: providers.dataforseo.baseUrl, ...credentials });
}

/**
 * The reader of the pages the search results name. Offline results live on `.invalid` hosts only
 * the offline reader serves, so it goes with offline research; otherwise pages are fetched over
 * HTTP through the outbound URL rule (public addresses only unless ALLOW_PRIVATE_URLS).
 */
export function pageReaderFor(deps: ProviderDeps): PageReader {
  if (deps.config.providers.keywords.provider === "offline") return createOfflinePageReader();
  return createHttpPageReader({
    fetch: deps.fetch,
    timeoutMs: deps.config.outboundTimeoutMs,
    checkUrl: (url) => void assertOutboundUrl(url, { allowPrivate: deps.config.allowPrivateUrls }),
  });
}
