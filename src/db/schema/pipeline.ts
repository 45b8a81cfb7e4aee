import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { ProviderUsage } from "../../adapters/provider-usage";
import type { Quality } from "../../content/quality/types";
import type { CheckedClaim, ReviewReason } from "./research";
import { accounts } from "./accounts";
import { articles } from "./articles";
import { createdAt, updatedAt } from "./columns";
import { sites } from "./sites";

/**
 * What one run of a plan item has made so far. Workflow steps return keys, never bodies: the
 * article text lives here and the images in R2, so a resumed run reads them back.
 */
export const itemRuns = sqliteTable(
  "item_runs",
  {
    itemId: text("item_id").notNull(),
    attempt: integer("attempt").notNull(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** The latest written draft (after a regeneration, the rewritten one) and its round. */
    draft: text("draft", { mode: "json" }).$type<unknown>(),
    draftRound: integer("draft_round").notNull().default(0),
    textProvider: text("text_provider"),
    textModel: text("text_model"),
    textUsage: text("text_usage", { mode: "json" }).$type<ProviderUsage>(),
    imageProvider: text("image_provider"),
    imageModel: text("image_model"),
    imageUsage: text("image_usage", { mode: "json" }).$type<ProviderUsage>(),
    /** The model's picture as it came (R2), then the stored webp upload. */
    heroSourceKey: text("hero_source_key"),
    heroUploadId: text("hero_upload_id"),
    /** The draft's claims with the fact check's verdicts, and the draft round they were checked for. */
    claims: text("claims", { mode: "json" }).$type<CheckedClaim[]>(),
    factCheckRound: integer("fact_check_round").notNull().default(0),
    /** The draft's quality score and what the gate found short, and the draft round they were scored for. */
    quality: text("quality", { mode: "json" }).$type<Quality>(),
    reviewReasons: text("review_reasons", { mode: "json" }).$type<ReviewReason[]>(),
    qualityRound: integer("quality_round").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.attempt] })],
);

/** pending: waiting for its next attempt; sending: an attempt is under way (next_attempt_at is when it counts as lost). */
export const DELIVERY_STATUSES = ["pending", "sending", "delivered", "failed"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
/**
 * Why a webhook attempt failed: the receiver answered a non-2xx (`receiver_status`, see
 * lastStatusCode), did not answer in time, could not be reached; the address was refused; the
 * site has no webhook URL or the article is gone; or our own internal error.
 */
export const DELIVERY_ERROR_CODES = [
  "receiver_status",
  "receiver_timeout",
  "receiver_unreachable",
  "address_refused",
  "no_webhook_url",
  "article_gone",
  "internal_error",
] as const;
export type DeliveryErrorCode = (typeof DELIVERY_ERROR_CODES)[number];

/**
 * Webhook deliveries to custom sites: the row is written in the same batch as the article it
 * announces, so an event is never lost; the webhooks issue sends and retries them.
 */
export const webhookDeliveries = sqliteTable(
  "webhook_deliveries",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    siteId: text("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    articleId: integer("article_id").references(() => articles.id, { onDelete: "cascade" }),
    event: text("event").notNull(),
    status: text("status", { enum: DELIVERY_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: text("next_attempt_at"),
    lastStatusCode: integer("last_status_code"),
    lastError: text("last_error"),
    /** Why the last attempt failed, as a stable code (the panel's words); null after a success and for older rows. */
    lastErrorCode: text("last_error_code", { enum: DELIVERY_ERROR_CODES }),
    deliveredAt: text("delivered_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("webhook_deliveries_article_event_unique").on(t.articleId, t.event),
    index("webhook_deliveries_site_idx").on(t.siteId, t.createdAt),
    index("webhook_deliveries_due_idx").on(t.status, t.nextAttemptAt),
  ],
);
