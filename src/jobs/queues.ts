import type { Services } from "../services/container";
import { log } from "../core/logger";

export const DEAD_LETTER_QUEUE = "content-autopilot-dead-letter";

/** The work function of one message kind; it throws to ask for a retry. */
export type MessageHandler = (body: Record<string, unknown>, services: Services) => Promise<void>;

/** Message kinds by `type`; areas that enqueue work register their handler here. */
export const messageHandlers: Record<string, MessageHandler> = {};

const MAX_RETRY_DELAY_SECONDS = 15 * 60;

export function retryDelaySeconds(attempts: number): number {
  return Math.min(MAX_RETRY_DELAY_SECONDS, 10 * 2 ** Math.max(0, attempts - 1));
}

/** One dispatcher for every queue: each message is handled, retried with backoff, or dead-lettered. */
export async function handleQueueBatch(batch: MessageBatch<unknown>, services: Services): Promise<void> {
  for (const message of batch.messages) {
    if (batch.queue === DEAD_LETTER_QUEUE) {
      log("error", "message_dead_lettered", { id: message.id, body: message.body, attempts: message.attempts });
      message.ack();
      continue;
    }
    const body = message.body as Record<string, unknown> | null;
    const handler = body && typeof body.type === "string" ? messageHandlers[body.type] : undefined;
    if (!handler) {
      // Retrying cannot make an unknown message known.
      log("error", "message_unknown_type", { queue: batch.queue, id: message.id, body: message.body });
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
