// The bodies of the two queues' messages, known to those who send them (the clock, run-now, every
// article write that records a webhook event) and to the dispatcher that parses them (src/jobs/queues.ts).
import { z } from "zod";

/** What starts one run of a plan item: the Workflow's params and the generation queue's message. */
export const ItemRunParams = z.object({
  accountId: z.string().min(1),
  itemId: z.string().min(1),
  /** The item's run number: the instance id is `<itemId>-a<attempt>`, so a run starts once. */
  attempt: z.number().int(),
});
export type ItemRunParams = z.infer<typeof ItemRunParams>;

export const ITEM_RUN_MESSAGE = "item.run";

/** The queue message that wakes the webhook sender: deliver `deliveryId` if it has still made `attempts` attempts. */
export const WEBHOOK_MESSAGE = "webhook.deliver";
export const DeliveryWakeUp = z.object({
  deliveryId: z.string().min(1),
  attempts: z.number().int(),
});
export type DeliveryWakeUp = z.infer<typeof DeliveryWakeUp>;
