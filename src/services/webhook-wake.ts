import { log } from "../core/logger";
import { WEBHOOK_MESSAGE, type DeliveryWakeUp } from "../core/queue-messages";
import type { Services } from "./container";

/**
 * Asks the webhook queue to deliver now, or after `delaySeconds`. A failure to enqueue is only
 * logged: the outbox row is the truth, and the cron tick wakes an overdue delivery itself.
 */
export async function wakeDelivery(services: Pick<Services, "queues">, wake: DeliveryWakeUp, delaySeconds = 0): Promise<void> {
  try {
    await services.queues.webhooks.send({ type: WEBHOOK_MESSAGE, ...wake }, delaySeconds > 0 ? { delaySeconds } : undefined);
  } catch (error) {
    log("warn", "webhook_wake_failed", { deliveryId: wake.deliveryId, error: String(error) });
  }
}
