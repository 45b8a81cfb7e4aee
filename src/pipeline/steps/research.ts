import { ProviderError } from "../../adapters/provider-error";
import { log } from "../../core/logger";
import type { Services } from "../../services/container";
import { researchForItem } from "../../research/research";
import type { ItemRunParams } from "../run-params";
import { markStage, subjectOf } from "./run-state";

// Researching the item's keyword: the live results and the top pages, once per item.

/**
 * Searches the item's keyword and reads its top pages, or reads back the research an earlier run
 * of the item stored: a retry, a rerun or a resumed run never searches or pays twice. A keyword
 * the search provider refuses (a language it does not cover) is written without research.
 */
export async function researchRun(services: Services, run: ItemRunParams, now = new Date()): Promise<{ researchId: string | null }> {
  await markStage(services, run, "research", now);
  const { item, site } = await subjectOf(services, run);
  try {
    const research = await researchForItem(
      services,
      item,
      { accountId: run.accountId, siteId: site.id, siteUrl: site.url, keyword: item.targetKeyword, language: site.language },
      now,
    );
    return { researchId: research.id };
  } catch (error) {
    if (error instanceof ProviderError && error.failure === "bad_request") {
      log("warn", "item_run_research_refused", { ...run, message: error.message });
      return { researchId: null };
    }
    throw error;
  }
}
