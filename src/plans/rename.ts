import { and, eq } from "drizzle-orm";
import { toIsoSeconds } from "../core/time";
import type { Database } from "../db/client";
import { plans } from "../db/schema";
import { getPlan, getPlanRow, type PlanDetail } from "./read";

/** Names a plan of the account (404 for another's); any status, as a name changes nothing the autopilot does. */
export async function renamePlan(db: Database, accountId: string, planId: string, name: string, now = new Date()): Promise<PlanDetail> {
  await getPlanRow(db, accountId, planId);
  await db
    .update(plans)
    .set({ name, updatedAt: toIsoSeconds(now) })
    .where(and(eq(plans.id, planId), eq(plans.accountId, accountId)));
  return getPlan(db, accountId, planId);
}
