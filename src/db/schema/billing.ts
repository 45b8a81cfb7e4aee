import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { accounts } from "./accounts";
import { createdAt, updatedAt } from "./columns";

export const LICENCE_KINDS = ["BYOK_MONTHLY", "BYOK_YEARLY"] as const;
export type LicenceKind = (typeof LICENCE_KINDS)[number];

export const PAYMENT_PURPOSES = ["topup", "licence"] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];
export const PAYMENT_STATUSES = ["pending", "succeeded", "failed"] as const;
/** Why a payment failed, in words the panel translates (PayTR's failed_reason_code, grouped; ours for a page not created). */
export const PAYMENT_FAILURE_CODES = [
  "declined",
  "authentication_failed",
  "security_check_failed",
  "abandoned",
  "instalment_not_supported",
  "card_not_allowed",
  "three_d_secure_required",
  "integration_error",
  "page_not_created",
  "other",
] as const;
export type PaymentFailureCode = (typeof PAYMENT_FAILURE_CODES)[number];
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * A payment started at the provider. `merchantOid` is our order id at PayTR (alphanumeric);
 * the account is credited or licensed only by the provider's signed callback.
 * `claimToken` is the nonce of the batch that completed it (see billing/payments.ts).
 */
export const payments = sqliteTable(
  "payments",
  {
    merchantOid: text("merchant_oid").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    purpose: text("purpose", { enum: PAYMENT_PURPOSES }).notNull(),
    licenceKind: text("licence_kind", { enum: LICENCE_KINDS }),
    amountKurus: integer("amount_kurus").notNull(),
    status: text("status", { enum: PAYMENT_STATUSES }).notNull().default("pending"),
    testMode: integer("test_mode", { mode: "boolean" }).notNull().default(false),
    paidAmountKurus: integer("paid_amount_kurus"),
    failedReason: text("failed_reason"),
    failedCode: text("failed_code", { enum: PAYMENT_FAILURE_CODES }),
    claimToken: text("claim_token"),
    createdAt: createdAt(),
    completedAt: text("completed_at"),
  },
  (t) => [index("payments_account_idx").on(t.accountId, t.createdAt)],
);

export const CHARGE_MODES = ["credits", "byok"] as const;
export type ChargeMode = (typeof CHARGE_MODES)[number];
export const CHARGE_KINDS = ["generation", "improvement", "chat"] as const;
export type ChargeKind = (typeof CHARGE_KINDS)[number];
export const CHARGE_STATUSES = ["reserved", "settled", "refunded"] as const;
export type ChargeStatus = (typeof CHARGE_STATUSES)[number];

/**
 * What one generation costs: credits reserved before it starts (mode `credits`), or one unit
 * of the monthly BYOK quota (mode `byok`, `quotaMonth` like `2026-11`). `reference` is the
 * caller's idempotency key: reserve, settle and refund happen at most once per reference.
 */
export const charges = sqliteTable(
  "charges",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    reference: text("reference").notNull(),
    mode: text("mode", { enum: CHARGE_MODES }).notNull(),
    kind: text("kind", { enum: CHARGE_KINDS }).notNull(),
    amountKurus: integer("amount_kurus").notNull(),
    quotaMonth: text("quota_month"),
    status: text("status", { enum: CHARGE_STATUSES }).notNull().default("reserved"),
    claimToken: text("claim_token"),
    /** The site the work was for (the report's site filter); null for charges made before it was recorded. */
    siteId: text("site_id"),
    createdAt: createdAt(),
    finishedAt: text("finished_at"),
  },
  (t) => [
    uniqueIndex("charges_account_reference_unique").on(t.accountId, t.reference),
    index("charges_quota_idx").on(t.accountId, t.quotaMonth),
    // The reservation sweep: reserved charges by age, without reading finished ones.
    index("charges_reserved_idx").on(t.createdAt).where(sql`${t.status} = 'reserved'`),
  ],
);

/** The paid BYOK licence of an account (at most one; extended by each purchase). */
export const byokLicences = sqliteTable("byok_licences", {
  accountId: text("account_id")
    .primaryKey()
    .references(() => accounts.id, { onDelete: "cascade" }),
  kind: text("kind", { enum: LICENCE_KINDS }).notNull(),
  expiresAt: text("expires_at").notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const BYOK_PROVIDERS = ["openai", "anthropic"] as const;
export type ByokProvider = (typeof BYOK_PROVIDERS)[number];

/** The account's own model key, AES-GCM encrypted under ENCRYPTION_KEY; never returned. */
export const byokKeys = sqliteTable("byok_keys", {
  accountId: text("account_id")
    .primaryKey()
    .references(() => accounts.id, { onDelete: "cascade" }),
  provider: text("provider", { enum: BYOK_PROVIDERS }).notNull(),
  model: text("model").notNull(),
  apiKeyEncrypted: text("api_key_encrypted").notNull(),
  keyLastFour: text("key_last_four").notNull(),
  verifiedAt: text("verified_at"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
