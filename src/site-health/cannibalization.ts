import { sql } from "drizzle-orm";
import type { SiteHealthConfig } from "../config";
import type { Database } from "../db/client";
import { getSite } from "../sites/service";

// Cannibalisation: a query of the last 28 days (search_queries holds page × query over the
// sync's window) for which two or more of the site's pages each take a real share of the
// impressions. One grouped statement reads the pages that pass; the rest is a single pass.

/** One page's part of a cannibalised query. */
export interface CannibalPage {
  url: string;
  articleId: string | null;
  postId: string | null;
  /** The page's clicks, impressions and average position for this query over the 28 days. */
  clicks: number;
  impressions: number;
  position: number;
}

export type CannibalSuggestion = "merge" | "differentiate";

export interface CannibalEntry {
  query: string;
  /** The query's impressions over all the site's pages. */
  impressions: number;
  /** The pages that take a real share, the stronger (more clicks, then impressions) first. */
  pages: CannibalPage[];
  suggestion: CannibalSuggestion;
  reason: string;
}

/** A page row as the statement reads it: its query figures and its whole-page figures. */
interface Row {
  query: string;
  total: number;
  page_id: number;
  url: string;
  article_id: number | null;
  post_id: string | null;
  clicks: number;
  impressions: number;
  position: number;
  page_clicks: number;
  page_impressions: number;
  word_count: number | null;
}

/** A page shorter than this (in words, when its existing post was synced) is thin: merge, whatever its figures. */
export const THIN_PAGE_WORDS = 300;
/** The weaker page is weak on everything when it earns at most this fraction of the stronger page's clicks, over all its queries. */
const WEAK_CLICKS_RATIO = 0.25;

/**
 * The statement: each (query, page) row of the site with the query's total over the site's
 * pages and how many pages have it, kept when the page holds `minSharePercent` of the total and
 * `minImpressions`, and the query has two or more pages. The window sums run over the
 * (site_id, query) index order; the page join is by primary key: linear in the site's rows.
 */
function sharedRows(db: Database, siteId: string, thresholds: SiteHealthConfig["cannibalization"]) {
  return db.all<Row>(sql`
    WITH q AS (
      SELECT query, page_id, clicks, impressions, position,
        sum(impressions) OVER (PARTITION BY query) AS total,
        count(*) OVER (PARTITION BY query) AS pages
      FROM search_queries WHERE site_id = ${siteId}
    )
    SELECT q.query, q.total, q.page_id, p.url, p.article_id, p.post_id, q.clicks, q.impressions, q.position,
      p.clicks AS page_clicks, p.impressions AS page_impressions, e.word_count
    FROM q
    JOIN search_pages AS p ON p.id = q.page_id
    LEFT JOIN existing_posts AS e ON e.id = p.post_id
    WHERE q.pages >= 2 AND q.impressions >= ${thresholds.minImpressions} AND q.impressions * 100 >= q.total * ${thresholds.minSharePercent}
    ORDER BY q.query, q.clicks DESC, q.impressions DESC, q.page_id`);
}

/**
 * merge when the weaker page is thin or weak on everything (its clicks over all its queries at
 * most a quarter of the stronger page's, and no more impressions overall): it has no audience of
 * its own to keep. Otherwise differentiate: it earns elsewhere, so it is moved to another query.
 */
export function suggestionFor(stronger: Row, weaker: Row): { suggestion: CannibalSuggestion; reason: string } {
  if (weaker.word_count !== null && weaker.word_count < THIN_PAGE_WORDS)
    return {
      suggestion: "merge",
      reason: `${weaker.url} is thin (${weaker.word_count} words): fold what it adds into ${stronger.url} and redirect it there`,
    };
  const weakOnEverything =
    weaker.page_clicks <= stronger.page_clicks * WEAK_CLICKS_RATIO && weaker.page_impressions <= stronger.page_impressions;
  if (weakOnEverything)
    return {
      suggestion: "merge",
      reason: `${weaker.url} earns ${weaker.page_clicks} clicks on all its queries against ${stronger.page_clicks} for ${stronger.url}: fold it into the stronger page and redirect it there`,
    };
  return {
    suggestion: "differentiate",
    reason: `${weaker.url} earns ${weaker.page_clicks} clicks on its own queries (${stronger.url}: ${stronger.page_clicks}): keep it, and move it to another query`,
  };
}

/** The site's cannibalised queries, the most impressions first. */
export async function findCannibalized(
  db: Database,
  siteId: string,
  thresholds: SiteHealthConfig["cannibalization"],
): Promise<CannibalEntry[]> {
  const rows = await sharedRows(db, siteId, thresholds);
  const entries: CannibalEntry[] = [];
  // Rows come grouped by query, stronger page first.
  for (let start = 0; start < rows.length; ) {
    let end = start + 1;
    while (end < rows.length && rows[end]!.query === rows[start]!.query) end += 1;
    if (end - start >= 2) {
      const group = rows.slice(start, end);
      const { suggestion, reason } = suggestionFor(group[0]!, group[1]!);
      entries.push({
        query: group[0]!.query,
        impressions: group[0]!.total,
        pages: group.map((row) => ({
          url: row.url,
          articleId: row.article_id === null ? null : String(row.article_id),
          postId: row.post_id,
          clicks: row.clicks,
          impressions: row.impressions,
          position: Math.round(row.position * 10) / 10,
        })),
        suggestion,
        reason,
      });
    }
    start = end;
  }
  return entries.sort((a, b) => b.impressions - a.impressions || a.query.localeCompare(b.query));
}

/** GET /sites/{siteId}/cannibalization: the list, with when the figures were synced. */
export async function listCannibalization(db: Database, config: SiteHealthConfig, accountId: string, siteId: string) {
  const site = await getSite(db, accountId, siteId);
  return { items: await findCannibalized(db, site.id, config.cannibalization), syncedAt: site.searchSyncedAt };
}

/** How many queries of the site are cannibalised (for the health view). */
export async function countCannibalized(db: Database, config: SiteHealthConfig, siteId: string): Promise<number> {
  return (await findCannibalized(db, siteId, config.cannibalization)).length;
}
