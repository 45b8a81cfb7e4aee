import { z } from "zod";
import type { PaytrCredentials } from "./adapters/paytr/port";
import { IMAGE_PROVIDERS } from "./adapters/image-model/port";
import { KEYWORD_PROVIDERS } from "./adapters/keyword-research/port";
import { TEXT_PROVIDERS } from "./adapters/text-model/port";
import { EMAIL_PROVIDERS, type EmailAddress } from "./adapters/email/port";
import { parseTryToKurus } from "./core/money";
import type { Env } from "./env";

// Every var of the Worker with its default, written here once. wrangler.toml sets only what
// differs from these defaults; `npm run dev` and the tests set their local values.

/** An unset var and an empty one (`VAR = ""` in wrangler.toml) mean the same: the default. */
const unsetWhenEmpty = (value: unknown) => (value === "" ? undefined : value);
const optionalText = () => z.preprocess(unsetWhenEmpty, z.string().trim().optional());
const textVar = (fallback: string) => z.preprocess(unsetWhenEmpty, z.string().trim().default(fallback));
const enumVar = <const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) =>
  z.preprocess(unsetWhenEmpty, z.enum(values).default(fallback));
const flagVar = (fallback: boolean) =>
  z.preprocess(unsetWhenEmpty, z.enum(["true", "false"]).default(fallback ? "true" : "false")).transform((value) => value === "true");
const countVar = (fallback: number, min: number) =>
  z
    .preprocess(unsetWhenEmpty, z.string().regex(/^\d+$/, "must be a whole number").default(String(fallback)))
    .transform(Number)
    .pipe(z.number().int().min(min).max(Number.MAX_SAFE_INTEGER));
const amountVar = (fallback: string) =>
  z.preprocess(unsetWhenEmpty, z.string().default(fallback)).transform((text, ctx) => {
    const kurus = parseTryToKurus(text);
    if (kurus === null) ctx.addIssue({ code: "custom", message: `must be an amount in lira like 150.00, got ${text}` });
    return kurus ?? 0;
  });
const urlVar = (fallback: string) =>
  z.preprocess(unsetWhenEmpty, z.url({ protocol: /^https?$/ }).default(fallback)).transform((url) => url.replace(/\/+$/, ""));

/** `Name <address>` or a bare address; null when unset (the default then follows PUBLIC_BASE_URL). */
const emailFromVar = z.preprocess(unsetWhenEmpty, z.string().trim().optional()).transform((text, ctx): EmailAddress | null => {
  if (text === undefined) return null;
  const match = /^(?:(.*?)\s*<([^<>\s]+@[^<>\s]+\.[^<>\s]+)>|([^<>\s]+@[^<>\s]+\.[^<>\s]+))$/.exec(text);
  if (!match) {
    ctx.addIssue({ code: "custom", message: `must be an address like "Content Autopilot <noreply@example.com>", got ${text}` });
    return null;
  }
  return { name: (match[1] ?? "").replace(/^"(.*)"$/, "$1").trim(), email: (match[2] ?? match[3])! };
});

/** JSON object: model id → price of one article in lira, e.g. {"gpt-4o-mini":"15.00"}. */
const articlePrices = z
  .preprocess(
    unsetWhenEmpty,
    z.string().default('{"@cf/meta/llama-3.3-70b-instruct-fp8-fast":"10.00","gpt-4o-mini":"15.00","claude-sonnet-4-5":"40.00"}'),
  )
  .transform((text, ctx) => {
    const example = 'a non-empty JSON object like {"model":"10.00"}';
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      ctx.addIssue({ code: "custom", message: `must be ${example}` });
      return {};
    }
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed) || Object.keys(parsed).length === 0) {
      ctx.addIssue({ code: "custom", message: `must be ${example}` });
      return {};
    }
    const prices: Record<string, number> = {};
    for (const [model, price] of Object.entries(parsed)) {
      const kurus = parseTryToKurus(String(price));
      if (kurus === null)
        ctx.addIssue({ code: "custom", path: [model], message: `must be an amount in lira like 10.00, got ${String(price)}` });
      prices[model] = kurus ?? 0;
    }
    return prices;
  });

const varsSchema = z.object({
  ENVIRONMENT: textVar("production"),
  ALLOW_PRIVATE_URLS: flagVar(false),
  SIGNUP_CREDIT_TRY: amountVar("0.00"),
  SIGNUP_OPEN: flagVar(false),
  PUBLIC_BASE_URL: z.preprocess(unsetWhenEmpty, z.url({ protocol: /^https?$/ }).optional()),
  LOCAL_PANEL_URL: z.preprocess(unsetWhenEmpty, z.url({ protocol: /^https?$/ }).default("http://localhost:8787")),
  MCP_ALLOWED_ORIGINS: optionalText(),
  PUBLIC_RATE_LIMIT_PER_MINUTE: countVar(100, 1),
  BENCH_RTT_MS: countVar(0, 0),
  BENCH_REPLICA_RTT_MS: countVar(0, 0),
  MANAGEMENT_RATE_LIMIT_PER_MINUTE: countVar(600, 1),
  OUTBOUND_TIMEOUT_MS: countVar(15_000, 1),
  // Billing
  PAYMENT_PROVIDER: enumVar(["paytr", "offline"], "paytr"),
  PAYTR_MERCHANT_ID: optionalText(),
  PAYTR_MERCHANT_KEY: optionalText(),
  PAYTR_MERCHANT_SALT: optionalText(),
  PAYTR_TEST_MODE: enumVar(["0", "1"], "0"),
  TOPUP_MIN_TRY: amountVar("50.00"),
  TOPUP_MAX_TRY: amountVar("50000.00"),
  BYOK_MONTHLY_PRICE_TRY: amountVar("499.00"),
  BYOK_YEARLY_PRICE_TRY: amountVar("4990.00"),
  BYOK_MONTHLY_QUOTA: countVar(100, 0),
  BYOK_YEARLY_QUOTA: countVar(100, 0),
  ARTICLE_PRICES_TRY: articlePrices,
  IMPROVEMENT_PRICE_TRY: amountVar("5.00"),
  CHAT_PRICE_TRY: amountVar("0.00"),
  BYOK_KEY_CHECK: enumVar(["provider", "offline"], "provider"),
  // Model and research providers
  ALLOW_OFFLINE_PROVIDERS: flagVar(false),
  TEXT_PROVIDER: enumVar(TEXT_PROVIDERS, "workers-ai"),
  TEXT_MODEL: optionalText(),
  IMAGE_PROVIDER: enumVar(IMAGE_PROVIDERS, "workers-ai"),
  IMAGE_MODEL: optionalText(),
  KEYWORD_PROVIDER: enumVar(KEYWORD_PROVIDERS, "dataforseo"),
  MODEL_TIMEOUT_MS: countVar(120_000, 1),
  MODEL_MAX_RETRIES: countVar(2, 0),
  OPENAI_BASE_URL: urlVar("https://api.openai.com/v1"),
  OPENAI_API_KEY: optionalText(),
  OPENAI_MAX_TOKENS_FIELD: enumVar(["max_completion_tokens", "max_tokens"], "max_completion_tokens"),
  ANTHROPIC_BASE_URL: urlVar("https://api.anthropic.com/v1"),
  ANTHROPIC_API_KEY: optionalText(),
  ANTHROPIC_STRUCTURED_OUTPUT: enumVar(["output_config", "tool"], "output_config"),
  DATAFORSEO_BASE_URL: urlVar("https://api.dataforseo.com/v3"),
  DATAFORSEO_LOGIN: optionalText(),
  DATAFORSEO_PASSWORD: optionalText(),
  // The search loop: Google Search Console and IndexNow
  SEARCH_CONSOLE_PROVIDER: enumVar(["google", "offline"], "google"),
  GOOGLE_CLIENT_ID: optionalText(),
  GOOGLE_CLIENT_SECRET: optionalText(),
  GOOGLE_AUTH_URL: urlVar("https://accounts.google.com/o/oauth2/v2/auth"),
  GOOGLE_TOKEN_URL: urlVar("https://oauth2.googleapis.com/token"),
  GOOGLE_REVOKE_URL: urlVar("https://oauth2.googleapis.com/revoke"),
  SEARCH_CONSOLE_BASE_URL: urlVar("https://searchconsole.googleapis.com"),
  INDEXNOW_PROVIDER: enumVar(["indexnow", "offline"], "indexnow"),
  INDEXNOW_ENDPOINT: urlVar("https://api.indexnow.org/indexnow"),
  // Site health: cannibalisation and traction (docs/guides/site-health.md gives the evidence)
  CANNIBALIZATION_MIN_SHARE_PERCENT: countVar(20, 1),
  CANNIBALIZATION_MIN_IMPRESSIONS: countVar(10, 1),
  TRACTION_MIN_AGE_DAYS: countVar(28, 1),
  TRACTION_EARNING_IMPRESSIONS: countVar(100, 1),
  TRACTION_EARNING_CLICKS: countVar(5, 1),
  TRACTION_NONE_BELOW_IMPRESSIONS: countVar(10, 1),
  TRACTION_NOINDEX_AFTER_DAYS: countVar(56, 1),
  TRACTION_UNPUBLISH_AFTER_DAYS: countVar(112, 1),
  // The autopilot pipeline
  MIN_ARTICLE_WORDS: countVar(800, 1),
  STUCK_RUN_MINUTES: countVar(30, 1),
  RUN_WAIT_SECONDS: countVar(600, 1),
  // Webhooks
  WEBHOOK_TIMEOUT_MS: countVar(10_000, 1),
  // E-mail (docs/guides/email.md)
  EMAIL_PROVIDER: enumVar(EMAIL_PROVIDERS, "cloudflare"),
  EMAIL_FROM: emailFromVar,
  EMAIL_DEV_SINK_URL: z.preprocess(unsetWhenEmpty, z.url({ protocol: /^https?$/ }).optional()),
  LOW_BALANCE_TRY: amountVar("50.00"),
  EMAIL_DAILY_LIMIT_PER_ACCOUNT: countVar(200, 1),
  INVITATIONS_PER_DAY: countVar(30, 1),
});

/** The model each text and image provider uses when TEXT_MODEL / IMAGE_MODEL are not set. */
export const DEFAULT_TEXT_MODELS = {
  "workers-ai": "@cf/meta/llama-3.3-70b-instruct-fp8-fast",
  openai: "gpt-4o-mini",
  anthropic: "claude-sonnet-4-5",
  offline: "offline-draft",
} as const;
export const DEFAULT_IMAGE_MODELS = {
  "workers-ai": "@cf/black-forest-labs/flux-1-schnell",
  openai: "gpt-image-1",
  offline: "offline-placeholder",
} as const;

const configSchema = varsSchema
  .transform((v) => ({
    environment: v.ENVIRONMENT,
    allowPrivateUrls: v.ALLOW_PRIVATE_URLS,
    signupCreditKurus: v.SIGNUP_CREDIT_TRY,
    /** Anyone may create an account with email and password (POST /api/session/signup). */
    signupOpen: v.SIGNUP_OPEN,
    /** Invitations one account may make per rolling day, withdrawn ones included (then 429). */
    invitationsPerDay: v.INVITATIONS_PER_DAY,
    publicBaseUrl: v.PUBLIC_BASE_URL ? v.PUBLIC_BASE_URL.replace(/\/+$/, "") : null,
    /** Outside production, the panel's origin in e-mail links when PUBLIC_BASE_URL is unset (`npm run dev` sets its own port). */
    localPanelUrl: v.LOCAL_PANEL_URL.replace(/\/+$/, ""),
    /** Browser origins besides the service's own that may call /mcp (comma-separated); none by default. */
    mcpAllowedOrigins: (v.MCP_ALLOWED_ORIGINS ?? "")
      .split(",")
      .map((origin) => origin.trim().replace(/\/+$/, ""))
      .filter(Boolean),
    publicRateLimitPerMinute: v.PUBLIC_RATE_LIMIT_PER_MINUTE,
    /** Benchmarks only (src/services/far.ts): milliseconds added before every D1 and Durable Object call; never in production. */
    benchRttMs: v.ENVIRONMENT === "production" ? 0 : v.BENCH_RTT_MS,
    /** Benchmarks only, with benchRttMs: a read replica this near answers D1 sessions not bound to the primary (0: no replica). */
    benchReplicaRttMs: v.ENVIRONMENT === "production" ? 0 : v.BENCH_REPLICA_RTT_MS,
    /** Management requests per rolling minute per account (all its tokens together). */
    managementRateLimitPerMinute: v.MANAGEMENT_RATE_LIMIT_PER_MINUTE,
    /** How long a call to a user's site may take before it is a 504. */
    outboundTimeoutMs: v.OUTBOUND_TIMEOUT_MS,
    billing: {
      /** `offline` signs nothing with PayTR: for local runs; refused in production. */
      paymentProvider: v.PAYMENT_PROVIDER,
      /** Null until the merchant id, key and salt are all set. */
      paytr: (v.PAYTR_MERCHANT_ID && v.PAYTR_MERCHANT_KEY && v.PAYTR_MERCHANT_SALT
        ? { merchantId: v.PAYTR_MERCHANT_ID, merchantKey: v.PAYTR_MERCHANT_KEY, merchantSalt: v.PAYTR_MERCHANT_SALT }
        : null) as PaytrCredentials | null,
      paytrTestMode: v.PAYTR_TEST_MODE === "1",
      topupMinKurus: v.TOPUP_MIN_TRY,
      topupMaxKurus: v.TOPUP_MAX_TRY,
      licences: {
        BYOK_MONTHLY: { priceKurus: v.BYOK_MONTHLY_PRICE_TRY, months: 1, monthlyQuota: v.BYOK_MONTHLY_QUOTA },
        BYOK_YEARLY: { priceKurus: v.BYOK_YEARLY_PRICE_TRY, months: 12, monthlyQuota: v.BYOK_YEARLY_QUOTA },
      },
      /** Price of one article by model id, in kuruş. */
      articlePricesKurus: v.ARTICLE_PRICES_TRY,
      improvementPriceKurus: v.IMPROVEMENT_PRICE_TRY,
      /** One message to a site agent; 0 (the default) leaves chat free. Credits accounts only. */
      chatPriceKurus: v.CHAT_PRICE_TRY,
      /** `provider` checks a BYOK key with a small call to the provider; `offline` only checks its shape. */
      byokKeyCheck: v.BYOK_KEY_CHECK,
    },
    pipeline: {
      /** Generated articles have at least this many words. */
      minArticleWords: v.MIN_ARTICLE_WORDS,
      /** A run with no progress for this long is restarted by the cron tick (a lost message, a dev restart). */
      stuckRunMs: v.STUCK_RUN_MINUTES * 60_000,
      /** How long POST /autopilot/items/{id}/run waits for its run before answering 504 (the run goes on). */
      runWaitMs: v.RUN_WAIT_SECONDS * 1000,
    },
    search: {
      /** `offline` invents plausible figures for every site (no Google account): for local runs; refused in production. */
      provider: v.SEARCH_CONSOLE_PROVIDER,
      /** Null until the client id and secret are both set: the integration then says it is not configured. */
      google:
        v.GOOGLE_CLIENT_ID && v.GOOGLE_CLIENT_SECRET
          ? {
              clientId: v.GOOGLE_CLIENT_ID,
              clientSecret: v.GOOGLE_CLIENT_SECRET,
              authUrl: v.GOOGLE_AUTH_URL,
              tokenUrl: v.GOOGLE_TOKEN_URL,
              revokeUrl: v.GOOGLE_REVOKE_URL,
              searchConsoleUrl: v.SEARCH_CONSOLE_BASE_URL,
            }
          : null,
      /** `offline` records each submission without sending it: for local runs. */
      indexNowProvider: v.INDEXNOW_PROVIDER,
      indexNowEndpoint: v.INDEXNOW_ENDPOINT,
    },
    /** The thresholds of the cannibalisation and traction lists (src/site-health/). */
    siteHealth: {
      /** A page takes a real share of a query: at least this percentage of the site's impressions for it, and this many impressions. */
      cannibalization: { minSharePercent: v.CANNIBALIZATION_MIN_SHARE_PERCENT, minImpressions: v.CANNIBALIZATION_MIN_IMPRESSIONS },
      traction: {
        /** Articles published at least this long ago are listed. */
        minAgeDays: v.TRACTION_MIN_AGE_DAYS,
        /** Earning: this many impressions or clicks over the last 28 days. */
        earningImpressions: v.TRACTION_EARNING_IMPRESSIONS,
        earningClicks: v.TRACTION_EARNING_CLICKS,
        /** None: fewer impressions than this over the last 28 days. */
        noneBelowImpressions: v.TRACTION_NONE_BELOW_IMPRESSIONS,
        /** A page with none this old is suggested noindex; this old, unpublish. */
        noindexAfterDays: v.TRACTION_NOINDEX_AFTER_DAYS,
        unpublishAfterDays: v.TRACTION_UNPUBLISH_AFTER_DAYS,
      },
    },
    /** How long a webhook receiver may take to answer before the attempt counts as failed. */
    webhookTimeoutMs: v.WEBHOOK_TIMEOUT_MS,
    email: {
      /** `cloudflare` (the send_email binding EMAIL), `dev` (.eml files through the dev mail sink), `off` (recorded, never sent). */
      provider: v.EMAIL_PROVIDER,
      /** The sender: EMAIL_FROM, else "Content Autopilot" at noreply@ the host of PUBLIC_BASE_URL; its domain must be onboarded. */
      from: v.EMAIL_FROM ?? {
        name: "Content Autopilot",
        email: `noreply@${v.PUBLIC_BASE_URL ? new URL(v.PUBLIC_BASE_URL).hostname : "localhost"}`,
      },
      /** Where the dev sender POSTs each raw message (scripts/mail-sink.mjs); null: the subject is only logged. */
      devSinkUrl: v.EMAIL_DEV_SINK_URL ?? null,
      /** A credits balance that falls below this is told to the owners once per crossing (balance_low). */
      lowBalanceKurus: v.LOW_BALANCE_TRY,
      /** E-mails one account may queue per rolling day (invitations included); the rest are stored as skipped. */
      dailyLimitPerAccount: v.EMAIL_DAILY_LIMIT_PER_ACCOUNT,
    },
    providers: {
      /** Offline providers (and the offline key check) are refused in production unless this is set. */
      allowOffline: v.ALLOW_OFFLINE_PROVIDERS,
      text: { provider: v.TEXT_PROVIDER, model: v.TEXT_MODEL ?? DEFAULT_TEXT_MODELS[v.TEXT_PROVIDER] },
      image: { provider: v.IMAGE_PROVIDER, model: v.IMAGE_MODEL ?? DEFAULT_IMAGE_MODELS[v.IMAGE_PROVIDER] },
      keywords: { provider: v.KEYWORD_PROVIDER },
      timeoutMs: v.MODEL_TIMEOUT_MS,
      maxRetries: v.MODEL_MAX_RETRIES,
      openai: { baseUrl: v.OPENAI_BASE_URL, apiKey: v.OPENAI_API_KEY ?? null, maxTokensField: v.OPENAI_MAX_TOKENS_FIELD },
      anthropic: { baseUrl: v.ANTHROPIC_BASE_URL, apiKey: v.ANTHROPIC_API_KEY ?? null, structuredOutput: v.ANTHROPIC_STRUCTURED_OUTPUT },
      dataforseo: {
        baseUrl: v.DATAFORSEO_BASE_URL,
        credentials: v.DATAFORSEO_LOGIN && v.DATAFORSEO_PASSWORD ? { login: v.DATAFORSEO_LOGIN, password: v.DATAFORSEO_PASSWORD } : null,
      },
    },
  }))
  .superRefine((config, ctx) => {
    const { topupMinKurus, topupMaxKurus } = config.billing;
    if (topupMinKurus < 1 || topupMaxKurus < topupMinKurus) {
      ctx.addIssue({ code: "custom", path: ["TOPUP_MIN_TRY"], message: "must be at least 0.01 and at most TOPUP_MAX_TRY" });
    }
  });

/** The typed view of the vars and secrets. */
export type Config = z.output<typeof configSchema>;
export type BillingConfig = Config["billing"];
export type ProvidersConfig = Config["providers"];
export type SearchConfig = Config["search"];
export type GoogleConfig = NonNullable<SearchConfig["google"]>;
export type LicenceOffer = BillingConfig["licences"]["BYOK_MONTHLY"];
export type EmailConfig = Config["email"];
export type SiteHealthConfig = Config["siteHealth"];

const parsed = new WeakMap<object, Config>();

/**
 * Parses the vars once per `env` object (the runtime hands the same object to every request of
 * an isolate). A bad var throws an Error naming it: a misconfigured Worker says what is wrong.
 */
export function parseConfig(env: Env): Config {
  const cached = parsed.get(env);
  if (cached) return cached;
  const result = configSchema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join(".") || "config"} ${issue.message}`);
    throw new Error(`Invalid configuration: ${problems.join("; ")}`);
  }
  parsed.set(env, result.data);
  return result.data;
}
