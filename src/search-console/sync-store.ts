import { and, eq, isNotNull, type SQL, sql } from "drizzle-orm";
import { urlKey } from "../core/page-url-key";
import { runBatch } from "../db/batch";
import type { Database } from "../db/client";
import { articles, existingPosts, searchPages } from "../db/schema";
import type { DayRange } from "./figures";

// The sync's writes. Rows travel as one JSON array per statement and are unpacked with json_each:
// a page of 25,000 rows is a few dozen statements, each with two or three bound values (D1 allows
// 100 per statement), instead of a thousand 20-row inserts.

/** Rows per statement: well under D1's 2 MB for a bound value even with long URLs and queries. */
const ROWS_PER_STATEMENT = 1000;

/** A figure of one day, or of a query over the window: Google's doubles, stored as whole clicks and impressions. */
export interface Figures {
  clicks: number;
  impressions: number;
  position: number;
}

function chunks<T>(items: T[], size = ROWS_PER_STATEMENT): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Sums the rows that land on one key (http and https, www or not, a trailing slash: one page to
 * us); the position is weighted by impressions, as Google averages it.
 */
function merged<T extends Figures>(rows: T[], keyOf: (row: T) => string | null): Map<string, T> {
  const byKey = new Map<string, T>();
  for (const row of rows) {
    const key = keyOf(row);
    if (key === null) continue;
    const seen = byKey.get(key);
    if (!seen) {
      byKey.set(key, { ...row });
      continue;
    }
    const impressions = seen.impressions + row.impressions;
    seen.position = impressions > 0 ? (seen.position * seen.impressions + row.position * row.impressions) / impressions : seen.position;
    seen.clicks += row.clicks;
    seen.impressions = impressions;
  }
  return byKey;
}

const whole = (value: number) => Math.round(value);

async function runAll(db: Database, statements: SQL[]): Promise<void> {
  if (statements.length > 0) await runBatch(db, statements);
}

/** Google's own daily totals of the property, upserted. */
export async function upsertSiteDays(db: Database, siteId: string, rows: (Figures & { day: number })[]): Promise<void> {
  await runAll(
    db,
    chunks(rows).map((chunk) => {
      const json = JSON.stringify(chunk.map((row) => [row.day, whole(row.clicks), whole(row.impressions), row.position]));
      return sql`INSERT INTO search_site_daily (site_id, day, clicks, impressions, position)
        SELECT ${siteId}, json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]'), json_extract(value, '$[3]')
        FROM json_each(${json}) WHERE true
        ON CONFLICT (site_id, day) DO UPDATE SET clicks = excluded.clicks, impressions = excluded.impressions, position = excluded.position`;
    }),
  );
}

/** The pages of `urls` that are not stored yet, keyed by their normalised URL. */
function pageInserts(siteId: string, urls: Map<string, string>): SQL[] {
  return chunks([...urls]).map((chunk) => {
    const json = JSON.stringify(chunk);
    return sql`INSERT INTO search_pages (site_id, url_key, url)
      SELECT ${siteId}, json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(${json}) WHERE true
      ON CONFLICT (site_id, url_key) DO NOTHING`;
  });
}

/** One page of Google's page × date rows: the pages (by normalised URL) and their days, upserted. */
export async function upsertPageDays(db: Database, siteId: string, rows: (Figures & { url: string; day: number })[]): Promise<void> {
  const byPageDay = merged(rows, (row) => {
    const key = urlKey(row.url);
    return key === null ? null : `${row.day} ${key}`;
  });
  const urls = new Map<string, string>();
  const days: [string, number, number, number, number][] = [];
  for (const [pageDay, row] of byPageDay) {
    const key = pageDay.slice(pageDay.indexOf(" ") + 1);
    if (!urls.has(key)) urls.set(key, row.url);
    days.push([key, row.day, whole(row.clicks), whole(row.impressions), row.position]);
  }
  await runAll(db, [...pageInserts(siteId, urls), ...chunks(days).map((chunk) => pageDaysUpsert(siteId, JSON.stringify(chunk)))]);
}

// The rows' side of these joins comes first (CROSS JOIN fixes SQLite's order): each row then finds
// its page through the (site_id, url_key) index. Left to the planner, it walked every page of the
// site and scanned the rows for each, so a sync took time in the square of the site's pages.

/** One statement of `upsertPageDays`: `json` holds [url_key, day, clicks, impressions, position] rows. */
export function pageDaysUpsert(siteId: string, json: string): SQL {
  return sql`INSERT INTO search_daily (page_id, day, clicks, impressions, position)
    SELECT p.id, json_extract(j.value, '$[1]'), json_extract(j.value, '$[2]'), json_extract(j.value, '$[3]'), json_extract(j.value, '$[4]')
    FROM json_each(${json}) AS j CROSS JOIN search_pages AS p ON p.site_id = ${siteId} AND p.url_key = json_extract(j.value, '$[0]')
    WHERE true
    ON CONFLICT (page_id, day) DO UPDATE SET clicks = excluded.clicks, impressions = excluded.impressions, position = excluded.position`;
}

/** One statement of `addQueries`: `json` holds [url_key, query, clicks, impressions, position] rows. */
export function queriesUpsert(siteId: string, json: string): SQL {
  return sql`INSERT INTO search_queries (page_id, site_id, query, clicks, impressions, position)
    SELECT p.id, ${siteId}, json_extract(j.value, '$[1]'), json_extract(j.value, '$[2]'), json_extract(j.value, '$[3]'), json_extract(j.value, '$[4]')
    FROM json_each(${json}) AS j CROSS JOIN search_pages AS p ON p.site_id = ${siteId} AND p.url_key = json_extract(j.value, '$[0]')
    WHERE true
    ON CONFLICT (page_id, query) DO UPDATE SET clicks = excluded.clicks, impressions = excluded.impressions, position = excluded.position`;
}

/** Empties the site's queries before a sync writes the window's again. */
export async function clearQueries(db: Database, siteId: string): Promise<void> {
  await db.run(sql`DELETE FROM search_queries WHERE site_id = ${siteId}`);
}

/** One page of Google's page × query rows over the window. */
export async function addQueries(db: Database, siteId: string, rows: (Figures & { url: string; query: string })[]): Promise<void> {
  const byPageQuery = merged(rows, (row) => {
    const key = urlKey(row.url);
    return key === null ? null : JSON.stringify([key, row.query]);
  });
  const urls = new Map<string, string>();
  const queries: [string, string, number, number, number][] = [];
  for (const [pageQuery, row] of byPageQuery) {
    const [key] = JSON.parse(pageQuery) as [string];
    if (!urls.has(key)) urls.set(key, row.url);
    queries.push([key, row.query, whole(row.clicks), whole(row.impressions), row.position]);
  }
  await runAll(db, [...pageInserts(siteId, urls), ...chunks(queries).map((chunk) => queriesUpsert(siteId, JSON.stringify(chunk)))]);
}

/** Keeps each page's `perPage` best queries (by clicks, then impressions). */
export async function trimQueries(db: Database, siteId: string, perPage: number): Promise<void> {
  await db.run(sql`DELETE FROM search_queries WHERE site_id = ${siteId} AND (page_id, query) IN (
    SELECT page_id, query FROM (
      SELECT page_id, query, row_number() OVER (PARTITION BY page_id ORDER BY clicks DESC, impressions DESC, query) AS place
      FROM search_queries WHERE site_id = ${siteId}
    ) WHERE place > ${perPage})`);
}

/**
 * The window figures on every page of the site, summed from its daily rows in SQL: `current`
 * into clicks/impressions/position, `previous` into the previous* columns.
 */
export async function refreshPageFigures(db: Database, siteId: string, windows: { current: DayRange; previous: DayRange }): Promise<void> {
  const { current, previous } = windows;
  const inCurrent = sql`d.day BETWEEN ${current.start} AND ${current.end}`;
  const inPrevious = sql`d.day BETWEEN ${previous.start} AND ${previous.end}`;
  await runAll(db, [
    sql`UPDATE search_pages SET clicks = 0, impressions = 0, position = NULL, previous_clicks = 0, previous_impressions = 0, previous_position = NULL
      WHERE site_id = ${siteId}`,
    sql`UPDATE search_pages SET clicks = f.clicks, impressions = f.impressions, position = f.position,
        previous_clicks = f.previous_clicks, previous_impressions = f.previous_impressions, previous_position = f.previous_position
      FROM (
        SELECT d.page_id,
          COALESCE(SUM(CASE WHEN ${inCurrent} THEN d.clicks END), 0) AS clicks,
          COALESCE(SUM(CASE WHEN ${inCurrent} THEN d.impressions END), 0) AS impressions,
          SUM(CASE WHEN ${inCurrent} THEN d.position * d.impressions END) / NULLIF(SUM(CASE WHEN ${inCurrent} THEN d.impressions END), 0) AS position,
          COALESCE(SUM(CASE WHEN ${inPrevious} THEN d.clicks END), 0) AS previous_clicks,
          COALESCE(SUM(CASE WHEN ${inPrevious} THEN d.impressions END), 0) AS previous_impressions,
          SUM(CASE WHEN ${inPrevious} THEN d.position * d.impressions END) / NULLIF(SUM(CASE WHEN ${inPrevious} THEN d.impressions END), 0) AS previous_position
        FROM search_daily AS d JOIN search_pages AS p ON p.id = d.page_id
        WHERE p.site_id = ${siteId} AND d.day BETWEEN ${previous.start} AND ${current.end}
        GROUP BY d.page_id
      ) AS f
      WHERE search_pages.id = f.page_id`,
  ]);
}

/**
 * Links each page to the site's article published there and to the inventory's post at that URL,
 * by normalised URL. The matching is done here, in one pass over each list; only the pages whose
 * links change are written, by their id.
 */
export async function matchPages(db: Database, siteId: string): Promise<void> {
  const [published, posts, pages] = await Promise.all([
    db
      .select({ id: articles.id, url: articles.publicationUrl })
      .from(articles)
      .where(and(eq(articles.siteId, siteId), isNotNull(articles.publicationUrl)))
      .orderBy(articles.id),
    db.select({ id: existingPosts.id, url: existingPosts.url }).from(existingPosts).where(eq(existingPosts.siteId, siteId)),
    db
      .select({ id: searchPages.id, urlKey: searchPages.urlKey, articleId: searchPages.articleId, postId: searchPages.postId })
      .from(searchPages)
      .where(eq(searchPages.siteId, siteId)),
  ]);
  const keyed = <T extends string | number>(rows: { id: T; url: string | null }[]) => {
    // The latest article at a URL wins (rows come oldest first).
    const byKey = new Map<string, T>();
    for (const row of rows) {
      const key = row.url ? urlKey(row.url) : null;
      if (key) byKey.set(key, row.id);
    }
    return byKey;
  };
  const articleAt = keyed(published);
  const postAt = keyed(posts);
  const changed: [number, number | null, string | null][] = [];
  for (const page of pages) {
    const articleId = articleAt.get(page.urlKey) ?? null;
    const postId = postAt.get(page.urlKey) ?? null;
    if (articleId !== page.articleId || postId !== page.postId) changed.push([page.id, articleId, postId]);
  }
  await runAll(
    db,
    chunks(changed).map((chunk) => pageLinksUpdate(JSON.stringify(chunk))),
  );
}

/** One statement of `matchPages`: `json` holds [page id, article id, post id] rows. */
export function pageLinksUpdate(json: string): SQL {
  return sql`UPDATE search_pages SET article_id = m.article_id, post_id = m.post_id
    FROM (SELECT json_extract(value, '$[0]') AS id, json_extract(value, '$[1]') AS article_id, json_extract(value, '$[2]') AS post_id
      FROM json_each(${json})) AS m
    WHERE search_pages.id = m.id`;
}

/** Forgets the days before `firstDay` (Search Console keeps 16 months; so does the loop), and pages left without figures. */
export async function pruneHistory(db: Database, siteId: string, firstDay: number): Promise<void> {
  await runAll(db, [
    sql`DELETE FROM search_daily WHERE page_id IN (SELECT id FROM search_pages WHERE site_id = ${siteId}) AND day < ${firstDay}`,
    sql`DELETE FROM search_site_daily WHERE site_id = ${siteId} AND day < ${firstDay}`,
    sql`DELETE FROM search_pages WHERE site_id = ${siteId}
      AND NOT EXISTS (SELECT 1 FROM search_daily AS d WHERE d.page_id = search_pages.id)
      AND NOT EXISTS (SELECT 1 FROM search_queries AS q WHERE q.page_id = search_pages.id)`,
  ]);
}
