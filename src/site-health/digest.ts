import { and, eq, isNotNull, ne, type SQL, sql } from "drizzle-orm";
import type { SiteHealthConfig } from "../config";
import { toIsoSeconds } from "../core/time";
import type { Database } from "../db/client";
import { sites } from "../db/schema";
import type { DigestPage, DigestPages } from "../email/cron";
import { findTraction } from "./traction";

// The daily review e-mail's share of site health: the pages with no traction that nobody has
// acted on yet (src/email/cron.ts lists them beside the articles waiting for review).

/** Actions that settle a page for now: it leaves the digest while one of them stands. */
const SETTLED = ["running", "suggested", "applying", "applied", "reverting"];

/**
 * A condition on an account id (an SQL expression): it has, on a synced site, a published
 * article old enough whose page earned fewer than `noneBelowImpressions` (or has no page) and
 * no standing action. The cron selects the accounts due a digest with it; it agrees with
 * `noTractionPages` (which applies every rule) for any page with fewer clicks than impressions.
 */
export function hasNoTractionPages(accountId: SQL, config: SiteHealthConfig, now: Date): SQL {
  const t = config.traction;
  const cutoff = toIsoSeconds(new Date(now.getTime() - t.minAgeDays * 86_400_000));
  const settled = sql.join(
    SETTLED.map((state) => sql`${state}`),
    sql`, `,
  );
  return sql`EXISTS (SELECT 1 FROM articles AS ar JOIN sites AS s ON s.id = ar.site_id
    WHERE ar.account_id = ${accountId} AND s.search_synced_at IS NOT NULL AND s.status != 'DISCONNECTED'
      AND ar.status = 'published' AND ar.publication_url IS NOT NULL AND ar.published_at <= ${cutoff}
      AND NOT EXISTS (SELECT 1 FROM search_pages AS p WHERE p.site_id = ar.site_id AND p.article_id = ar.id
        AND (p.impressions >= ${t.noneBelowImpressions} OR p.clicks >= ${t.earningClicks}))
      AND NOT EXISTS (SELECT 1 FROM site_health_actions AS h WHERE h.site_id = ar.site_id AND h.article_id = ar.id AND h.state IN (${settled})))`;
}

/** The account's pages with no traction and no standing action, site by site (synced sites only). */
export async function noTractionPages(db: Database, config: SiteHealthConfig, accountId: string, now: Date): Promise<DigestPage[]> {
  const synced = await db
    .select({ id: sites.id, url: sites.url })
    .from(sites)
    .where(and(eq(sites.accountId, accountId), isNotNull(sites.searchSyncedAt), ne(sites.status, "DISCONNECTED")))
    .orderBy(sites.createdAt, sites.id);
  const pages: DigestPage[] = [];
  for (const site of synced) {
    const items = await findTraction(db, config, site.id, now);
    for (const item of items) {
      if (item.state !== "none" || (item.action && SETTLED.includes(item.action.state))) continue;
      pages.push({ articleId: item.articleId, title: item.title, url: item.url, siteId: site.id, siteUrl: site.url });
    }
  }
  return pages;
}

/** What the cron hands the review digest (src/jobs/cron.ts). */
export const noTractionDigest: DigestPages = {
  accountHas: (accountId, deps, now) => hasNoTractionPages(accountId, deps.config.siteHealth, now),
  pagesOf: (deps, accountId, now) => noTractionPages(deps.db, deps.config.siteHealth, accountId, now),
};
