import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "../db/client";
import { AppError } from "../core/errors";
import { toIsoSeconds } from "../core/time";
import { planItems } from "../db/schema";
import { keywordKey } from "./keyword-key";
import { getPlanItemRow, type PlanItemRow } from "./read";
import { completePlanIfDone } from "./state";

/** Items a user may still change: nothing has started on them. */
const EDITABLE = ["PLANNED", "SCHEDULED"] as const;

const startedConflict = (item: PlanItemRow, action: string) =>
  new AppError("plan_item_not_editable", `Plan item ${item.id} is ${item.status}; only PLANNED or SCHEDULED items can be ${action}`);

/** Changes an unstarted item's title or target keyword (409 once it is queued or later). */
export async function updatePlanItem(
  db: Database,
  accountId: string,
  itemId: string,
  changes: { title?: string; targetKeyword?: string },
  now = new Date(),
): Promise<PlanItemRow> {
  const [updated] = await db
    .update(planItems)
    .set({
      ...changes,
      // A new keyword is researched afresh by the next run.
      ...(changes.targetKeyword !== undefined ? { keywordKey: keywordKey(changes.targetKeyword), researchId: null } : {}),
      updatedAt: toIsoSeconds(now),
    })
    // The status test is in the statement: an item the clock queues meanwhile is not changed.
    .where(and(eq(planItems.id, itemId), eq(planItems.accountId, accountId), inArray(planItems.status, EDITABLE)))
    .returning();
  // Nothing changed: the item is missing (404) or has started (409).
  if (!updated) throw startedConflict(await getPlanItemRow(db, accountId, itemId), "changed");
  return updated;
}

/** Removes an unstarted item from its plan (409 once it is queued or later). */
export async function deletePlanItem(db: Database, accountId: string, itemId: string): Promise<void> {
  const [deleted] = await db
    .delete(planItems)
    .where(and(eq(planItems.id, itemId), eq(planItems.accountId, accountId), inArray(planItems.status, EDITABLE)))
    .returning({ planId: planItems.planId });
  if (!deleted) throw startedConflict(await getPlanItemRow(db, accountId, itemId), "deleted");
  await completePlanIfDone(db, deleted.planId);
}
