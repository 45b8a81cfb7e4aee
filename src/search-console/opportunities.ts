import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { articles, planItems, searchPages, searchQueries } from "../db/schema";
import { keywordKey } from "../plans/keyword-key";
import { getSite } from "../sites/service";
import { dayDate } from "../core/search-days";

/** The positions an opportunity ranks at: on page one's lower half to page three, within reach of a dedicated article. */
export const OPPORTUNITY_POSITIONS = { min: 8, max: 30 } as const;
export const DEFAULT_MIN_IMPRESSIONS = 10;
/**
 * The most grouped queries read for one answer, busiest first. The key filter runs in code, so
 * the whole filtered list is read to count it; a large site has a few thousand queries in 8–30
 * with 10+ impressions, and beyond this many the quietest are left out of the list and its total.
 */
const MAX_GROUPED_QUERIES = 10_000;
/** Search Console counts a 28-day window: its last day is the last complete day the sync read. */
const WINDOW_DAYS = 28;

export interface Opportunity {
  query: string;
  impressions: number;
  clicks: number;
  ctr: number;
  /** Impression-weighted average over the site's pages. */
  position: number;
  /** The page with the most impressions for the query, and the article or existing post it is (ids as the API writes them). */
  page: { url: string; articleId: string | null; postId: string | null };
}

export interface OpportunityList {
  siteId: string;
  syncedAt: string | null;
  window: { start: string; end: string } | null;
  items: Opportunity[];
  /** Queries that passed (8–30, enough impressions) but an article or plan item of the site already targets. */
  targeted: number;
  page: number;
  perPage: number;
  total: number;
  totalPages: number;
}

/**
 * A page of the site's Search Console opportunities: queries over the last 28 complete days with
 * at least `minImpressions` impressions at an average position of 8–30 that no article or plan
 * item of the site targets (by keyword key, so "Kids Bread" is "bread for kids"), busiest first.
 */
export async function listOpportunities(
  db: Database,
  accountId: string,
  siteId: string,
  options: { page: number; perPage: number; minImpressions?: number },
): Promise<OpportunityList> {
  const site = await getSite(db, accountId, siteId);
  const minImpressions = options.minImpressions ?? DEFAULT_MIN_IMPRESSIONS;
  const [rows, plannedKeys, articleKeywords] = await db.batch([
    opportunityRowsQuery(db, siteId, minImpressions),
    db.selectDistinct({ key: planItems.keywordKey }).from(planItems).where(eq(planItems.siteId, siteId)),
    db
      .selectDistinct({ keyword: articles.targetKeyword })
      .from(articles)
      .where(and(eq(articles.accountId, accountId), eq(articles.siteId, siteId), isNotNull(articles.targetKeyword))),
  ]);
  const targeted = new Set([...plannedKeys.map((row) => row.key), ...articleKeywords.map((row) => keywordKey(row.keyword ?? ""))]);
  const open = rows.filter((row) => !targeted.has(keywordKey(row.query)));
  const start = (options.page - 1) * options.perPage;
  return {
    siteId: site.id,
    syncedAt: site.searchSyncedAt,
    window:
      site.searchSyncedThrough === null
        ? null
        : { start: dayDate(site.searchSyncedThrough - (WINDOW_DAYS - 1)), end: dayDate(site.searchSyncedThrough) },
    items: open.slice(start, start + options.perPage).map((row) => ({
      query: row.query,
      impressions: row.impressions,
      clicks: row.clicks,
      ctr: row.impressions > 0 ? Math.round((row.clicks / row.impressions) * 10_000) / 10_000 : 0,
      position: Math.round(row.position * 10) / 10,
      page: { url: row.url, articleId: row.articleId === null ? null : String(row.articleId), postId: row.postId },
    })),
    targeted: rows.length - open.length,
    page: options.page,
    perPage: options.perPage,
    total: open.length,
    totalPages: Math.ceil(open.length / options.perPage),
  };
}

/**
 * The site's queries grouped, in 8–30 with `minImpressions`, busiest first, each with its busiest
 * page: one statement (exported for the test that pins its plan to the (site_id, query) index).
 */
export function opportunityRowsQuery(db: Database, siteId: string, minImpressions: number) {
  const impressions = sql<number>`sum(${searchQueries.impressions})`;
  const position = sql<number>`sum(${searchQueries.position} * ${searchQueries.impressions}) / sum(${searchQueries.impressions})`;
  // One pass over the site's rows by the (site_id, query) index; the ranking page is looked up
  // only for the queries that pass, by the same index.
  const grouped = db
    .select({
      query: searchQueries.query,
      impressions: impressions.as("query_impressions"),
      clicks: sql<number>`sum(${searchQueries.clicks})`.as("query_clicks"),
      position: position.as("query_position"),
      pageId: sql<number>`(SELECT best.page_id FROM search_queries AS best
        WHERE best.site_id = ${siteId} AND best.query = search_queries.query
        ORDER BY best.impressions DESC, best.page_id LIMIT 1)`.as("best_page_id"),
    })
    .from(searchQueries)
    .where(eq(searchQueries.siteId, siteId))
    .groupBy(searchQueries.query)
    .having(
      and(sql`${impressions} >= ${minImpressions}`, sql`${position} BETWEEN ${OPPORTUNITY_POSITIONS.min} AND ${OPPORTUNITY_POSITIONS.max}`),
    )
    .orderBy(desc(impressions), searchQueries.query)
    .limit(MAX_GROUPED_QUERIES)
    .as("grouped");
  return db
    .select({
      query: grouped.query,
      impressions: grouped.impressions,
      clicks: grouped.clicks,
      position: grouped.position,
      url: searchPages.url,
      articleId: searchPages.articleId,
      postId: searchPages.postId,
    })
    .from(grouped)
    .innerJoin(searchPages, eq(searchPages.id, grouped.pageId))
    .orderBy(desc(grouped.impressions), grouped.query);
}

/** Whether a sync has stored any query of the site (opportunities need them). */
export async function siteHasSearchQueries(db: Database, siteId: string): Promise<boolean> {
  const [row] = await db.select({ one: sql<number>`1` }).from(searchQueries).where(eq(searchQueries.siteId, siteId)).limit(1);
  return row !== undefined;
}
