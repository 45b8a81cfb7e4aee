import { and, count, eq, gte, inArray, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import { toIsoSeconds } from "../core/time";
import type { Database } from "../db/client";
import { articles, existingPosts, planItems, plans, sites } from "../db/schema";
import type { Services } from "../services/container";

const DAY_MS = 86_400_000;
/** The default pace: a tenth of the site's posts a week, at least 2 and at most 14 (docs/guides/site-health.md, "Pace"). */
export const DEFAULT_PACE = { postsPerArticle: 10, min: 2, max: 14 } as const;

/** New articles a week a site of `posts` inventory posts carries when its owner set none. */
export function defaultMaxNewPerWeek(posts: number): number {
  return Math.min(DEFAULT_PACE.max, Math.max(DEFAULT_PACE.min, Math.floor(posts / DEFAULT_PACE.postsPerArticle)));
}

/**
 * The site's effective maxNewPerWeek as SQL over a `sites` row alias: its own setting, else the
 * default from its inventory's size (the clock reads it for every due site in one statement).
 */
export function maxNewPerWeekSql(siteId: SQL): SQL {
  return sql`COALESCE((SELECT max_new_per_week FROM sites WHERE sites.id = ${siteId}),
    MIN(${DEFAULT_PACE.max}, MAX(${DEFAULT_PACE.min}, (SELECT count(*) FROM existing_posts WHERE existing_posts.site_id = ${siteId}) / ${DEFAULT_PACE.postsPerArticle})))`;
}

/**
 * New articles that count against the site's pace since `since` (SQL): articles the autopilot
 * published there, plus plan items writing a new article right now (QUEUED or GENERATING).
 */
export function newArticlesSinceSql(siteId: SQL, since: string): SQL {
  return sql`((SELECT count(*) FROM articles WHERE articles.site_id = ${siteId} AND articles.plan_item_id IS NOT NULL
      AND articles.published_at >= ${since})
    + (SELECT count(*) FROM plan_items AS running WHERE running.site_id = ${siteId} AND running.status IN ('QUEUED', 'GENERATING')
      AND (running.suggestion IS NULL OR running.suggestion = 'new')))`;
}

export interface SitePace {
  newLast7Days: number;
  newLast28Days: number;
  maxNewPerWeek: number;
  /** True when the owner set maxNewPerWeek; false when it is the default from the site's size. */
  maxNewPerWeekSet: boolean;
}

/** What the site published new in the last 7 and 28 days, and how many a week it may (for the health view). */
export async function paceOf(services: Pick<Services, "db">, siteId: string, now = new Date()): Promise<SitePace> {
  const { db } = services;
  const since = (days: number) => toIsoSeconds(new Date(now.getTime() - days * DAY_MS));
  const published = (days: number) =>
    db
      .select({ n: count() })
      .from(articles)
      .where(and(eq(articles.siteId, siteId), sql`${articles.planItemId} IS NOT NULL`, gte(articles.publishedAt, since(days))));
  const [[week], [month], [site], [posts]] = await db.batch([
    published(7),
    published(28),
    db.select({ maxNewPerWeek: sites.maxNewPerWeek }).from(sites).where(eq(sites.id, siteId)),
    db.select({ n: count() }).from(existingPosts).where(eq(existingPosts.siteId, siteId)),
  ]);
  const own = site?.maxNewPerWeek ?? null;
  return {
    newLast7Days: week?.n ?? 0,
    newLast28Days: month?.n ?? 0,
    maxNewPerWeek: own ?? defaultMaxNewPerWeek(posts?.n ?? 0),
    maxNewPerWeekSet: own !== null,
  };
}

export interface PlanPace {
  maxNewPerWeek: number;
  /** New articles a week the site's ACTIVE plans (and this one) publish at their cadence: each plan its cadence, or fewer when it has fewer left. */
  planned: number;
  exceeds: boolean;
}

/** Whether the plan, with the site's other active plans, publishes more new articles a week than the site's pace. */
export async function planPace(db: Database, plan: { id: string; siteId: string }, now = new Date()): Promise<PlanPace> {
  const [pace, rows] = await Promise.all([
    paceOf({ db }, plan.siteId, now),
    db
      .select({ id: plans.id, cadence: plans.cadencePerWeek, left: count(planItems.id) })
      .from(plans)
      .leftJoin(
        planItems,
        and(
          eq(planItems.planId, plans.id),
          inArray(planItems.status, ["PLANNED", "SCHEDULED", "QUEUED", "GENERATING"]),
          or(isNull(planItems.suggestion), ne(planItems.suggestion, "improve")),
        ),
      )
      .where(and(eq(plans.siteId, plan.siteId), or(eq(plans.status, "ACTIVE"), eq(plans.id, plan.id))))
      .groupBy(plans.id),
  ]);
  const planned = rows.reduce((sum, row) => sum + Math.min(row.cadence, row.left), 0);
  return { maxNewPerWeek: pace.maxNewPerWeek, planned, exceeds: planned > pace.maxNewPerWeek };
}
