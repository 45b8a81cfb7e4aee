import { and, asc, between, count, desc, eq, exists, or, sql } from "drizzle-orm";
import { notFound } from "../core/errors";
import { urlKey } from "../core/page-url-key";
import { articles, existingPosts, searchDaily, searchPages, searchQueries, searchSiteDaily, sites } from "../db/schema";
import type { Services } from "../services/container";
import { getSite, type SiteRow } from "../sites/service";
import { lastCompleteDay } from "../core/search-days";
import { changeOf, dailySeries, EMPTY, figuresOf, sumsIn, type DayRange, type Sums, windowOf, windowsEndingOn } from "./figures";

type PageRow = typeof searchPages.$inferSelect;

/** How many of a page's queries the article and post views show. */
const TOP_QUERIES = 10;

/**
 * The windows of a view: the `days` days ending on the last day the site's sync read (or the
 * last complete day when it never synced: then every figure is zero), and the `days` before.
 */
function windowsOf(site: Pick<SiteRow, "searchSyncedThrough"> | null, days: number, now: Date) {
  return windowsEndingOn(site?.searchSyncedThrough ?? lastCompleteDay(now), days);
}

const siteDayColumns = {
  day: searchSiteDaily.day,
  clicks: searchSiteDaily.clicks,
  impressions: searchSiteDaily.impressions,
  position: searchSiteDaily.position,
};
const pageDayColumns = {
  day: searchDaily.day,
  clicks: searchDaily.clicks,
  impressions: searchDaily.impressions,
  position: searchDaily.position,
};

/**
 * GET /sites/{siteId}/performance: the site's totals over the window and the one before (Google's
 * own site totals), its daily series, and a page of its pages by clicks, each with its change.
 */
export async function sitePerformance(
  services: Services,
  accountId: string,
  siteId: string,
  query: { days: number; page: number; perPage: number },
  now = new Date(),
) {
  const { db } = services;
  const site = await getSite(db, accountId, siteId);
  const { current, previous } = windowsOf(site, query.days, now);
  const both = between(searchDaily.day, previous.start, current.end);
  const hasDays = exists(
    db
      .select({ one: sql`1` })
      .from(searchDaily)
      .where(and(eq(searchDaily.pageId, searchPages.id), both)),
  );
  const pageSums = { current: sumsIn(pageDayColumns, current, "current"), previous: sumsIn(pageDayColumns, previous, "previous") };
  const [[totals], days, pages, [counted]] = await db.batch([
    db
      .select({ current: sumsIn(siteDayColumns, current, "current"), previous: sumsIn(siteDayColumns, previous, "previous") })
      .from(searchSiteDaily)
      .where(and(eq(searchSiteDaily.siteId, site.id), between(searchSiteDaily.day, previous.start, current.end))),
    db
      .select({
        day: searchSiteDaily.day,
        clicks: searchSiteDaily.clicks,
        impressions: searchSiteDaily.impressions,
        position: searchSiteDaily.position,
      })
      .from(searchSiteDaily)
      .where(and(eq(searchSiteDaily.siteId, site.id), between(searchSiteDaily.day, current.start, current.end))),
    db
      .select({ url: searchPages.url, articleId: searchPages.articleId, postId: searchPages.postId, ...pageSums })
      .from(searchPages)
      .innerJoin(searchDaily, and(eq(searchDaily.pageId, searchPages.id), both))
      .where(eq(searchPages.siteId, site.id))
      .groupBy(searchPages.id)
      // Pages that only earned in the window before come last, with their fall.
      .orderBy(desc(pageSums.current.clicks), desc(pageSums.current.impressions), asc(searchPages.id))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db
      .select({ total: count() })
      .from(searchPages)
      .where(and(eq(searchPages.siteId, site.id), hasDays)),
  ]);
  const total = counted?.total ?? 0;
  return {
    siteId: site.id,
    property: site.searchConsoleProperty,
    window: windowOf(current),
    previousWindow: windowOf(previous),
    totals: figuresOf(totals?.current ?? EMPTY),
    previousTotals: figuresOf(totals?.previous ?? EMPTY),
    daily: dailySeries(days, current),
    pages: {
      items: pages.map((page) => {
        const figures = figuresOf(page.current);
        const change = changeOf(page.current, page.previous);
        return {
          url: page.url,
          ...figures,
          clicksChange: change.clicks,
          positionChange: change.position,
          articleId: page.articleId === null ? null : String(page.articleId),
          postId: page.postId,
        };
      }),
      page: query.page,
      perPage: query.perPage,
      total,
      totalPages: Math.ceil(total / query.perPage),
    },
    syncedAt: site.searchSyncedAt,
  };
}

/** GET /autopilot/articles/{articleId}/performance: the article's page, matched by its publication URL. */
export async function articlePerformance(services: Services, accountId: string, articleId: string, days: number, now = new Date()) {
  const { db } = services;
  if (!/^[1-9]\d{0,14}$/.test(articleId)) throw notFound("Article");
  const [article] = await db
    .select({ id: articles.id, siteId: articles.siteId, url: articles.publicationUrl })
    .from(articles)
    .where(and(eq(articles.id, Number(articleId)), eq(articles.accountId, accountId)));
  if (!article) throw notFound("Article");
  const [site] = article.siteId
    ? await db
        .select()
        .from(sites)
        .where(and(eq(sites.id, article.siteId), eq(sites.accountId, accountId)))
    : [];
  const key = article.url ? urlKey(article.url) : null;
  const page = site && key ? await matchedPage(services, site.id, key, eq(searchPages.articleId, article.id)) : null;
  return pagePerformance(services, site ?? null, article.url, page, days, now);
}

/** GET /sites/posts/{postId}/performance: an existing post's page, matched by its URL. */
export async function postPerformance(services: Services, accountId: string, postId: string, days: number, now = new Date()) {
  const { db } = services;
  const [post] = await db
    .select({ id: existingPosts.id, siteId: existingPosts.siteId, url: existingPosts.url })
    .from(existingPosts)
    .where(and(eq(existingPosts.id, postId), eq(existingPosts.accountId, accountId)));
  if (!post) throw notFound("Post");
  const site = await getSite(db, accountId, post.siteId);
  const key = urlKey(post.url);
  const page = key ? await matchedPage(services, site.id, key, eq(searchPages.postId, post.id)) : null;
  return pagePerformance(services, site, post.url, page, days, now);
}

/** The site's Search Console page with this URL key, or the one the sync linked to the article or post. */
async function matchedPage(services: Services, siteId: string, key: string, linked: ReturnType<typeof eq>): Promise<PageRow | null> {
  const [page] = await services.db
    .select()
    .from(searchPages)
    .where(and(eq(searchPages.siteId, siteId), or(eq(searchPages.urlKey, key), linked)))
    .orderBy(desc(sql`${searchPages.urlKey} = ${key}`), desc(searchPages.clicks), asc(searchPages.id))
    .limit(1);
  return page ?? null;
}

/** One page's figures over the window and the one before, its daily series and its top queries; zeros when unmatched. */
async function pagePerformance(
  services: Services,
  site: SiteRow | null,
  url: string | null,
  page: PageRow | null,
  days: number,
  now: Date,
) {
  const { db } = services;
  const { current, previous } = windowsOf(site, days, now);
  const figures = page ? await figuresOfPage(services, page.id, current, previous) : null;
  const sums = figures?.sums ?? { current: EMPTY, previous: EMPTY };
  return {
    url,
    matched: page !== null,
    pageUrl: page?.url ?? null,
    window: windowOf(current),
    previousWindow: windowOf(previous),
    current: figuresOf(sums.current),
    previous: figuresOf(sums.previous),
    change: changeOf(sums.current, sums.previous),
    daily: dailySeries(figures?.days ?? [], current),
    topQueries: page
      ? (
          await db
            .select({
              query: searchQueries.query,
              clicks: searchQueries.clicks,
              impressions: searchQueries.impressions,
              position: searchQueries.position,
            })
            .from(searchQueries)
            .where(eq(searchQueries.pageId, page.id))
            .orderBy(desc(searchQueries.clicks), desc(searchQueries.impressions), asc(searchQueries.query))
            .limit(TOP_QUERIES)
        ).map((row) => ({
          query: row.query,
          ...figuresOf({ clicks: row.clicks, impressions: row.impressions, weighted: row.position * row.impressions }),
        }))
      : [],
    syncedAt: site?.searchSyncedAt ?? null,
  };
}

async function figuresOfPage(services: Services, pageId: number, current: DayRange, previous: DayRange) {
  const { db } = services;
  const [[sums], days] = await db.batch([
    db
      .select({ current: sumsIn(pageDayColumns, current, "current"), previous: sumsIn(pageDayColumns, previous, "previous") })
      .from(searchDaily)
      .where(and(eq(searchDaily.pageId, pageId), between(searchDaily.day, previous.start, current.end))),
    db
      .select({ day: searchDaily.day, clicks: searchDaily.clicks, impressions: searchDaily.impressions, position: searchDaily.position })
      .from(searchDaily)
      .where(and(eq(searchDaily.pageId, pageId), between(searchDaily.day, current.start, current.end))),
  ]);
  return { sums: (sums ?? { current: EMPTY, previous: EMPTY }) as { current: Sums; previous: Sums }, days };
}
