/** What starts one run of a plan item: the Workflow's params and the generation queue's message. */
export interface ItemRunParams {
  accountId: string;
  itemId: string;
  /** The item's run number: the instance id is `<itemId>-a<attempt>`, so a run starts once. */
  attempt: number;
}

export const ITEM_RUN_MESSAGE = "item.run";

export function runInstanceId(run: Pick<ItemRunParams, "itemId" | "attempt">): string {
  return `${run.itemId}-a${run.attempt}`;
}

/** The charge of one run: a failed run's charge is refunded, and the next run reserves its own. */
export function runChargeReference(run: Pick<ItemRunParams, "itemId" | "attempt">): string {
  return `${run.itemId}:a${run.attempt}`;
}
