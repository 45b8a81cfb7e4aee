import { and, asc, count, desc, eq, or, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { log } from "../core/logger";
import { SEARCH_REFRESH_MESSAGE, type SearchRefresh } from "../core/queue-messages";
import { toIsoSeconds } from "../core/time";
import {
  DEFAULT_SEARCH_SETTINGS,
  existingPosts,
  searchDaily,
  searchDecay,
  searchPages,
  searchRefreshes,
  sites,
  type DecayReason,
} from "../db/schema";
import type { Services } from "../services/container";
import { getSite } from "../sites/service";
import { dayNumber } from "../core/search-days";
import { figuresOf, positionOf, sumsIn, type Sums, windowOf, windowsEndingOn } from "./figures";

/** The check compares the last 28 complete days with the 28 before. */
export const DECAY_WINDOW_DAYS = 28;
/** A year back, on the same weekdays. */
const YEAR_DAYS = 364;

// search_decay binds 8 values a row; D1 takes at most 100 a statement.
const DECAY_ROWS_PER_INSERT = 12;

/**
 * Every rule that the fall from `previous` to `current` meets, in order of severity: clicks fell
 * ≥ 40 % (from ≥ 10), the average position worsened by ≥ 3 (≥ 20 impressions in both windows),
 * or the CTR fell to ≤ 70 % while impressions held at ≥ 80 % (from ≥ 100 impressions).
 * Integer cross-multiplication keeps the edges exact (60 of 100 clicks is a fall, 61 is not).
 */
export function fallsOf(current: Sums, previous: Sums): DecayReason[] {
  const reasons: DecayReason[] = [];
  if (previous.clicks >= 10 && current.clicks * 10 <= previous.clicks * 6) reasons.push("clicks_fell");
  const now = positionOf(current);
  const before = positionOf(previous);
  // A hair of float slack: 7.3 - 4.3 is 2.9999999999999996.
  if (current.impressions >= 20 && previous.impressions >= 20 && now !== null && before !== null && now - before >= 3 - 1e-9)
    reasons.push("position_fell");
  if (
    previous.impressions >= 100 &&
    previous.clicks > 0 &&
    current.impressions * 10 >= previous.impressions * 8 &&
    current.clicks * previous.impressions * 10 <= previous.clicks * current.impressions * 7
  )
    reasons.push("ctr_fell");
  return reasons;
}

/** The Monday (UTC) of the week `now` falls in, YYYY-MM-DD: automatic refreshes are counted per week. */
export function weekOf(now: Date): string {
  const day = dayNumber(now.toISOString().slice(0, 10));
  // 1970-01-01 was a Thursday: (day + 3) % 7 counts days since Monday.
  return new Date((day - ((day + 3) % 7)) * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The weekly check of a site (the sync calls it): each page's last 28 days against the 28
 * before, ending on the last day the sync read; a page that fell the same way a year earlier is
 * seasonal. The site's decay rows are replaced in one batch. Then, when the site refreshes
 * decaying posts automatically, the non-seasonal decaying posts that lost the most clicks get a
 * refresh queued, at most `maxRefreshesPerWeek` a week and once per post and week.
 */
export async function checkDecay(services: Services, siteId: string, now = new Date()): Promise<{ decaying: number; queued: number }> {
  const { db } = services;
  const [site] = await db.select().from(sites).where(eq(sites.id, siteId));
  if (!site || site.searchSyncedThrough === null) return { decaying: 0, queued: 0 };
  const end = site.searchSyncedThrough;
  const { current, previous } = windowsEndingOn(end, DECAY_WINDOW_DAYS);
  const lastYear = windowsEndingOn(end - YEAR_DAYS, DECAY_WINDOW_DAYS);
  const columns = {
    day: searchDaily.day,
    clicks: searchDaily.clicks,
    impressions: searchDaily.impressions,
    position: searchDaily.position,
  };
  const pages = await db
    .select({
      pageId: searchPages.id,
      postId: searchPages.postId,
      current: sumsIn(columns, current, "current"),
      previous: sumsIn(columns, previous, "previous"),
      yearCurrent: sumsIn(columns, lastYear.current, "year_current"),
      yearPrevious: sumsIn(columns, lastYear.previous, "year_previous"),
    })
    .from(searchPages)
    .innerJoin(
      searchDaily,
      and(
        eq(searchDaily.pageId, searchPages.id),
        or(inRange(searchDaily.day, previous.start, current.end), inRange(searchDaily.day, lastYear.previous.start, lastYear.current.end)),
      ),
    )
    .where(eq(searchPages.siteId, siteId))
    .groupBy(searchPages.id);

  const detectedAt = toIsoSeconds(now);
  const decaying = pages.flatMap((page) => {
    const [reason] = fallsOf(page.current, page.previous);
    if (!reason) return [];
    const seasonal = fallsOf(page.yearCurrent, page.yearPrevious).includes(reason);
    return [{ ...page, reason, seasonal, clicksLost: page.previous.clicks - page.current.clicks }];
  });

  const statements: BatchItem<"sqlite">[] = [db.delete(searchDecay).where(eq(searchDecay.siteId, siteId))];
  for (let i = 0; i < decaying.length; i += DECAY_ROWS_PER_INSERT) {
    statements.push(
      db.insert(searchDecay).values(
        decaying.slice(i, i + DECAY_ROWS_PER_INSERT).map((page) => ({
          pageId: page.pageId,
          siteId,
          reason: page.reason,
          seasonal: page.seasonal,
          current: figuresOf(page.current),
          previous: figuresOf(page.previous),
          windowEnd: end,
          detectedAt,
        })),
      ),
    );
  }
  // A check of no pages is recorded too: the panel then says it ran, and on how many pages.
  statements.push(
    db
      .update(sites)
      .set({ decayCheckedAt: detectedAt, decayCheckedPages: pages.length, decayCheckedThrough: end })
      .where(eq(sites.id, siteId)),
  );
  const [head, ...tail] = statements;
  await db.batch([head!, ...tail]);
  log("info", "search_decay_checked", { siteId, pages: pages.length, decaying: decaying.length });

  const settings = site.searchSettings ?? DEFAULT_SEARCH_SETTINGS;
  if (!settings.refreshDecaying || site.platform !== "blog" || site.status !== "CONNECTED") return { decaying: decaying.length, queued: 0 };
  const candidates = decaying
    .filter((page): page is typeof page & { postId: string } => !page.seasonal && page.postId !== null)
    .sort((a, b) => b.clicksLost - a.clicksLost || a.pageId - b.pageId);
  const queued = await queueRefreshes(services, site.accountId, siteId, candidates, settings.maxRefreshesPerWeek, now);
  return { decaying: decaying.length, queued };
}

const inRange = (day: typeof searchDaily.day, start: number, end: number) => sql`${day} BETWEEN ${start} AND ${end}`;

/**
 * Claims a refresh row per post for this week, best candidates first, and queues each new one.
 * Each insert counts the week's rows in the same statement, so two checks at once cannot pass the
 * weekly limit; ON CONFLICT keeps a post to one refresh a week.
 */
async function queueRefreshes(
  services: Services,
  accountId: string,
  siteId: string,
  candidates: { postId: string }[],
  perWeek: number,
  now: Date,
): Promise<number> {
  const { db } = services;
  const week = weekOf(now);
  const taken = await db
    .select({ postId: searchRefreshes.postId })
    .from(searchRefreshes)
    .where(and(eq(searchRefreshes.siteId, siteId), eq(searchRefreshes.week, week)));
  const done = new Set(taken.map((row) => row.postId));
  const room = Math.max(0, perWeek - taken.length);
  let queued = 0;
  for (const { postId } of candidates.filter((candidate) => !done.has(candidate.postId)).slice(0, room)) {
    const inserted = await db.all<{ post_id: string }>(sql`
      INSERT INTO search_refreshes (post_id, site_id, week, created_at)
      SELECT ${postId}, ${siteId}, ${week}, ${toIsoSeconds(now)}
      WHERE (SELECT count(*) FROM search_refreshes WHERE site_id = ${siteId} AND week = ${week}) < ${perWeek}
      ON CONFLICT DO NOTHING
      RETURNING post_id`);
    if (inserted.length === 0) continue;
    const message: SearchRefresh & { type: string } = { type: SEARCH_REFRESH_MESSAGE, accountId, siteId, postId, week };
    await services.queues.search.send(message);
    queued += 1;
  }
  if (queued > 0) log("info", "search_refreshes_queued", { siteId, week, queued });
  return queued;
}

/**
 * GET /sites/{siteId}/decay: the pages the last check found decaying, most clicks lost first,
 * with the figures of both windows and the article or post each page is; when the check ran, how
 * many pages it compared and over which window (also when none was decaying).
 */
export async function listDecay(services: Services, accountId: string, siteId: string, query: { page: number; perPage: number }) {
  const { db } = services;
  const site = await getSite(db, accountId, siteId);
  const clicksLost =
    sql<number>`json_extract(${searchDecay.previous}, '$.clicks') - json_extract(${searchDecay.current}, '$.clicks')`.mapWith(Number);
  const [rows, [summary]] = await db.batch([
    db
      .select({
        url: searchPages.url,
        reason: searchDecay.reason,
        seasonal: searchDecay.seasonal,
        current: searchDecay.current,
        previous: searchDecay.previous,
        clicksLost,
        articleId: searchPages.articleId,
        postId: searchPages.postId,
        postTitle: existingPosts.title,
        detectedAt: searchDecay.detectedAt,
      })
      .from(searchDecay)
      .innerJoin(searchPages, eq(searchPages.id, searchDecay.pageId))
      .leftJoin(existingPosts, eq(existingPosts.id, searchPages.postId))
      .where(eq(searchDecay.siteId, site.id))
      .orderBy(desc(clicksLost), asc(searchDecay.pageId))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db.select({ total: count() }).from(searchDecay).where(eq(searchDecay.siteId, site.id)),
  ]);
  const total = summary?.total ?? 0;
  const windowEnd = site.decayCheckedThrough;
  return {
    items: rows.map((row) => ({ ...row, articleId: row.articleId === null ? null : String(row.articleId) })),
    page: query.page,
    perPage: query.perPage,
    total,
    totalPages: Math.ceil(total / query.perPage),
    window: windowEnd === null ? null : windowOf(windowsEndingOn(windowEnd, DECAY_WINDOW_DAYS).current),
    checkedAt: site.decayCheckedAt,
    checkedPages: site.decayCheckedPages,
  };
}
