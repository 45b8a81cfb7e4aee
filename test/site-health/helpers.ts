import { eq } from "drizzle-orm";
import { articles } from "../../src/db/schema";
import { db, seedArticle } from "../harness";
import { seedQueries, seedSearchPage } from "../search-console/search-rows";

// Rows the site-health tests share: Search Console pages with their queries, and published articles.

export const DAY_MS = 86_400_000;
/** The tests' clock: the traction list counts ages from it. */
export const NOW = new Date("2026-11-25T09:00:00Z");

export const daysBefore = (days: number, now = NOW) => new Date(now.getTime() - days * DAY_MS).toISOString().replace(/\.\d{3}Z$/, "Z");

/** A page of the site with its 28-day figures and its queries over the window. */
export async function pageWithQueries(
  siteId: string,
  url: string,
  page: { clicks?: number; impressions?: number; position?: number; articleId?: number; postId?: string },
  queries: { query: string; clicks?: number; impressions: number; position?: number }[],
): Promise<number> {
  const pageId = await seedSearchPage(siteId, url, {
    clicks: page.clicks ?? 0,
    impressions: page.impressions ?? 0,
    position: page.position ?? 10,
    articleId: page.articleId ?? null,
    postId: page.postId ?? null,
  });
  await seedQueries(
    siteId,
    pageId,
    queries.map((q) => ({ query: q.query, clicks: q.clicks ?? 0, impressions: q.impressions, position: q.position ?? 10 })),
  );
  return pageId;
}

/** A published article of the site, `ageDays` old on NOW. */
export async function publishedArticle(
  accountId: string,
  siteId: string,
  fields: { title: string; url: string; ageDays: number; remoteId?: number; targetKeyword?: string },
) {
  const article = await seedArticle(accountId, {
    title: fields.title,
    siteId,
    status: "published",
    publishedAt: daysBefore(fields.ageDays),
    publicationUrl: fields.url,
  });
  await db()
    .update(articles)
    .set({ remoteId: fields.remoteId === undefined ? null : String(fields.remoteId), targetKeyword: fields.targetKeyword ?? null })
    .where(eq(articles.id, article.id));
  return article;
}
