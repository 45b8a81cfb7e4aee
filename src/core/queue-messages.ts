// The bodies of the two queues' messages, known to those who send them (the clock, run-now, every
// article write that records a webhook event) and to the dispatcher that reads them (src/jobs/queues.ts).

/** What starts one run of a plan item: the Workflow's params and the generation queue's message. */
export interface ItemRunParams {
  accountId: string;
  itemId: string;
  /** The item's run number: the instance id is `<itemId>-a<attempt>`, so a run starts once. */
  attempt: number;
}

export const ITEM_RUN_MESSAGE = "item.run";

/** The queue message that wakes the webhook sender: deliver `deliveryId` if it has still made `attempts` attempts. */
export const WEBHOOK_MESSAGE = "webhook.deliver";
export interface DeliveryWakeUp {
  deliveryId: string;
  attempts: number;
}
