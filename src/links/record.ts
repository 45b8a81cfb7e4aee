import { and, eq, isNull } from "drizzle-orm";
import { internalLinksOf } from "../content/internal-links";
import type { Database } from "../db/client";
import { siteLinks } from "../db/schema";

/** Rows per INSERT: D1 binds at most 100 values a statement, a link row binds 7. */
const ROWS_PER_STATEMENT = 14;

/**
 * Replaces the recorded links of a published article with those of its HTML (the ones our link
 * edits added stay: they are the suggestions' own rows). Idempotent: a second call writes the same rows.
 */
export async function recordArticleLinks(
  db: Database,
  article: { id: number; accountId: string; siteId: string; html: string; publicationUrl: string },
  siteUrl: string,
): Promise<number> {
  const links = internalLinksOf(article.html, article.publicationUrl, siteUrl);
  const rows = links.map((link) => ({
    accountId: article.accountId,
    siteId: article.siteId,
    fromArticleId: article.id,
    fromUrl: article.publicationUrl,
    toUrl: link.toUrl,
    toKey: link.toKey,
    anchor: link.anchor,
  }));
  const remove = db.delete(siteLinks).where(and(eq(siteLinks.fromArticleId, article.id), isNull(siteLinks.suggestionId)));
  const inserts = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT)
    inserts.push(db.insert(siteLinks).values(rows.slice(i, i + ROWS_PER_STATEMENT)));
  await db.batch([remove, ...inserts]);
  return rows.length;
}
