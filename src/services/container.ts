import type { ModelKeyChecker } from "../adapters/llm-key-check/port";
import type { PaymentProvider } from "../adapters/paytr/port";
import { parseConfig, type Config } from "../config";
import { createDb, type Database } from "../db/client";
import { farDatabase, farNamespace } from "./far";
import type { AccountState } from "../durable-objects/account-state";
import type { Env } from "../env";
import type { ItemRunParams } from "../core/queue-messages";
import type { ImageModel } from "../adapters/image-model/port";
import type { KeywordResearch } from "../adapters/keyword-research/port";
import type { PageReader } from "../adapters/page-reader/port";
import type { SerpResearcher } from "../adapters/serp-research/port";
import type { TextModel } from "../adapters/text-model/port";
import type { WorkersAiBinding } from "../adapters/workers-ai-binding";
import { imageModelFor, keywordResearchFor, pageReaderFor, serpResearchFor, textModelFor } from "./model-providers";
import { keyChecker, paymentProvider } from "./providers";
import type { GoogleOAuth } from "../adapters/google-oauth/port";
import type { IndexNow } from "../adapters/index-now/port";
import type { SearchConsole } from "../adapters/search-console/port";
import { googleOAuthFor, indexNowFor, searchConsoleFor } from "./search-providers";
import type { EmailSender } from "../adapters/email/port";
import { emailSenderFor } from "./email-provider";

/**
 * Everything the areas need, built from `Env` in one place and used alike by the HTTP
 * middleware, the queue consumer, the cron tick and the pipeline. Providers are built when
 * first asked for, so a route that never calls PayTR works while PayTR is not configured.
 */
export interface Services {
  db: Database;
  /** The D1 binding itself, for what Drizzle does not wrap: sessions and their bookmarks (read replicas). */
  d1: D1Database;
  config: Config;
  /** The fetch for every call to the outside world: user sites, webhooks, model and payment providers. */
  fetch: typeof fetch;
  /** The ENCRYPTION_KEY secret (credentials at rest); checked where it is used. */
  encryptionKey: string | undefined;
  media: { bucket: R2Bucket; images: ImagesBinding };
  accountState: DurableObjectNamespace<AccountState>;
  queues: { generation: Queue<unknown>; webhooks: Queue<unknown>; search: Queue<unknown> };
  /** The Workflow that runs one plan item (src/pipeline/workflow.ts). */
  pipeline: Workflow<ItemRunParams>;
  /** Waits between provider retries (tests record instead of sleeping). */
  sleep: (ms: number) => Promise<void>;
  /** Workers AI; absent under `wrangler dev --local` and in tests unless a stand-in is given. */
  ai: WorkersAiBinding | undefined;
  paymentProvider(): PaymentProvider;
  keyChecker(): ModelKeyChecker;
  /** The operator's text model (credits accounts; per account: src/billing/account-models.ts). */
  textModel(): TextModel;
  imageModel(): ImageModel;
  keywordResearch(): KeywordResearch;
  /** The live search results of a keyword (KEYWORD_PROVIDER chooses it, as it does keyword research). */
  serpResearch(): SerpResearcher;
  /** Reads the pages of those results; offline with offline research. */
  pageReader(): PageReader;
  /** Google's OAuth client for Search Console; throws `google_not_configured` without a client id and secret. */
  googleOAuth(): GoogleOAuth;
  /** Search Console (SEARCH_CONSOLE_PROVIDER): Google's API, or the offline stand-in. */
  searchConsole(): SearchConsole;
  /** IndexNow (INDEXNOW_PROVIDER): the shared endpoint, or the offline recorder. */
  indexNow(): IndexNow;
  /** E-mail (EMAIL_PROVIDER): the send_email binding, or the local .eml sink (src/email/ sends through it). */
  email(): EmailSender;
}

/** What tests (or another entry point) replace: the outside world, the clock of retries, the parsed vars. */
export type ServiceOverrides = Partial<Pick<Services, "fetch" | "ai" | "sleep" | "config" | "d1">> & {
  queues?: Partial<Services["queues"]>;
  /** Stands in for the configured e-mail sender (tests: test/fakes/email.ts). */
  email?: EmailSender;
};

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function buildServices(env: Env, overrides: ServiceOverrides = {}): Services {
  const config = overrides.config ?? parseConfig(env);
  const far = config.benchRttMs;
  const d1 = overrides.d1 ?? (far > 0 ? farDatabase(env.DB, far, config.benchReplicaRttMs) : env.DB);
  const services: Services = {
    db: createDb(d1),
    d1,
    config,
    fetch: overrides.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    encryptionKey: env.ENCRYPTION_KEY,
    media: { bucket: env.MEDIA, images: env.IMAGES },
    accountState: far > 0 ? farNamespace(env.ACCOUNT_STATE, far) : env.ACCOUNT_STATE,
    queues: { generation: env.GENERATION_QUEUE, webhooks: env.WEBHOOK_QUEUE, search: env.SEARCH_QUEUE, ...overrides.queues },
    pipeline: env.ITEM_PIPELINE,
    sleep: overrides.sleep ?? sleepFor,
    ai: overrides.ai ?? (env.AI as WorkersAiBinding | undefined),
    paymentProvider: () => paymentProvider(config, services.fetch),
    keyChecker: () => keyChecker(config, services.fetch),
    textModel: () => textModelFor(services),
    imageModel: () => imageModelFor(services),
    keywordResearch: () => keywordResearchFor(services),
    serpResearch: () => serpResearchFor(services),
    pageReader: () => pageReaderFor(services),
    googleOAuth: () => googleOAuthFor(services),
    searchConsole: () => searchConsoleFor(services),
    indexNow: () => indexNowFor(services),
    email: () => overrides.email ?? emailSenderFor(config, env.EMAIL, services.fetch),
  };
  return services;
}
