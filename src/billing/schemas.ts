import { z } from "@hono/zod-openapi";
import {
  BILLING_MODES,
  BYOK_PROVIDERS,
  LEDGER_KINDS,
  LICENCE_KINDS,
  PAYMENT_FAILURE_CODES,
  PAYMENT_PURPOSES,
  PAYMENT_STATUSES,
} from "../db/schema";
import { formatKurus, parseTryToKurus } from "../core/money";
import type { ByokKeyRow } from "./byok-keys";
import type { BillingConfig } from "../config";
import type { LedgerEntry } from "./ledger";
import type { Payment } from "./payments";
import type { Balance } from "./balance";

const Money = (example: string) => z.string().openapi({ description: "Turkish lira as a decimal string with two places", example });

/**
 * A JSON number of lira → kuruş without floating-point arithmetic: the number's shortest
 * decimal text (what JSON.parse read, e.g. 150.1 for "150.10") is parsed as text.
 * Null when it has more than two decimals or is not a plain decimal (NaN, 1e21).
 */
export function liraNumberToKurus(value: number): number | null {
  if (!Number.isFinite(value)) return null;
  const kurus = parseTryToKurus(String(Math.abs(value)));
  return kurus === null ? null : value < 0 ? -kurus : kurus;
}

const liraAmount = (description: string) =>
  z
    .number()
    .refine((value) => liraNumberToKurus(value) !== null, {
      message: "must be an amount in lira with at most two decimals (below 1000000000)",
    })
    .openapi({ description, example: 150 });

// ---- requests ----

export const TopupBodySchema = z
  .object({
    amountTry: liraAmount("Amount in Turkish lira, at most two decimals; bounds in GET /billing/packages").refine(
      (v) => v > 0,
      "must be positive",
    ),
  })
  .strict()
  .openapi("TopupRequest");

export const LicenceBodySchema = z
  .object({ kind: z.enum(LICENCE_KINDS) })
  .strict()
  .openapi("LicenceRequest");

export const ByokKeyBodySchema = z
  .object({
    provider: z.enum(BYOK_PROVIDERS),
    apiKey: z
      .string()
      .min(8)
      .max(400)
      .regex(/^\S+$/, "must not contain spaces or line breaks")
      .openapi({ description: "Stored encrypted; never returned", example: "sk-…" }),
    model: z
      .string()
      .min(1)
      .max(100)
      .regex(/^[A-Za-z0-9._:/@-]+$/, "must be a model id such as gpt-4o-mini")
      .optional()
      .openapi({ description: "Default: gpt-4o-mini (openai), claude-sonnet-4-5 (anthropic)" }),
  })
  .strict()
  .openapi("ByokKeyRequest");

export const MerchantOidParamSchema = z.object({ merchantOid: z.string().min(1).max(64) });

export const AccountIdParamSchema = z.object({ id: z.string().min(1).max(64) });

export const AdjustmentBodySchema = z
  .object({
    amountTry: liraAmount("Signed amount in lira: positive adds, negative takes away")
      .refine((v) => v !== 0, "must not be zero")
      .refine((v) => Math.abs(v) <= 1_000_000, "must be at most 1000000 either way"),
    reason: z.string().trim().min(1).max(500),
    reference: z
      .string()
      .min(1)
      .max(100)
      .regex(/^[A-Za-z0-9._:-]+$/, "may hold letters, digits and . _ : -")
      .optional()
      .openapi({ description: "Your idempotency key (e.g. a ticket id): an adjustment with a used reference is not applied again" }),
  })
  .strict()
  .openapi("AdjustmentRequest");

// PayTR posts these form fields (PayTR's iFrame API, the callback); others it may add are kept for the hash check.
export const PaytrCallbackFormSchema = z
  .looseObject({
    merchant_oid: z.string().min(1).max(64),
    status: z.string().max(20),
    total_amount: z.string().max(20),
    hash: z.string().max(200),
  })
  .openapi("PaytrCallback");

// ---- responses ----

export const BalanceSchema = z
  .object({
    billingMode: z.enum(BILLING_MODES),
    creditBalance: Money("100.00"),
    byok: z.object({
      kind: z.enum(LICENCE_KINDS).nullable(),
      expiresAt: z.string().nullable().openapi({ example: "2026-12-22T08:00:00Z" }),
      quota: z.number().int().nullable().openapi({ description: "Articles per calendar month (UTC) under the licence" }),
      used: z.number().int().openapi({ description: "BYOK articles this calendar month (UTC)" }),
    }),
    reserved: z
      .object({
        amount: Money("15.00").openapi({
          description: "Credits already taken from the balance for work under way: kept when it finishes, refunded when it fails",
        }),
        count: z.number().int().openapi({ description: "Reservations held" }),
        oldestAt: z
          .string()
          .nullable()
          .openapi({ description: "When the oldest was made; one older than an hour is settled or refunded by the hourly sweep" }),
      })
      .openapi({ description: "Reservations not yet settled or refunded" }),
  })
  .openapi("Balance");

export const PackagesSchema = z
  .object({
    currency: z.literal("TRY"),
    licences: z.array(
      z.object({ kind: z.enum(LICENCE_KINDS), price: Money("499.00"), months: z.number().int(), monthlyQuota: z.number().int() }),
    ),
    articlePrices: z.array(z.object({ model: z.string(), price: Money("15.00") })),
    improvementPrice: Money("5.00"),
    chatPrice: Money("0.00").openapi({ description: "One message to a site's agent (credits accounts; 0.00: free)" }),
    topup: z.object({ min: Money("50.00"), max: Money("50000.00") }),
  })
  .openapi("Packages");

export const TransactionSchema = z
  .object({
    id: z.string(),
    kind: z.enum(LEDGER_KINDS),
    amount: Money("-15.00"),
    balanceAfter: Money("85.00"),
    reference: z.string(),
    note: z.string().nullable(),
    createdAt: z.string(),
  })
  .openapi("Transaction");
export type Transaction = z.infer<typeof TransactionSchema>;

export const CheckoutSchema = z
  .object({
    paymentToken: z.string().openapi({ description: "PayTR iframe token" }),
    merchantOid: z.string().openapi({ description: "Our order id; see GET /billing/payments/{merchantOid}" }),
    iframeUrl: z.string().openapi({ example: "https://www.paytr.com/odeme/guvenli/…" }),
  })
  .openapi("Checkout");

export const PaymentSchema = z
  .object({
    merchantOid: z.string(),
    purpose: z.enum(PAYMENT_PURPOSES),
    licenceKind: z.enum(LICENCE_KINDS).nullable(),
    amount: Money("150.00"),
    status: z.enum(PAYMENT_STATUSES),
    testMode: z.boolean(),
    failedReason: z
      .string()
      .nullable()
      .openapi({ description: "Why the payment failed, as the payment provider said it (its own words and language)" }),
    failedCode: z
      .enum(PAYMENT_FAILURE_CODES)
      .nullable()
      .openapi({ description: "Why the payment failed, as a code the panel words in the owner's language; null unless failed" }),
    createdAt: z.string(),
    completedAt: z.string().nullable(),
  })
  .openapi("Payment");

export const ByokKeySchema = z
  .object({
    provider: z.enum(BYOK_PROVIDERS),
    model: z.string(),
    keyLastFour: z.string(),
    verified: z.boolean().openapi({ description: "The provider answered a test request with this key" }),
    verifiedAt: z.string().nullable(),
    updatedAt: z.string(),
  })
  .openapi("ByokKey");

export const AdjustmentResultSchema = z
  .object({ transaction: TransactionSchema, creditBalance: Money("120.00") })
  .openapi("AdjustmentResult");

export function toBalance(balance: Balance): z.infer<typeof BalanceSchema> {
  return {
    billingMode: balance.billingMode,
    creditBalance: formatKurus(balance.creditBalanceKurus),
    byok: balance.byok,
    reserved: { amount: formatKurus(balance.reserved.kurus), count: balance.reserved.count, oldestAt: balance.reserved.oldestAt },
  };
}

export function toTransaction(entry: LedgerEntry): Transaction {
  return {
    id: String(entry.id),
    kind: entry.kind,
    amount: formatKurus(entry.amountKurus),
    balanceAfter: formatKurus(entry.balanceAfterKurus),
    reference: entry.reference,
    note: entry.note,
    createdAt: entry.createdAt,
  };
}

export function toPayment(payment: Payment): z.infer<typeof PaymentSchema> {
  return {
    merchantOid: payment.merchantOid,
    purpose: payment.purpose,
    licenceKind: payment.licenceKind,
    amount: formatKurus(payment.amountKurus),
    status: payment.status,
    testMode: payment.testMode,
    failedReason: payment.failedReason,
    failedCode: payment.failedCode,
    createdAt: payment.createdAt,
    completedAt: payment.completedAt,
  };
}

export function toByokKey(row: ByokKeyRow): z.infer<typeof ByokKeySchema> {
  return {
    provider: row.provider,
    model: row.model,
    keyLastFour: row.keyLastFour,
    verified: row.verifiedAt !== null,
    verifiedAt: row.verifiedAt,
    updatedAt: row.updatedAt,
  };
}

export function toPackages(config: BillingConfig): z.infer<typeof PackagesSchema> {
  return {
    currency: "TRY",
    licences: LICENCE_KINDS.map((kind) => ({
      kind,
      price: formatKurus(config.licences[kind].priceKurus),
      months: config.licences[kind].months,
      monthlyQuota: config.licences[kind].monthlyQuota,
    })),
    articlePrices: Object.entries(config.articlePricesKurus).map(([model, price]) => ({ model, price: formatKurus(price) })),
    improvementPrice: formatKurus(config.improvementPriceKurus),
    chatPrice: formatKurus(config.chatPriceKurus),
    topup: { min: formatKurus(config.topupMinKurus), max: formatKurus(config.topupMaxKurus) },
  };
}
