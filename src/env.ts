import type { RateLimiter } from "./durable-objects/rate-limiter";
import { parseTryToKurus } from "./core/money";
import { parseBillingConfig, type BillingConfig } from "./billing/config";

/** Every binding, var and secret the Worker uses (wrangler.toml declares the bindings). */
export interface Env {
  DB: D1Database;
  MEDIA: R2Bucket;
  IMAGES: ImagesBinding;
  /** Workers AI; absent under `wrangler dev --local` and in tests (no local simulation). */
  AI?: Ai;
  GENERATION_QUEUE: Queue<unknown>;
  WEBHOOK_QUEUE: Queue<unknown>;
  RATE_LIMITER: DurableObjectNamespace<RateLimiter>;
  ENVIRONMENT: string;
  ALLOW_PRIVATE_URLS: string;
  SIGNUP_CREDIT_TRY: string;
  PUBLIC_BASE_URL?: string;
  /** The public API's requests per rolling minute per account; 100 unless set (benchmarks raise it). */
  PUBLIC_RATE_LIMIT_PER_MINUTE?: string;
  ADMIN_TOKEN?: string;
  ENCRYPTION_KEY?: string;
  /** Milliseconds before a call to a user's site (WordPress, XenForo) is given up; default 15000. */
  OUTBOUND_TIMEOUT_MS?: string;
  /** Billing (src/billing/config.ts): `paytr` or `offline`; PayTR store credentials (key and salt are secrets). */
  PAYMENT_PROVIDER?: string;
  PAYTR_MERCHANT_ID?: string;
  PAYTR_MERCHANT_KEY?: string;
  PAYTR_MERCHANT_SALT?: string;
  PAYTR_TEST_MODE?: string;
  TOPUP_MIN_TRY?: string;
  TOPUP_MAX_TRY?: string;
  BYOK_MONTHLY_PRICE_TRY?: string;
  BYOK_YEARLY_PRICE_TRY?: string;
  BYOK_MONTHLY_QUOTA?: string;
  BYOK_YEARLY_QUOTA?: string;
  /** JSON object: model id → price of one article in lira, e.g. {"gpt-4o-mini":"15.00"}. */
  ARTICLE_PRICES_TRY?: string;
  IMPROVEMENT_PRICE_TRY?: string;
  /** `provider` (a small call to the model provider) or `offline` (shape only, for local runs). */
  BYOK_KEY_CHECK?: string;
}

/** The typed view of the string vars; parsed per request, never at module load. */
export interface Config {
  environment: string;
  allowPrivateUrls: boolean;
  signupCreditKurus: number;
  publicBaseUrl: string | null;
  publicRateLimitPerMinute: number;
  /** How long a call to a user's site may take before it is a 504. */
  outboundTimeoutMs: number;
  billing: BillingConfig;
}

export function parseConfig(env: Env): Config {
  const signupCreditKurus = parseTryToKurus(env.SIGNUP_CREDIT_TRY ?? "0");
  if (signupCreditKurus === null) throw new Error(`SIGNUP_CREDIT_TRY is not an amount: ${env.SIGNUP_CREDIT_TRY}`);
  return {
    environment: env.ENVIRONMENT ?? "production",
    allowPrivateUrls: env.ALLOW_PRIVATE_URLS === "true",
    signupCreditKurus,
    publicBaseUrl: env.PUBLIC_BASE_URL ? env.PUBLIC_BASE_URL.replace(/\/+$/, "") : null,
    publicRateLimitPerMinute: positiveIntegerVar(env.PUBLIC_RATE_LIMIT_PER_MINUTE, 100, "PUBLIC_RATE_LIMIT_PER_MINUTE"),
    outboundTimeoutMs: positiveIntegerVar(env.OUTBOUND_TIMEOUT_MS, 15_000, "OUTBOUND_TIMEOUT_MS"),
    billing: parseBillingConfig(env),
  };
}

function positiveIntegerVar(text: string | undefined, fallback: number, name: string): number {
  if (text === undefined || text === "") return fallback;
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`${name} must be a positive integer, got ${text}`);
  return value;
}
