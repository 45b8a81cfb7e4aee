import { and, eq, inArray } from "drizzle-orm";
import { findCharge, refundCharge, settleCharge } from "../../billing/charges";
import { notifyItemFailed } from "../../email/events";
import { log } from "../../core/logger";
import { toIsoSeconds } from "../../core/time";
import { articles, planItems, plans } from "../../db/schema";
import { completePlanIfDone } from "../../plans/state";
import { getPlanItemRow } from "../../plans/read";
import type { Services } from "../../services/container";
import { runChargeReference, type ItemRunParams } from "../run-params";
import type { ItemRow, RunFailure } from "./run-state";

// The end of a run: its charge settled, or the failure recorded and the charge refunded.
// Each step may run more than once (the Workflow retries and replays): every one is idempotent,
// reads what it needs from D1/R2 and returns only small keys.

/** Marks the run's charge as earned and completes the plan when this was its last item. */
export async function settleRun(services: Services, run: ItemRunParams, now = new Date()): Promise<{ planCompleted: boolean }> {
  const item = await getPlanItemRow(services.db, run.accountId, run.itemId);
  await settleCharge(services.db, { accountId: run.accountId, reference: runChargeReference(run), now });
  const planCompleted = await completePlanIfDone(services.db, item.planId, now);
  log("info", "item_run_finished", { ...run, articleId: item.articleId, planCompleted });
  return { planCompleted };
}

/**
 * The run failed: the item turns FAILED with a readable reason (it can be run again) and the
 * run's charge, if one was reserved, is refunded with a ledger row. A run that was replaced only
 * gives its own charge back.
 */
export async function failRun(services: Services, run: ItemRunParams, failure: RunFailure, now = new Date()): Promise<void> {
  const at = toIsoSeconds(now);
  const [committed] = await services.db.select({ id: articles.id }).from(articles).where(eq(articles.planItemId, run.itemId));
  if (committed) {
    // The article was stored (the failure came after): the item is done and its charge earned.
    log("warn", "item_run_failed_after_record", { ...run, articleId: committed.id, reason: failure.message });
    await settleCharge(services.db, { accountId: run.accountId, reference: runChargeReference(run), now }).catch(() => {});
    return;
  }
  let retryAt: string | null = null;
  if (!failure.superseded) {
    const item = await getPlanItemRow(services.db, run.accountId, run.itemId);
    retryAt = await automaticRetryAt(services, item, failure, now);
    await services.db
      .update(planItems)
      .set({
        ...(retryAt
          ? { status: "SCHEDULED" as const, scheduledAt: retryAt, autoRetries: item.autoRetries + 1 }
          : { status: "FAILED" as const }),
        failureReason: failure.message.slice(0, 1000),
        failureStatus: failure.status,
        // A run started before failures carried their code (a Workflow resumed across a deploy) has none.
        failureCode: failure.code ?? "upstream_error",
        nextTryAt: null,
        progressAt: at,
        updatedAt: at,
      })
      .where(and(eq(planItems.id, run.itemId), eq(planItems.attempts, run.attempt), inArray(planItems.status, ["QUEUED", "GENERATING"])));
    if (!retryAt) await completePlanIfDone(services.db, item.planId, now);
    if (!retryAt) await notifyItemFailed(services, { accountId: run.accountId, itemId: run.itemId, attempt: run.attempt });
  }
  await refundRunCharge(services, run, now);
  log("warn", "item_run_failed", { ...run, status: failure.status, reason: failure.message, retryAt });
}

/** Waits before the clock's automatic reruns of a failed item: after the last, the item stays FAILED. */
export const AUTOMATIC_RETRY_DELAYS_MS = [60 * 60_000, 4 * 60 * 60_000, 12 * 60 * 60_000];
/** Failures only the owner can fix (credit, quota or licence, the site's credentials or forum): no automatic rerun. */
const NEEDS_THE_OWNER = new Set([400, 402, 403, 409]);

/**
 * When the clock runs a failed item again: items of an ACTIVE plan, up to
 * AUTOMATIC_RETRY_DELAYS_MS.length times, unless the failure needs the owner. Each rerun
 * reserves its own charge and a failed one is refunded, so a success is charged once.
 */
async function automaticRetryAt(services: Services, item: ItemRow, failure: RunFailure, now: Date): Promise<string | null> {
  if (NEEDS_THE_OWNER.has(failure.status) || item.autoRetries >= AUTOMATIC_RETRY_DELAYS_MS.length) return null;
  const [plan] = await services.db.select({ status: plans.status }).from(plans).where(eq(plans.id, item.planId));
  if (plan?.status !== "ACTIVE") return null;
  return toIsoSeconds(new Date(now.getTime() + AUTOMATIC_RETRY_DELAYS_MS[item.autoRetries]!));
}

/** Gives back the charge of a run that did not publish; nothing when none was reserved or it was settled. */
export async function refundRunCharge(services: Services, run: ItemRunParams, now = new Date()): Promise<void> {
  const reference = runChargeReference(run);
  const charge = await findCharge(services.db, run.accountId, reference);
  if (charge?.status !== "reserved") return;
  await refundCharge(services.db, { accountId: run.accountId, reference, now });
}
