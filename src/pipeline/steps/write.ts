import { and, eq, sql } from "drizzle-orm";
import { addUsage, NO_USAGE } from "../../adapters/provider-usage";
import { generateStructured } from "../../adapters/text-model/structured";
import { bodyColumns } from "../../articles/service";
import type { ArticleDraft } from "../../content/draft";
import { AppError } from "../../core/errors";
import { log } from "../../core/logger";
import { sanitizeHtml } from "../../core/sanitize-html";
import { toIsoSeconds } from "../../core/time";
import { itemRuns } from "../../db/schema";
import { modelsForAccount } from "../../billing/account-models";
import type { Services } from "../../services/container";
import { structuredDataFor } from "../../publishing/structured-data";
import { briefOf } from "../../sites/brief";
import { withCitationRel } from "../../content/quality/citations";
import { researchDigest } from "../../content/research-digest";
import { getResearch } from "../../research/research";
import { writeArticleTask } from "../article-task";
import { checkArticle } from "../checks";
import type { ItemRunParams } from "../run-params";
import { markStage, runRow, subjectOf } from "./run-state";

// Writing and checking the article.
// Each step may run more than once (the Workflow retries and replays): every one is idempotent,
// reads what it needs from D1/R2 and returns only small keys.

/**
 * Writes the article (round 1) or rewrites it naming the failures of the checks (round 2) and
 * stores the draft with the tokens used. A replay of a round already written changes nothing.
 */
export async function writeDraft(
  services: Services,
  run: ItemRunParams,
  round: number,
  failures: string[] = [],
  now = new Date(),
): Promise<{ round: number }> {
  await markStage(services, run, round === 1 ? "write article" : "rewrite article", now);
  const record = await runRow(services, run);
  if (record.draftRound >= round) return { round: record.draftRound };
  const { item, site, links } = await subjectOf(services, run);
  const { text } = await modelsForAccount(services, run.accountId);
  const brief = briefOf(site);
  const research = item.researchId ? await getResearch(services.db, run.accountId, item.researchId) : null;
  const { value, usage } = await generateStructured(text, writeArticleTask, {
    language: site.language,
    siteUrl: site.url,
    brief,
    research: research && research.sources.length > 0 ? researchDigest(research, site.language) : null,
    title: item.title,
    targetKeyword: item.targetKeyword,
    minWords: services.config.pipeline.minArticleWords,
    internalLinks: links,
    failures,
  });
  const sourceUrls = (research?.sources ?? []).map((source) => source.url);
  const draft: ArticleDraft = { ...value, html: withCitationRel(sanitizeHtml(value.html), sourceUrls, brief.citationRel) };
  await services.db
    .update(itemRuns)
    .set({
      draft,
      draftRound: round,
      textProvider: text.provider,
      textModel: text.model,
      textUsage: addUsage(record.textUsage ?? NO_USAGE, usage),
      updatedAt: toIsoSeconds(now),
    })
    .where(and(eq(itemRuns.itemId, run.itemId), eq(itemRuns.attempt, run.attempt), sql`${itemRuns.draftRound} < ${round}`));
  log("info", "item_run_draft_written", { ...run, round, words: bodyColumns(draft.html).wordCount });
  return { round };
}

/** What the checks find wrong with the stored draft; empty when it may be published. */
export async function checkDraft(services: Services, run: ItemRunParams, now = new Date()): Promise<{ failures: string[] }> {
  await markStage(services, run, "check article", now);
  const record = await runRow(services, run);
  if (!record.draft) throw new AppError("internal_error", `Run ${run.attempt} of item ${run.itemId} has no draft to check`);
  const { item, site, links } = await subjectOf(services, run);
  const failures = checkArticle(record.draft, {
    language: site.language,
    siteUrl: site.url,
    targetKeyword: item.targetKeyword,
    minWords: services.config.pipeline.minArticleWords,
    internalLinks: links,
    offline: record.textProvider === "offline",
    faq: briefOf(site).faq,
    structuredData: (draft) => {
      const at = toIsoSeconds(now);
      return structuredDataFor(
        site,
        { ...draft, language: site.language.toLowerCase() },
        { url: null, imageUrl: null, datePublished: at, dateModified: at },
      );
    },
  });
  if (failures.length > 0) log("warn", "item_run_checks_failed", { ...run, round: record.draftRound, failures });
  return { failures };
}
