import type { ItemRunParams } from "../core/queue-messages";

export { ITEM_RUN_MESSAGE, type ItemRunParams } from "../core/queue-messages";

export function runInstanceId(run: Pick<ItemRunParams, "itemId" | "attempt">): string {
  return `${run.itemId}-a${run.attempt}`;
}

/** The charge of one run: a failed run's charge is refunded, and the next run reserves its own. */
export function runChargeReference(run: Pick<ItemRunParams, "itemId" | "attempt">): string {
  return `${run.itemId}:a${run.attempt}`;
}
