import { and, eq, sql } from "drizzle-orm";
import { qualityWithReasons } from "../../articles/quality";
import { rewriteInstructions } from "../../content/quality/gate";
import { AppError } from "../../core/errors";
import { log } from "../../core/logger";
import { toIsoSeconds } from "../../core/time";
import { itemRuns } from "../../db/schema";
import type { Services } from "../../services/container";
import { briefOf, gateOf } from "../../sites/brief";
import type { ItemRunParams } from "../run-params";
import { markStage, runRow, subjectOf } from "./run-state";

/**
 * Scores the stored draft against its research and the site's other pages, weighs it against
 * the site's gate and stores both with the round they are for. Answers what the writer is told
 * to fix: empty when the draft may go live on its own.
 */
export async function scoreDraft(services: Services, run: ItemRunParams, now = new Date()): Promise<{ shortfalls: string[] }> {
  await markStage(services, run, "score article", now);
  const record = await runRow(services, run);
  if (!record.draft) throw new AppError("internal_error", `Run ${run.attempt} of item ${run.itemId} has no draft to score`);
  const claims = record.claims ?? [];
  if (record.qualityRound >= record.draftRound && record.quality)
    return { shortfalls: rewriteInstructions(record.reviewReasons ?? [], claims) };
  const { item, site } = await subjectOf(services, run);
  const { quality, reviewReasons } = await qualityWithReasons(
    services.db,
    {
      accountId: run.accountId,
      siteId: site.id,
      html: record.draft.html,
      language: site.language,
      researchId: item.researchId,
      claims,
      planItemId: run.itemId,
      // A post an earlier run of the item left on the platform (synced back as an existing post) is this article, not another page.
      remoteId: item.remoteId,
    },
    gateOf(briefOf(site)),
  );
  await services.db
    .update(itemRuns)
    .set({ quality, reviewReasons, qualityRound: record.draftRound, updatedAt: toIsoSeconds(now) })
    .where(and(eq(itemRuns.itemId, run.itemId), eq(itemRuns.attempt, run.attempt), sql`${itemRuns.qualityRound} < ${record.draftRound}`));
  log("info", "item_run_scored", {
    ...run,
    round: record.draftRound,
    contentScore: quality.contentScore,
    similarity: quality.similarity,
    longestSourceRun: quality.longestSourceRun,
    citations: quality.citations,
    reasons: reviewReasons.map((reason) => reason.code),
  });
  return { shortfalls: rewriteInstructions(reviewReasons, claims) };
}
