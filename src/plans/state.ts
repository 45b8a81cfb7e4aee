import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { AppError } from "../core/errors";
import { toIsoSeconds } from "../core/time";
import { planItems, plans } from "../db/schema";
import { getPlan, getPlanRow, type PlanDetail } from "./read";

const WEEK_SECONDS = 7 * 24 * 60 * 60;

/** Seconds between two items at `cadencePerWeek`: 3 a week is one every 56 hours. */
export function cadenceIntervalSeconds(cadencePerWeek: number): number {
  return Math.round(WEEK_SECONDS / cadencePerWeek);
}

/**
 * DRAFT or PAUSED → ACTIVE: the items not started yet are spread at the plan's cadence from
 * `now` (the first at once), in plan order. Approving an ACTIVE plan changes nothing; a
 * COMPLETED plan or one without items is 409. The plan and its schedule change in one batch.
 */
export async function approvePlan(db: Database, accountId: string, planId: string, now = new Date()): Promise<PlanDetail> {
  const plan = await getPlanRow(db, accountId, planId);
  if (plan.status === "ACTIVE") return getPlan(db, accountId, planId);
  if (plan.status === "COMPLETED")
    throw new AppError("plan_completed", `Plan ${planId} is COMPLETED: every item is published; create a new plan for more articles`);
  const approvedAt = toIsoSeconds(now);
  const startEpoch = Math.floor(now.getTime() / 1000);
  const interval = cadenceIntervalSeconds(plan.cadencePerWeek);
  const [activated] = await db.batch([
    db
      .update(plans)
      .set({ status: "ACTIVE", approvedAt, updatedAt: approvedAt })
      .where(
        and(
          eq(plans.id, planId),
          eq(plans.accountId, accountId),
          inArray(plans.status, ["DRAFT", "PAUSED"]),
          sql`EXISTS (SELECT 1 FROM plan_items WHERE plan_id = ${planId})`,
        ),
      )
      .returning({ id: plans.id }),
    // Only when this approval activated the plan (approved_at is this one's): a concurrent
    // approval or a plan without items schedules nothing. An item's slot is the number of
    // unstarted items before it (all of them are PLANNED here: pause unschedules).
    db
      .update(planItems)
      .set({
        status: "SCHEDULED",
        updatedAt: approvedAt,
        scheduledAt: sql`strftime('%Y-%m-%dT%H:%M:%SZ', ${startEpoch} + ${interval} * (
          SELECT count(*) FROM plan_items AS earlier
          WHERE earlier.plan_id = ${planId} AND earlier.status IN ('PLANNED', 'SCHEDULED') AND earlier.position < ${planItems.position}), 'unixepoch')`,
      })
      .where(
        and(
          eq(planItems.planId, planId),
          eq(planItems.status, "PLANNED"),
          sql`EXISTS (SELECT 1 FROM plans WHERE id = ${planId} AND status = 'ACTIVE' AND approved_at = ${approvedAt})`,
        ),
      ),
  ]);
  if (activated.length === 0) {
    const current = await getPlanRow(db, accountId, planId);
    if (current.status !== "ACTIVE") throw new AppError("plan_has_no_items", `Plan ${planId} has no items to schedule; create a new plan`);
  }
  // Every item may have been run by hand before the approval: then there is nothing left to do.
  await completePlanIfDone(db, planId, now);
  return getPlan(db, accountId, planId);
}

/**
 * ACTIVE → PAUSED: items scheduled or queued but not started go back to PLANNED with no time;
 * an item already generating finishes. Pausing a PAUSED plan changes nothing; a DRAFT or
 * COMPLETED plan is 409.
 */
export async function pausePlan(db: Database, accountId: string, planId: string, now = new Date()): Promise<PlanDetail> {
  const plan = await getPlanRow(db, accountId, planId);
  if (plan.status === "PAUSED") return getPlan(db, accountId, planId);
  if (plan.status !== "ACTIVE")
    throw new AppError(
      "plan_not_active",
      `Plan ${planId} is ${plan.status}; only an ACTIVE plan can be paused${plan.status === "DRAFT" ? " (approve it first)" : ""}`,
    );
  const at = toIsoSeconds(now);
  const [paused] = await db.batch([
    db
      .update(plans)
      .set({ status: "PAUSED", updatedAt: at })
      .where(and(eq(plans.id, planId), eq(plans.accountId, accountId), eq(plans.status, "ACTIVE")))
      .returning({ id: plans.id }),
    db
      .update(planItems)
      .set({ status: "PLANNED", scheduledAt: null, waitReason: null, updatedAt: at })
      .where(
        and(
          eq(planItems.planId, planId),
          inArray(planItems.status, ["SCHEDULED", "QUEUED"]),
          sql`EXISTS (SELECT 1 FROM plans WHERE id = ${planId} AND status = 'PAUSED')`,
        ),
      ),
  ]);
  if (paused.length === 0) {
    const current = await getPlanRow(db, accountId, planId);
    if (current.status !== "PAUSED")
      throw new AppError("plan_not_active", `Plan ${planId} is ${current.status}; only an ACTIVE plan can be paused`);
  }
  return getPlan(db, accountId, planId);
}

/**
 * ACTIVE or PAUSED → COMPLETED once the autopilot has nothing left to do: every item PUBLISHED,
 * written and waiting in REVIEW (publishing it is the owner's step), or FAILED for good (the
 * clock's automatic retries are SCHEDULED items; the plan's counts say how many failed). The
 * pipeline calls this after each run.
 */
export async function completePlanIfDone(db: Database, planId: string, now = new Date()): Promise<boolean> {
  const at = toIsoSeconds(now);
  const done = await db
    .update(plans)
    .set({ status: "COMPLETED", completedAt: at, updatedAt: at })
    .where(
      and(
        eq(plans.id, planId),
        inArray(plans.status, ["ACTIVE", "PAUSED"]),
        sql`EXISTS (SELECT 1 FROM plan_items WHERE plan_id = ${planId})`,
        sql`NOT EXISTS (SELECT 1 FROM plan_items WHERE plan_id = ${planId} AND status NOT IN ('PUBLISHED', 'REVIEW', 'FAILED'))`,
      ),
    )
    .returning({ id: plans.id });
  return done.length > 0;
}
