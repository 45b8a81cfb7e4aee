import { and, eq } from "drizzle-orm";
import { AppError } from "../../core/errors";
import { log } from "../../core/logger";
import { toIsoSeconds } from "../../core/time";
import { planItems, plans, postImprovements } from "../../db/schema";
import { applyImprovement, improvePost } from "../../improvements/improve";
import { getPlanItemRow } from "../../plans/read";
import type { Services } from "../../services/container";
import type { ItemRunParams } from "../run-params";
import { markStage } from "./run-state";

// A plan item on `improve`: its run improves the overlapped post instead of writing an article.
// The run's charge (kind improvement, reserved by the claim's reference) is the only one: the
// improvement itself is uncharged here, so a retried step never charges twice.

/**
 * Writes the improvement suggestion of the item's overlapped post (the run holds the charge). A
 * suggestion made since the item was first claimed is an earlier run's (one restarted after a
 * crash): it stands, so the post is never improved, nor edited, twice for one item.
 */
export async function improveItemPost(
  services: Services,
  run: ItemRunParams,
  postId: string,
  now = new Date(),
): Promise<{ postId: string }> {
  await markStage(services, run, "write article", now);
  if (await improvedForItem(services, run, postId)) return { postId };
  await improvePost(services, run.accountId, postId, now, { charged: false });
  return { postId };
}

async function improvedForItem(services: Services, run: ItemRunParams, postId: string): Promise<boolean> {
  const item = await getPlanItemRow(services.db, run.accountId, run.itemId);
  const [improvement] = await services.db
    .select({ suggestedAt: postImprovements.suggestedAt })
    .from(postImprovements)
    .where(eq(postImprovements.postId, postId));
  return Boolean(item.firstClaimedAt && improvement?.suggestedAt && improvement.suggestedAt >= item.firstClaimedAt);
}

/**
 * Applies the suggestion to the live post when the plan publishes (`publish` mode); in `draft`
 * or `review` mode it waits for the owner (POST /api/sites/posts/{postId}/apply). A retry that
 * finds it applied already is done; the item turns PUBLISHED (applied) or REVIEW.
 */
export async function applyItemImprovement(
  services: Services,
  run: ItemRunParams,
  postId: string,
  now = new Date(),
): Promise<{ applied: boolean }> {
  await markStage(services, run, "publish", now);
  const item = await getPlanItemRow(services.db, run.accountId, run.itemId);
  const [plan] = await services.db.select({ publishMode: plans.publishMode }).from(plans).where(eq(plans.id, item.planId));
  const applied = plan?.publishMode === "publish";
  if (applied) {
    try {
      await applyImprovement(services, run.accountId, postId, now);
    } catch (error) {
      if (!(error instanceof AppError && error.code === "improvement_already_applied")) throw error;
    }
  }
  const at = toIsoSeconds(now);
  await services.db
    .update(planItems)
    .set({ status: applied ? "PUBLISHED" : "REVIEW", stage: "record article", progressAt: at, updatedAt: at })
    .where(and(eq(planItems.id, run.itemId), eq(planItems.attempts, run.attempt), eq(planItems.status, "GENERATING")));
  log("info", "item_improvement_done", { ...run, postId, applied });
  return { applied };
}
