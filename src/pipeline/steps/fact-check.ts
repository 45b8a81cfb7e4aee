import { and, eq, sql } from "drizzle-orm";
import { addUsage, NO_USAGE } from "../../adapters/provider-usage";
import { generateStructured } from "../../adapters/text-model/structured";
import { modelsForAccount } from "../../billing/account-models";
import { primaryLanguage } from "../../content/article-rules";
import { claimPassageFinder } from "../../content/claim-passages";
import { AppError } from "../../core/errors";
import { log } from "../../core/logger";
import { toIsoSeconds } from "../../core/time";
import { itemRuns, type CheckedClaim, type StoredSource } from "../../db/schema";
import { getResearch } from "../../research/research";
import type { Services } from "../../services/container";
import { factCheckTask, numberVerdict, type FactCheckClaim } from "../fact-check-task";
import type { ItemRunParams } from "../run-params";
import { markStage, runRow, subjectOf } from "./run-state";

/**
 * Checks the stored draft's claims against windows of the sources they cite and stores the
 * verdicts with the round they are for. The service decides a claim whose numbers its source does
 * not state (numberVerdict); the model judges the others. A replay of a round already checked
 * changes nothing; a draft without claims or research stores its claims unchecked without asking the model.
 */
export async function factCheckDraft(services: Services, run: ItemRunParams, now = new Date()): Promise<{ round: number }> {
  await markStage(services, run, "fact check", now);
  const record = await runRow(services, run);
  if (!record.draft) throw new AppError("internal_error", `Run ${run.attempt} of item ${run.itemId} has no draft to fact check`);
  if (record.factCheckRound >= record.draftRound) return { round: record.factCheckRound };
  const { item, site } = await subjectOf(services, run);
  const research = item.researchId ? await getResearch(services.db, run.accountId, item.researchId) : null;
  const sources = new Map((research?.sources ?? []).map((source) => [source.id, source]));
  const claims: CheckedClaim[] = record.draft.claims.map((claim) => ({
    text: claim.text,
    source: claim.source !== null && sources.has(String(claim.source)) ? String(claim.source) : null,
    verdict: null,
    passage: "",
  }));
  let usage = NO_USAGE;
  if (claims.length > 0 && sources.size > 0) {
    const language = primaryLanguage(site.language);
    const passagesOf = sourcePassages(sources, language);
    const asked: FactCheckClaim[] = claims.map((claim, index) => ({
      n: index + 1,
      text: claim.text,
      source: claim.source,
      passages: claim.source ? passagesOf(claim.source, claim.text) : [],
    }));
    // The service's verdicts stand: the model is asked only about the claims they leave open.
    for (const claimAsked of asked) {
      const decided = numberVerdict(claimAsked, language);
      if (decided) Object.assign(claims[claimAsked.n - 1]!, { verdict: decided.verdict, passage: decided.passage.slice(0, 2000) });
    }
    const open = asked.filter((claimAsked) => claims[claimAsked.n - 1]!.verdict === null);
    if (open.length > 0) {
      const { text } = await modelsForAccount(services, run.accountId);
      const answer = await generateStructured(text, factCheckTask, { language: site.language, claims: open });
      usage = answer.usage;
      for (const verdict of answer.value.verdicts) {
        const claim = claims[verdict.claim - 1];
        if (claim && claim.verdict === null) Object.assign(claim, { verdict: verdict.verdict, passage: verdict.passage.slice(0, 2000) });
      }
    }
    // A claim the answer skipped counts as unsupported: nothing vouched for it.
    for (const claim of claims) if (claim.verdict === null) claim.verdict = "unsupported";
  }
  await services.db
    .update(itemRuns)
    .set({
      claims,
      factCheckRound: record.draftRound,
      textUsage: addUsage(record.textUsage ?? NO_USAGE, usage),
      updatedAt: toIsoSeconds(now),
    })
    .where(and(eq(itemRuns.itemId, run.itemId), eq(itemRuns.attempt, run.attempt), sql`${itemRuns.factCheckRound} < ${record.draftRound}`));
  log("info", "item_run_fact_checked", {
    ...run,
    round: record.draftRound,
    claims: claims.length,
    unsupported: claims.filter((claim) => claim.verdict === "unsupported").length,
    contradicted: claims.filter((claim) => claim.verdict === "contradicted").length,
  });
  return { round: record.draftRound };
}

/** The windows of a cited source around a claim; each source is read into sentences once, for all its claims. */
function sourcePassages(sources: ReadonlyMap<string, StoredSource>, language: string): (source: string, claim: string) => string[] {
  const finders = new Map<string, (claim: string) => string[]>();
  return (source, claim) => {
    let find = finders.get(source);
    if (!find) {
      find = claimPassageFinder(sources.get(source)!, language);
      finders.set(source, find);
    }
    return find(claim);
  };
}
