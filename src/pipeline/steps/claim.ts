import { and, eq, inArray, sql } from "drizzle-orm";
import { reserveGeneration } from "../../billing/generation-charge";
import { notifyLowFunds } from "../../email/events";
import { log } from "../../core/logger";
import { toIsoSeconds } from "../../core/time";
import { itemRuns, planItems } from "../../db/schema";
import { modelsForAccount } from "../../billing/account-models";
import { getPlanItemRow } from "../../plans/read";
import type { Services } from "../../services/container";
import { runChargeReference, type ItemRunParams } from "../run-params";
import { refundRunCharge } from "./finish";
import { markStage } from "./run-state";

// The first steps of a run: claim the item, reserve its price.
// Each step may run more than once (the Workflow retries and replays): every one is idempotent,
// reads what it needs from D1/R2 and returns only small keys.

/**
 * QUEUED → GENERATING for this run. Nothing to do when the item left the queue meanwhile (its
 * plan was paused, or a newer run took it): the run ends without touching it.
 */
export async function claimRun(
  services: Services,
  run: ItemRunParams,
  now = new Date(),
): Promise<{ claimed: boolean; startedAt: string; reason?: string; improvePostId?: string }> {
  const at = toIsoSeconds(now);
  const [claimed] = await services.db
    .update(planItems)
    .set({
      status: "GENERATING",
      stage: "claim",
      progressAt: at,
      failureReason: null,
      failureStatus: null,
      failureCode: null,
      firstClaimedAt: sql`COALESCE(${planItems.firstClaimedAt}, ${at})`,
      updatedAt: at,
    })
    .where(
      and(
        eq(planItems.id, run.itemId),
        eq(planItems.accountId, run.accountId),
        eq(planItems.attempts, run.attempt),
        inArray(planItems.status, ["QUEUED", "GENERATING"]),
      ),
    )
    .returning({ id: planItems.id, suggestion: planItems.suggestion, overlap: planItems.overlap });
  if (!claimed) {
    const item = await getPlanItemRow(services.db, run.accountId, run.itemId).catch(() => null);
    const reason = !item
      ? "the item was deleted"
      : item.attempts !== run.attempt
        ? `run ${item.attempts} replaced it`
        : `the item is ${item.status}`;
    // A run-now reserved this run's price before starting it: a run that never starts gives it back.
    await refundRunCharge(services, run, now);
    log("info", "item_run_skipped", { ...run, reason });
    return { claimed: false, startedAt: at, reason };
  }
  await services.db
    .insert(itemRuns)
    .values({ itemId: run.itemId, attempt: run.attempt, accountId: run.accountId, createdAt: at, updatedAt: at })
    .onConflictDoNothing();
  log("info", "item_run_started", { ...run });
  // An item the owner left on `improve` improves the overlapped post instead of writing an article.
  const improvePostId = claimed.suggestion === "improve" ? claimed.overlap?.postId : undefined;
  return { claimed: true, startedAt: at, ...(improvePostId ? { improvePostId } : {}) };
}

/** Reserves the run's price (credits) or quota unit (BYOK); 402/403 end the run before any model is called. */
export async function reserveRunCharge(
  services: Services,
  run: ItemRunParams,
  now = new Date(),
  kind: "generation" | "improvement" = "generation",
): Promise<{ amountKurus: number }> {
  await markStage(services, run, "reserve charge", now);
  const item = await getPlanItemRow(services.db, run.accountId, run.itemId);
  const models = await modelsForAccount(services, run.accountId);
  const { charge } = await reserveGeneration(services.db, services.config.billing, {
    accountId: run.accountId,
    reference: runChargeReference(run),
    kind,
    model: models.text.model,
    note: item.title,
    siteId: item.siteId,
    now,
  });
  await notifyLowFunds(services, run.accountId, now);
  return { amountKurus: charge.amountKurus };
}
