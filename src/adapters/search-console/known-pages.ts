import { and, eq, isNotNull } from "drizzle-orm";
import type { Database } from "../../db/client";
import { articles, existingPosts, sites } from "../../db/schema";
import { propertyCovers, propertyHost } from "../../core/page-url-key";

/**
 * The published pages the account's sites under a property's host have: their articles'
 * publication URLs and the inventory's posts. The offline Search Console invents figures for exactly these.
 */
export async function knownPagesOfProperty(db: Database, property: string, accountId: string): Promise<string[]> {
  const host = propertyHost(property);
  if (!host) return [];
  const bare = host.replace(/^www\./, "");
  const candidates = (await db.select({ id: sites.id, url: sites.url }).from(sites).where(eq(sites.accountId, accountId))).filter(
    (site) => {
      try {
        return new URL(site.url).hostname.toLowerCase().replace(/^www\./, "") === bare;
      } catch {
        return false;
      }
    },
  );
  const urls = new Set<string>();
  for (const site of candidates) {
    const [published, posts] = await Promise.all([
      db
        .select({ url: articles.publicationUrl })
        .from(articles)
        .where(and(eq(articles.siteId, site.id), eq(articles.status, "published"), isNotNull(articles.publicationUrl))),
      db.select({ url: existingPosts.url }).from(existingPosts).where(eq(existingPosts.siteId, site.id)),
    ]);
    for (const row of [...published, ...posts]) if (row.url && propertyCovers(property, row.url)) urls.add(row.url);
  }
  return [...urls].sort();
}
