import { and, count, eq } from "drizzle-orm";
import { SEARCH_ANALYTICS_ROW_LIMIT } from "../adapters/search-console/port";
import { urlKey } from "../core/page-url-key";
import { errorFields, log } from "../core/logger";
import { dayDate } from "../core/search-days";
import { existingPosts, searchDaily, searchPages } from "../db/schema";
import { syncExistingPosts } from "../existing-posts/sync";
import type { Services } from "../services/container";
import type { SiteRow } from "../sites/service";

// The offline Search Console invents figures for the pages the service knows on a site, so its
// pages come and go with that knowledge, which Google's never do: a blog connected a minute ago
// has no posts read yet, and posts read after the first sync would get only the days a later
// sync re-reads. These two keep its first sync like a real one, which reads 16 months of every page.

/**
 * Reads a blog's posts from WordPress before its first offline sync when they were never read:
 * the stand-in invents figures for them. A failure is logged and the sync goes on with what it knows.
 */
export async function readPostsOfNewBlog(services: Services, site: SiteRow): Promise<void> {
  if (site.platform !== "blog") return;
  const [stored] = await services.db.select({ n: count() }).from(existingPosts).where(eq(existingPosts.siteId, site.id));
  if ((stored?.n ?? 0) > 0) return;
  try {
    const { synced } = await syncExistingPosts(services, site.accountId, site.id);
    log("info", "search_sync_read_posts", { siteId: site.id, posts: synced });
  } catch (error) {
    log("warn", "search_sync_posts_unread", { siteId: site.id, ...errorFields(error) });
  }
}

/**
 * Whether the stand-in has a page on `day` (the day before a later sync's window) that the store
 * has no figures for on that day: its history was never read, so the run must read all 16 months.
 * One request of one day and one indexed read.
 */
export async function historyMissed(
  services: Services,
  input: { siteId: string; property: string; accessToken: string; day: number },
): Promise<boolean> {
  const date = dayDate(input.day);
  const rows = await services.searchConsole().query(input.accessToken, input.property, {
    startDate: date,
    endDate: date,
    dimensions: ["page"],
    rowLimit: SEARCH_ANALYTICS_ROW_LIMIT,
    startRow: 0,
  });
  if (rows.length === 0) return false;
  const stored = await services.db
    .select({ urlKey: searchPages.urlKey })
    .from(searchPages)
    .innerJoin(searchDaily, and(eq(searchDaily.pageId, searchPages.id), eq(searchDaily.day, input.day)))
    .where(eq(searchPages.siteId, input.siteId));
  const known = new Set(stored.map((row) => row.urlKey));
  return rows.some((row) => {
    const key = urlKey(row.keys[0] ?? "");
    return key !== null && !known.has(key);
  });
}
