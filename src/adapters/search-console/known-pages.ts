import { and, eq, isNotNull } from "drizzle-orm";
import type { Database } from "../../db/client";
import { articles, existingPosts, sites } from "../../db/schema";
import { propertyCovers, propertyHost } from "../../core/page-url-key";
import type { KnownPage } from "./offline-pages";

/**
 * The published pages the account's sites under a property's host have, with when they were
 * published: their articles' publication URLs and the inventory's posts, by URL. The offline
 * Search Console invents figures for exactly these.
 */
export async function knownPagesOfProperty(db: Database, property: string, accountId: string): Promise<KnownPage[]> {
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
  const pages = new Map<string, KnownPage>();
  for (const site of candidates) {
    const [published, posts] = await Promise.all([
      db
        .select({ url: articles.publicationUrl, publishedAt: articles.publishedAt })
        .from(articles)
        .where(and(eq(articles.siteId, site.id), eq(articles.status, "published"), isNotNull(articles.publicationUrl))),
      db
        .select({ url: existingPosts.url, publishedAt: existingPosts.publishedAt })
        .from(existingPosts)
        .where(eq(existingPosts.siteId, site.id)),
    ]);
    // An article's row wins over the inventory's post at the same URL: the service published it.
    for (const row of posts) if (propertyCovers(property, row.url)) pages.set(row.url, { url: row.url, publishedAt: row.publishedAt });
    for (const row of published) {
      if (row.url && propertyCovers(property, row.url)) pages.set(row.url, { url: row.url, publishedAt: row.publishedAt, article: true });
    }
  }
  return [...pages.values()].sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
}
