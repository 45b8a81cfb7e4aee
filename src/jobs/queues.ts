import type { Services } from "../services/container";
import { ProviderError } from "../adapters/provider-error";
import { log } from "../core/logger";
import type { z } from "zod";
import {
  DeliveryWakeUp,
  EMAIL_SEND_MESSAGE,
  EmailSend,
  EXPORT_STEP_MESSAGE,
  ExportStep,
  INDEX_NOW_MESSAGE,
  IndexNowSubmit,
  ITEM_RUN_MESSAGE,
  ItemRunParams,
  LINKS_PUBLISHED_MESSAGE,
  LinksPublished,
  SEARCH_REFRESH_MESSAGE,
  SEARCH_SYNC_MESSAGE,
  SearchRefresh,
  SearchSyncStep,
  WEBHOOK_MESSAGE,
} from "../core/queue-messages";
import { submitToIndexNow } from "../articles/index-now";
import { refreshDecayingPost } from "../improvements/refresh-decaying";
import { runSearchSyncStep } from "../search-console/sync";
import { startQueuedRuns } from "../pipeline/start";
import { deliverFromQueue } from "../webhooks/deliver";
import { sendQueuedEmail } from "../email/send";
import { runExportStep } from "../account-data/export-build";
import { upkeepLinksAfterPublish } from "../links/after-publish";

export const DEAD_LETTER_QUEUE = "content-autopilot-dead-letter";

/** The work function of one message kind; it throws to ask for a retry. */
export type MessageHandler = (body: Record<string, unknown>, services: Services) => Promise<void>;

/** Message kinds by `type`; areas that enqueue work register their handler here. */
export const messageHandlers: Record<string, MessageHandler> = {
  [WEBHOOK_MESSAGE]: (body, services) => deliverFromQueue(services, parseBody(DeliveryWakeUp, body)),
  [SEARCH_SYNC_MESSAGE]: (body, services) => runSearchSyncStep(services, parseBody(SearchSyncStep, body)),
  [INDEX_NOW_MESSAGE]: (body, services) => submitToIndexNow(services, parseBody(IndexNowSubmit, body)),
  [SEARCH_REFRESH_MESSAGE]: (body, services) => refreshDecayingPost(services, parseBody(SearchRefresh, body)),
  [EMAIL_SEND_MESSAGE]: (body, services) => sendQueuedEmail(services, parseBody(EmailSend, body)),
  [EXPORT_STEP_MESSAGE]: (body, services) => runExportStep(services, parseBody(ExportStep, body)),
  [LINKS_PUBLISHED_MESSAGE]: async (body, services) => {
    await upkeepLinksAfterPublish(services, parseBody(LinksPublished, body));
  },
};

/** A kind handled a batch at a time: each body is parsed alone, then one call takes them all. */
export interface BatchHandler<T> {
  schema: z.ZodType<T>;
  handle: (bodies: T[], services: Services) => Promise<void>;
}

/** Item runs start as one `createBatch` of Workflow instances per queue batch. */
export const batchHandlers: Record<string, BatchHandler<ItemRunParams>> = {
  [ITEM_RUN_MESSAGE]: { schema: ItemRunParams, handle: (runs, services) => startQueuedRuns(services, runs) },
};

/** A body that does not fit its kind's schema: no retry can mend it, so it is logged and acked. */
class MalformedMessage extends Error {}

function parseBody<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  // Field paths only, never values: a body may carry an article or a secret.
  if (!parsed.success) throw new MalformedMessage(parsed.error.issues.map((issue) => issue.path.join(".") || "body").join(", "));
  return parsed.data;
}

const MAX_RETRY_DELAY_SECONDS = 15 * 60;
/** Queues delay a message by at most 12 hours. */
const MAX_ASKED_DELAY_SECONDS = 12 * 60 * 60;

/**
 * The dispatcher's wait before retrying a message whose handler threw: 10 s doubling to 15 min,
 * or longer when the provider said how long to wait (a Retry-After on a 429), up to 12 hours.
 */
export function backoffSeconds(attempts: number, error?: unknown): number {
  const backoff = Math.min(MAX_RETRY_DELAY_SECONDS, 10 * 2 ** Math.max(0, attempts - 1));
  const asked = error instanceof ProviderError ? error.retryAfterSeconds : null;
  return asked === null ? backoff : Math.min(MAX_ASKED_DELAY_SECONDS, Math.max(backoff, Math.ceil(asked)));
}

/** One dispatcher for every queue: each message is handled, retried with backoff, or dead-lettered. */
export async function handleQueueBatch(batch: MessageBatch<unknown>, services: Services): Promise<void> {
  const byBatchType = new Map<string, { message: Message<unknown>; body: ItemRunParams }[]>();
  const single: Message<unknown>[] = [];
  for (const message of batch.messages) {
    const type = batch.queue === DEAD_LETTER_QUEUE ? undefined : typeOf(message.body);
    const batched = type ? batchHandlers[type] : undefined;
    if (!type || !batched) {
      single.push(message);
      continue;
    }
    try {
      byBatchType.set(type, [...(byBatchType.get(type) ?? []), { message, body: parseBody(batched.schema, message.body) }]);
    } catch (error) {
      ackMalformed(batch.queue, message, error as MalformedMessage);
    }
  }
  for (const [type, parsed] of byBatchType) {
    const messages = parsed.map((entry) => entry.message);
    try {
      await batchHandlers[type]!.handle(
        parsed.map((entry) => entry.body),
        services,
      );
      for (const message of messages) message.ack();
    } catch (error) {
      log("warn", "message_batch_retry", { queue: batch.queue, type, count: messages.length, error: String(error) });
      for (const message of messages) message.retry({ delaySeconds: backoffSeconds(message.attempts) });
    }
  }
  for (const message of single) {
    if (batch.queue === DEAD_LETTER_QUEUE) {
      log("error", "message_dead_lettered", { id: message.id, type: typeOf(message.body) ?? null, attempts: message.attempts });
      message.ack();
      continue;
    }
    const body = message.body as Record<string, unknown> | null;
    const handler = body && typeof body.type === "string" ? messageHandlers[body.type] : undefined;
    if (!handler) {
      // Retrying cannot make an unknown message known.
      log("error", "message_unknown_type", { queue: batch.queue, id: message.id, type: typeOf(message.body) ?? null });
      message.ack();
      continue;
    }
    try {
      await handler(body!, services);
      message.ack();
    } catch (error) {
      if (error instanceof MalformedMessage) {
        ackMalformed(batch.queue, message, error);
        continue;
      }
      log("warn", "message_retry", {
        queue: batch.queue,
        id: message.id,
        type: body!.type,
        attempts: message.attempts,
        error: String(error),
      });
      message.retry({ delaySeconds: backoffSeconds(message.attempts, error) });
    }
  }
}

function ackMalformed(queue: string, message: Message<unknown>, error: MalformedMessage): void {
  log("error", "message_malformed", { queue, id: message.id, type: typeOf(message.body) ?? null, fields: error.message });
  message.ack();
}

function typeOf(body: unknown): string | undefined {
  const type = body && typeof body === "object" ? (body as { type?: unknown }).type : undefined;
  return typeof type === "string" ? type : undefined;
}
