import { qualityOf } from "../articles/quality";
import type { Quality } from "../content/quality/types";
import { sha256Hex } from "../core/crypto";
import { serpResearch } from "../db/schema";
import { getResearch, researchKeyword, type ResearchRow, type ResearchSubject } from "../research/research";
import type { Services } from "../services/container";

// An improvement is measured against what ranks for the post's keyword now: each run researches
// it once, as each run is charged once. Both are keyed by the run's reference
// (`improve:<postId>:<run>`): the charge by the reference itself, the research by an id derived
// from it, so a replay of the run finds the stored research instead of searching and paying again.

/** The id of a run's research: `res_` and 16 hex digits of the SHA-256 of the run's reference. */
export async function runResearchId(reference: string): Promise<string> {
  return `res_${(await sha256Hex(reference)).slice(0, 16)}`;
}

/**
 * The research of one improvement run, made once: stored under the run's id, read back when the
 * run is replayed. Two replays at once store one row (the first insert wins; both read it).
 */
export async function researchOfRun(
  services: Services,
  reference: string,
  subject: ResearchSubject,
  now = new Date(),
): Promise<ResearchRow> {
  const id = await runResearchId(reference);
  const stored = await getResearch(services.db, subject.accountId, id);
  if (stored) return stored;
  const row: ResearchRow = { ...(await researchKeyword(services, subject, now)), id };
  await services.db.insert(serpResearch).values(row).onConflictDoNothing({ target: serpResearch.id });
  return (await getResearch(services.db, subject.accountId, id)) ?? row;
}

/** What a post's quality is measured with: its site and language, the run's research, and its own post (never a page it resembles). */
export interface PostQualitySubject {
  accountId: string;
  siteId: string;
  language: string;
  researchId: string;
  remoteId: number;
}

/** The quality of a post's HTML (the post as it is, or a suggestion) against the run's research; an improvement makes no claims to check. */
export function postQuality(services: Services, subject: PostQualitySubject, html: string): Promise<Quality> {
  return qualityOf(services.db, {
    accountId: subject.accountId,
    siteId: subject.siteId,
    html,
    language: subject.language,
    researchId: subject.researchId,
    claims: [],
    remoteId: String(subject.remoteId),
  });
}
