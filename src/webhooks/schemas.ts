import { z } from "@hono/zod-openapi";
import { PageQuerySchema } from "../core/pagination";
import { DELIVERY_ERROR_CODES, DELIVERY_STATUSES } from "../db/schema";
import type { DeliveryRow } from "./deliver";
import { MAX_ATTEMPTS } from "./schedule";

export const DeliverySchema = z
  .object({
    id: z.string().openapi({
      description: "The delivery id, sent as X-Service-Delivery and webhook-id on every attempt",
      example: "whd_3kP9xL2mQ8rT5vW1",
    }),
    event: z.string().openapi({ example: "article.published" }),
    articleId: z.string().nullable().openapi({ example: "1042" }),
    status: z.enum(DELIVERY_STATUSES).openapi({
      description: `pending (waiting for its next attempt), sending (an attempt is under way), delivered (a 2xx), failed (${MAX_ATTEMPTS} attempts failed, or the URL was refused)`,
    }),
    attempts: z.number().int(),
    lastStatusCode: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "The receiver's HTTP status at the last attempt; null when it did not answer" }),
    lastError: z.string().nullable().openapi({ description: "Why the last attempt failed, in English; null after a success" }),
    lastErrorCode: z.enum(DELIVERY_ERROR_CODES).nullable().openapi({
      description:
        "The same by code: receiver_status (see lastStatusCode), receiver_timeout, receiver_unreachable, address_refused, no_webhook_url, article_gone, internal_error; null after a success and for attempts recorded before codes",
    }),
    nextAttemptAt: z
      .string()
      .nullable()
      .openapi({ description: "When the next attempt is due (pending), or when a running attempt counts as lost (sending)" }),
    deliveredAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("WebhookDelivery");

export function toDelivery(row: DeliveryRow): z.infer<typeof DeliverySchema> {
  return {
    id: row.id,
    event: row.event,
    articleId: row.articleId === null ? null : String(row.articleId),
    status: row.status,
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    lastErrorCode: row.lastErrorCode,
    nextAttemptAt: row.nextAttemptAt,
    deliveredAt: row.deliveredAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export const DeliveryListQuerySchema = PageQuerySchema;

export const DeliveryParamsSchema = z.object({ siteId: z.string().min(1).max(64), deliveryId: z.string().min(1).max(64) });

export const PingResultSchema = z
  .object({
    event: z.literal("ping"),
    deliveryId: z.string(),
    delivered: z.boolean().openapi({ description: "The receiver answered 2xx" }),
    statusCode: z.number().int().nullable().openapi({ description: "The receiver's HTTP status; null when it did not answer" }),
    error: z.string().nullable().openapi({ description: "Why it was not delivered, in English; null when it was" }),
    errorCode: z.enum(DELIVERY_ERROR_CODES).nullable().openapi({ description: "The same by code (see WebhookDelivery.lastErrorCode)" }),
    durationMs: z.number().int(),
  })
  .openapi("WebhookPingResult");
