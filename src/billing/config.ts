import type { PaytrCredentials } from "../adapters/paytr/port";
import { parseTryToKurus } from "../core/money";
import type { LicenceKind } from "../db/schema";
import type { Env } from "../env";

export interface LicenceOffer {
  priceKurus: number;
  /** How long one purchase extends the licence. */
  months: number;
  /** Articles per calendar month (UTC) while the licence runs. */
  monthlyQuota: number;
}

/** Prices, bounds and providers of billing, parsed from the vars (wrangler.toml has the production defaults). */
export interface BillingConfig {
  /** `offline` signs nothing with PayTR: for local runs; refused in production. */
  paymentProvider: "paytr" | "offline";
  /** Null until the merchant id, key and salt are all set. */
  paytr: PaytrCredentials | null;
  paytrTestMode: boolean;
  topupMinKurus: number;
  topupMaxKurus: number;
  licences: Record<LicenceKind, LicenceOffer>;
  /** Price of one article by model id, in kuruş, in configuration order. */
  articlePricesKurus: Record<string, number>;
  improvementPriceKurus: number;
  /** `provider` checks a BYOK key with a small call to the provider; `offline` only checks its shape. */
  byokKeyCheck: "provider" | "offline";
}

export const DEFAULT_ARTICLE_PRICES_TRY = '{"@cf/meta/llama-3.3-70b-instruct-fp8-fast":"10.00","gpt-4o-mini":"15.00","claude-sonnet-4-5":"40.00"}';

export function parseBillingConfig(env: Env): BillingConfig {
  const merchantId = env.PAYTR_MERCHANT_ID?.trim() ?? "";
  const merchantKey = env.PAYTR_MERCHANT_KEY ?? "";
  const merchantSalt = env.PAYTR_MERCHANT_SALT ?? "";
  const topupMinKurus = amountVar(env.TOPUP_MIN_TRY, "50.00", "TOPUP_MIN_TRY");
  const topupMaxKurus = amountVar(env.TOPUP_MAX_TRY, "50000.00", "TOPUP_MAX_TRY");
  if (topupMinKurus < 1 || topupMaxKurus < topupMinKurus) throw new Error("TOPUP_MIN_TRY must be at least 0.01 and at most TOPUP_MAX_TRY");
  return {
    paymentProvider: oneOf(env.PAYMENT_PROVIDER, ["paytr", "offline"] as const, "paytr", "PAYMENT_PROVIDER"),
    paytr: merchantId && merchantKey && merchantSalt ? { merchantId, merchantKey, merchantSalt } : null,
    paytrTestMode: oneOf(env.PAYTR_TEST_MODE, ["0", "1"] as const, "0", "PAYTR_TEST_MODE") === "1",
    topupMinKurus,
    topupMaxKurus,
    licences: {
      BYOK_MONTHLY: {
        priceKurus: amountVar(env.BYOK_MONTHLY_PRICE_TRY, "499.00", "BYOK_MONTHLY_PRICE_TRY"),
        months: 1,
        monthlyQuota: countVar(env.BYOK_MONTHLY_QUOTA, 100, "BYOK_MONTHLY_QUOTA"),
      },
      BYOK_YEARLY: {
        priceKurus: amountVar(env.BYOK_YEARLY_PRICE_TRY, "4990.00", "BYOK_YEARLY_PRICE_TRY"),
        months: 12,
        monthlyQuota: countVar(env.BYOK_YEARLY_QUOTA, 100, "BYOK_YEARLY_QUOTA"),
      },
    },
    articlePricesKurus: parseArticlePrices(env.ARTICLE_PRICES_TRY || DEFAULT_ARTICLE_PRICES_TRY),
    improvementPriceKurus: amountVar(env.IMPROVEMENT_PRICE_TRY, "5.00", "IMPROVEMENT_PRICE_TRY"),
    byokKeyCheck: oneOf(env.BYOK_KEY_CHECK, ["provider", "offline"] as const, "provider", "BYOK_KEY_CHECK"),
  };
}

function parseArticlePrices(text: string): Record<string, number> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error('ARTICLE_PRICES_TRY must be a JSON object like {"model":"10.00"}');
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed) || Object.keys(parsed).length === 0) {
    throw new Error('ARTICLE_PRICES_TRY must be a non-empty JSON object like {"model":"10.00"}');
  }
  return Object.fromEntries(Object.entries(parsed).map(([model, price]) => [model, amountVar(String(price), "", `ARTICLE_PRICES_TRY.${model}`)]));
}

function amountVar(text: string | undefined, fallback: string, name: string): number {
  const value = text === undefined || text === "" ? fallback : text;
  const kurus = parseTryToKurus(value);
  if (kurus === null) throw new Error(`${name} must be an amount in lira like 150.00, got ${value}`);
  return kurus;
}

function countVar(text: string | undefined, fallback: number, name: string): number {
  if (text === undefined || text === "") return fallback;
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`${name} must be a whole number, got ${text}`);
  return value;
}

function oneOf<const T extends readonly string[]>(text: string | undefined, allowed: T, fallback: T[number], name: string): T[number] {
  if (text === undefined || text === "") return fallback;
  if (!allowed.includes(text)) throw new Error(`${name} must be one of ${allowed.join(", ")}, got ${text}`);
  return text as T[number];
}
