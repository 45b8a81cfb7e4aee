import { and, eq, isNull } from "drizzle-orm";
import { excerptOf } from "../adapters/page-reader/port";
import { pickSources } from "../adapters/page-reader/sources";
import { newId } from "../core/ids";
import { log } from "../core/logger";
import { toIsoSeconds } from "../core/time";
import type { Database } from "../db/client";
import { planItems, serpResearch, type StoredSource } from "../db/schema";
import type { Services } from "../services/container";

export type ResearchRow = typeof serpResearch.$inferSelect;

/** The most of a source's text kept for scoring (a long page's beginning): about 9,000 words. */
export const SOURCE_TEXT_BYTES = 60_000;

export interface ResearchSubject {
  accountId: string;
  siteId: string;
  /** The site's address: its own pages are never sources. */
  siteUrl: string;
  keyword: string;
  language: string;
}

/**
 * Searches the keyword, reads up to five of the top pages and stores what was found. A source
 * that fails to read is skipped (and listed in `skipped`); none at all leaves `sources` empty.
 * Throws the provider's error when the search itself fails (the caller's step retries it).
 */
export async function researchKeyword(services: Services, subject: ResearchSubject, now = new Date()): Promise<ResearchRow> {
  const started = Date.now();
  const serp = await services.serpResearch().research({ keyword: subject.keyword, language: subject.language });
  const picked = await pickSources({ results: serp.results, siteUrl: subject.siteUrl, reader: services.pageReader() });
  const sources: StoredSource[] = picked.sources.map((page, index) => ({
    id: String(index + 1),
    url: page.url,
    title: page.title,
    headings: page.headings,
    text: excerptOf(page.text, SOURCE_TEXT_BYTES),
    excerpt: page.excerpt,
    fetchedAt: page.fetchedAt,
  }));
  const row: ResearchRow = {
    id: newId("res"),
    accountId: subject.accountId,
    siteId: subject.siteId,
    keyword: subject.keyword,
    language: subject.language,
    query: serp.query,
    provider: serp.provider,
    costUsd: serp.costUsd,
    results: serp.results.map(({ url, title, description, rank }) => ({ url, title, description, rank })),
    questions: serp.questions,
    relatedSearches: serp.relatedSearches,
    sources,
    skipped: picked.skipped.map(({ url, reason }) => ({ url, reason })),
    createdAt: toIsoSeconds(now),
  };
  log("info", "research_done", {
    researchId: row.id,
    provider: row.provider,
    results: row.results.length,
    sources: sources.length,
    skipped: row.skipped.length,
    costUsd: row.costUsd,
    ms: Date.now() - started,
  });
  return row;
}

/**
 * The research of a plan item's keyword, made once: every run of the item (a retry, a rerun, a
 * run resumed after a crash) reads the stored one. Stored and linked to the item in one batch, so
 * an item never points at half a research.
 */
export async function researchForItem(
  services: Services,
  item: { id: string; researchId: string | null },
  subject: ResearchSubject,
  now = new Date(),
): Promise<ResearchRow> {
  if (item.researchId) {
    const stored = await getResearch(services.db, subject.accountId, item.researchId);
    if (stored) return stored;
  }
  const row = await researchKeyword(services, subject, now);
  const { db } = services;
  await db.batch([
    db.insert(serpResearch).values(row),
    db
      .update(planItems)
      .set({ researchId: row.id })
      .where(item.researchId ? eq(planItems.id, item.id) : and(eq(planItems.id, item.id), isNull(planItems.researchId))),
  ]);
  return row;
}

export async function getResearch(db: Database, accountId: string, researchId: string): Promise<ResearchRow | null> {
  const [row] = await db
    .select()
    .from(serpResearch)
    .where(and(eq(serpResearch.id, researchId), eq(serpResearch.accountId, accountId)));
  return row ?? null;
}
