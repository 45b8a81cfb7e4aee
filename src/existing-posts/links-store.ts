import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { runBatch, type BatchStatement } from "../db/batch";
import type { ReadPost } from "./read-posts";

// The existing posts' share of the link graph (src/links/): each sync replaces the links of the site's
// posts and their former slugs. Rows travel as one JSON array per statement and are unpacked with
// json_each (as the Search Console sync's are), so 100,000 links are about a hundred statements.
// CROSS JOIN makes SQLite read the JSON rows outside and find each post by its unique
// (site_id, remote_id) index; with a plain JOIN it chose to scan json_each once per post, and a
// 10,000-post site took 596 s instead of about 3 (bench/links.mjs).

/** Links per statement: well under D1's 2 MB for a bound value, even with long URLs and anchors. */
const ROWS_PER_STATEMENT = 2000;
const STATEMENTS_PER_BATCH = 20;

/**
 * Makes the site's post links and old slugs those of `posts` (their rows in existing_posts are
 * already stored): the post rows' links removed, then inserted again by remote id. The articles'
 * links (written after a publish) are not touched.
 */
export async function replacePostLinks(db: Database, accountId: string, siteId: string, posts: ReadPost[]): Promise<void> {
  const statements: BatchStatement[] = [
    sql`DELETE FROM site_links WHERE site_id = ${siteId} AND from_post_id IS NOT NULL`,
    sql`DELETE FROM post_old_slugs WHERE site_id = ${siteId}`,
  ];
  const links = posts.flatMap((post) => post.links.map((link) => [post.remoteId, link.toUrl, link.toKey, link.anchor]));
  for (let i = 0; i < links.length; i += ROWS_PER_STATEMENT) {
    const json = JSON.stringify(links.slice(i, i + ROWS_PER_STATEMENT));
    statements.push(sql`INSERT INTO site_links (account_id, site_id, from_post_id, from_url, to_url, to_key, anchor)
      SELECT ${accountId}, ${siteId}, p.id, p.url, json_extract(j.value, '$[1]'), json_extract(j.value, '$[2]'), json_extract(j.value, '$[3]')
      FROM json_each(${json}) AS j CROSS JOIN existing_posts AS p ON p.site_id = ${siteId} AND p.remote_id = json_extract(j.value, '$[0]')`);
  }
  const slugs = posts.flatMap((post) => post.oldSlugs.map((slug) => [post.remoteId, slug]));
  for (let i = 0; i < slugs.length; i += ROWS_PER_STATEMENT) {
    const json = JSON.stringify(slugs.slice(i, i + ROWS_PER_STATEMENT));
    statements.push(sql`INSERT OR IGNORE INTO post_old_slugs (site_id, post_id, slug)
      SELECT ${siteId}, p.id, json_extract(j.value, '$[1]')
      FROM json_each(${json}) AS j CROSS JOIN existing_posts AS p ON p.site_id = ${siteId} AND p.remote_id = json_extract(j.value, '$[0]')`);
  }
  for (let i = 0; i < statements.length; i += STATEMENTS_PER_BATCH) await runBatch(db, statements.slice(i, i + STATEMENTS_PER_BATCH));
}
