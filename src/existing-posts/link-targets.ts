import { sql } from "drizzle-orm";
import { urlKey } from "../core/page-url-key";
import { log } from "../core/logger";
import { assertOutboundUrl } from "../core/outbound-url";
import { toIsoSeconds } from "../core/time";
import type { SiteAccessDeps } from "../sites/site-access";

// Whether an own-host link target that is no known page answers at all: the sync asks a few of
// them with HEAD (at most MAX_CHECKS a sync, each again after RECHECK_DAYS), so a 10,000-post site
// is never crawled whole; their answers make links broken (404, 410) in src/links/graph.ts.

/** Targets checked per sync: a sync's subrequests stay bounded whatever the site's size. */
export const MAX_CHECKS = 20;
const RECHECK_DAYS = 7;
const TIMEOUT_MS = 5_000;

/**
 * HEADs up to MAX_CHECKS own-host link targets of the site that are neither an existing post, an
 * article, nor a post's old slug, and not checked for a week; records each status (redirects are
 * not followed: a redirect is not a broken link). A target that does not answer is left unchecked.
 */
export async function checkUnknownTargets(deps: SiteAccessDeps, siteId: string, now = new Date()): Promise<number> {
  const since = toIsoSeconds(new Date(now.getTime() - RECHECK_DAYS * 86_400_000));
  const { results: targets } = await deps.db.$client
    .prepare(
      `SELECT l.to_key AS toKey, MIN(l.to_url) AS toUrl FROM site_links l
       WHERE l.site_id = ?1
         AND NOT EXISTS (SELECT 1 FROM site_link_targets t WHERE t.site_id = ?1 AND t.to_key = l.to_key AND t.checked_at > ?2)
       GROUP BY l.to_key`,
    )
    .bind(siteId, since)
    .all<{ toKey: string; toUrl: string }>();
  if (targets.length === 0) return 0;
  const [posts, articles, slugs] = await Promise.all([
    deps.db.$client.prepare("SELECT url FROM existing_posts WHERE site_id = ?").bind(siteId).all<{ url: string }>(),
    deps.db.$client
      .prepare("SELECT publication_url AS url FROM articles WHERE site_id = ? AND publication_url IS NOT NULL")
      .bind(siteId)
      .all<{ url: string }>(),
    deps.db.$client.prepare("SELECT slug FROM post_old_slugs WHERE site_id = ?").bind(siteId).all<{ slug: string }>(),
  ]);
  const known = new Set([...posts.results, ...articles.results].map((row) => urlKey(row.url)));
  const oldSlugs = new Set(slugs.results.map((row) => row.slug));
  const unknown = targets
    .filter((target) => !known.has(target.toKey) && !oldSlugs.has(target.toKey.split("/").pop() ?? ""))
    // The home page (a bare host) is the site itself.
    .filter((target) => target.toKey.includes("/"))
    .slice(0, MAX_CHECKS);
  let checked = 0;
  for (const target of unknown) {
    const status = await headStatus(deps, target.toUrl);
    if (status === null) continue;
    checked += 1;
    await deps.db.run(sql`INSERT INTO site_link_targets (site_id, to_key, status, checked_at)
      VALUES (${siteId}, ${target.toKey}, ${status}, ${toIsoSeconds(now)})
      ON CONFLICT (site_id, to_key) DO UPDATE SET status = excluded.status, checked_at = excluded.checked_at`);
  }
  return checked;
}

/** The status a HEAD of `url` answers, without following redirects; null when it cannot be asked or does not answer. */
async function headStatus(deps: SiteAccessDeps, url: string): Promise<number | null> {
  try {
    const checked = assertOutboundUrl(url, { allowPrivate: deps.config.allowPrivateUrls });
    const response = await deps.fetch(checked, { method: "HEAD", redirect: "manual", signal: AbortSignal.timeout(TIMEOUT_MS) });
    return response.status;
  } catch (error) {
    log("info", "link_target_unchecked", { url, error: String(error) });
    return null;
  }
}
