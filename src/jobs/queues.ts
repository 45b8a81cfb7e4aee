import type { Services } from "../services/container";
import { log } from "../core/logger";
import { ITEM_RUN_MESSAGE, WEBHOOK_MESSAGE, type ItemRunParams } from "../core/queue-messages";
import { startQueuedRuns } from "../pipeline/start";
import { deliverFromQueue } from "../webhooks/deliver";

export const DEAD_LETTER_QUEUE = "content-autopilot-dead-letter";

/** The work function of one message kind; it throws to ask for a retry. */
export type MessageHandler = (body: Record<string, unknown>, services: Services) => Promise<void>;

/** Message kinds by `type`; areas that enqueue work register their handler here. */
export const messageHandlers: Record<string, MessageHandler> = {
  [WEBHOOK_MESSAGE]: (body, services) => deliverFromQueue(services, { deliveryId: String(body.deliveryId), attempts: Number(body.attempts) }),
};

/** The work function of a kind handled a batch at a time (one call for all its messages of a batch). */
export type BatchHandler = (bodies: Record<string, unknown>[], services: Services) => Promise<void>;

/** Item runs start as one `createBatch` of Workflow instances per queue batch. */
export const batchHandlers: Record<string, BatchHandler> = {
  [ITEM_RUN_MESSAGE]: (bodies, services) => startQueuedRuns(services, bodies.map(toItemRun)),
};

function toItemRun(body: Record<string, unknown>): ItemRunParams {
  return { accountId: String(body.accountId), itemId: String(body.itemId), attempt: Number(body.attempt) };
}

const MAX_RETRY_DELAY_SECONDS = 15 * 60;

export function retryDelaySeconds(attempts: number): number {
  return Math.min(MAX_RETRY_DELAY_SECONDS, 10 * 2 ** Math.max(0, attempts - 1));
}

/** One dispatcher for every queue: each message is handled, retried with backoff, or dead-lettered. */
export async function handleQueueBatch(batch: MessageBatch<unknown>, services: Services): Promise<void> {
  const byBatchType = new Map<string, Message<unknown>[]>();
  const single: Message<unknown>[] = [];
  for (const message of batch.messages) {
    const type = batch.queue === DEAD_LETTER_QUEUE ? undefined : typeOf(message.body);
    if (type && batchHandlers[type]) byBatchType.set(type, [...(byBatchType.get(type) ?? []), message]);
    else single.push(message);
  }
  for (const [type, messages] of byBatchType) {
    try {
      await batchHandlers[type]!(messages.map((message) => message.body as Record<string, unknown>), services);
      for (const message of messages) message.ack();
    } catch (error) {
      log("warn", "message_batch_retry", { queue: batch.queue, type, count: messages.length, error: String(error) });
      for (const message of messages) message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
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
      log("warn", "message_retry", { queue: batch.queue, id: message.id, type: body!.type, attempts: message.attempts, error: String(error) });
      message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
    }
  }
}

function typeOf(body: unknown): string | undefined {
  const type = body && typeof body === "object" ? (body as { type?: unknown }).type : undefined;
  return typeof type === "string" ? type : undefined;
}
