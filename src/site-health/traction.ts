import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { SiteHealthConfig } from "../config";
import { toIsoSeconds } from "../core/time";
import type { Database } from "../db/client";
import { type HealthActionKind, type HealthActionState, siteHealthActions, sites } from "../db/schema";
import { getSite } from "../sites/service";

// Pages that never got traction: every article of the site published at least `minAgeDays`
// ago, with what its page earned over the last 28 days (search_pages, refreshed by every sync),
// a state and the one action suggested for it. Thresholds: config.siteHealth.traction.

export type TractionState = "earning" | "slow" | "none";
export type TractionSuggestion = "wait" | "improve" | "merge" | "noindex" | "unpublish";

export interface TractionItem {
  articleId: string;
  title: string;
  url: string;
  publishedAt: string;
  impressions: number;
  clicks: number;
  position: number | null;
  state: TractionState;
  suggestion: TractionSuggestion;
  /** For merge: the page of the site that earns this page's queries (or its keyword) instead. */
  mergeInto: string | null;
  /** The latest action taken on the article from this list, if any. */
  action: { id: string; kind: HealthActionKind; state: HealthActionState } | null;
}

interface Row {
  id: number;
  title: string;
  url: string;
  published_at: string;
  clicks: number | null;
  impressions: number | null;
  position: number | null;
  into_url: string | null;
}

const DAY_MS = 86_400_000;

/** The state of a page from its 28-day figures. */
export function tractionState(figures: { clicks: number; impressions: number }, t: SiteHealthConfig["traction"]): TractionState {
  if (figures.clicks >= t.earningClicks || figures.impressions >= t.earningImpressions) return "earning";
  if (figures.impressions < t.noneBelowImpressions) return "none";
  return "slow";
}

/**
 * The one action for a page: an earning page waits; a page another page of the site outranks on
 * its own queries (or keyword) is merged into it; a slow page is improved; a page with none waits
 * while it may still be indexed, is kept out of the index from `noindexAfterDays` and
 * unpublished from `unpublishAfterDays`.
 */
export function tractionSuggestion(
  state: TractionState,
  ageDays: number,
  hasStrongerSibling: boolean,
  t: SiteHealthConfig["traction"],
): TractionSuggestion {
  if (state === "earning") return "wait";
  if (hasStrongerSibling) return "merge";
  if (state === "slow") return "improve";
  if (ageDays >= t.unpublishAfterDays) return "unpublish";
  if (ageDays >= t.noindexAfterDays) return "noindex";
  return "wait";
}

/**
 * One statement: the site's published articles old enough, their page (matched by the sync) and
 * the page of the site that takes their queries (the busiest other page with more impressions
 * on a query they share, else the busiest page on their target keyword), by index lookups.
 */
function tractionRows(db: Database, siteId: string, publishedBefore: string) {
  return db.all<Row>(sql`
    SELECT a.id, a.title, a.publication_url AS url, a.published_at, p.clicks, p.impressions, p.position,
      (SELECT s.url FROM search_pages AS s WHERE s.id = COALESCE(
        (SELECT o.page_id FROM search_queries AS m
          JOIN search_queries AS o ON o.site_id = m.site_id AND o.query = m.query AND o.page_id <> m.page_id AND o.impressions > m.impressions
          WHERE m.page_id = p.id ORDER BY o.impressions DESC, o.page_id LIMIT 1),
        (SELECT o.page_id FROM search_queries AS o
          WHERE o.site_id = a.site_id AND o.query = lower(trim(a.target_keyword)) AND (p.id IS NULL OR o.page_id <> p.id)
            AND o.impressions > COALESCE(p.impressions, 0)
          ORDER BY o.impressions DESC, o.page_id LIMIT 1))) AS into_url
    FROM articles AS a
    LEFT JOIN search_pages AS p ON p.site_id = a.site_id AND p.article_id = a.id
    WHERE a.site_id = ${siteId} AND a.status = 'published' AND a.publication_url IS NOT NULL
      AND a.published_at IS NOT NULL AND a.published_at <= ${publishedBefore}
    ORDER BY a.published_at, a.id`);
}

const ORDER: Record<TractionState, number> = { none: 0, slow: 1, earning: 2 };

/**
 * The traction of every old-enough article of a site: pages with none first, then slow, then
 * earning; oldest first within. Empty before the site's first Search Console sync: without
 * figures every page would read as none.
 */
export async function findTraction(db: Database, config: SiteHealthConfig, siteId: string, now = new Date()): Promise<TractionItem[]> {
  const [site] = await db.select({ syncedAt: sites.searchSyncedAt }).from(sites).where(eq(sites.id, siteId));
  if (!site?.syncedAt) return [];
  const t = config.traction;
  const cutoff = toIsoSeconds(new Date(now.getTime() - t.minAgeDays * DAY_MS));
  const [rows, actions] = await Promise.all([
    tractionRows(db, siteId, cutoff),
    db
      .select({
        id: siteHealthActions.id,
        kind: siteHealthActions.kind,
        state: siteHealthActions.state,
        articleId: siteHealthActions.articleId,
      })
      .from(siteHealthActions)
      .where(and(eq(siteHealthActions.siteId, siteId), isNotNull(siteHealthActions.articleId)))
      .orderBy(siteHealthActions.updatedAt),
  ]);
  const latest = new Map(actions.map((action) => [action.articleId!, { id: action.id, kind: action.kind, state: action.state }]));
  const items = rows.map((row): TractionItem => {
    const figures = { clicks: row.clicks ?? 0, impressions: row.impressions ?? 0 };
    const state = tractionState(figures, t);
    const ageDays = Math.floor((now.getTime() - Date.parse(row.published_at)) / DAY_MS);
    const suggestion = tractionSuggestion(state, ageDays, row.into_url !== null, t);
    return {
      articleId: String(row.id),
      title: row.title,
      url: row.url,
      publishedAt: row.published_at,
      ...figures,
      position: row.position === null ? null : Math.round(row.position * 10) / 10,
      state,
      suggestion,
      mergeInto: suggestion === "merge" ? row.into_url : null,
      action: latest.get(row.id) ?? null,
    };
  });
  return items.sort((a, b) => ORDER[a.state] - ORDER[b.state]);
}

/** GET /sites/{siteId}/traction. */
export async function listTraction(db: Database, config: SiteHealthConfig, accountId: string, siteId: string, now = new Date()) {
  const site = await getSite(db, accountId, siteId);
  return { items: await findTraction(db, config, site.id, now), syncedAt: site.searchSyncedAt };
}

/** How many old-enough articles of the site have no traction at all (for the health view and the daily review). */
export async function countNoTraction(db: Database, config: SiteHealthConfig, siteId: string, now = new Date()): Promise<number> {
  return (await findTraction(db, config, siteId, now)).filter((item) => item.state === "none").length;
}
