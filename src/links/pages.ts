import { urlKey } from "../core/page-url-key";
import type { Database } from "../db/client";

// The pages of a site as the link graph sees them: every existing post and every published
// article with an address, met on one key (src/core/page-url-key.ts) so a post that is one of our
// articles is one page.

/** One page of the site. */
export interface SitePage {
  key: string;
  url: string;
  title: string;
  /** The WordPress post the page is (what a link edit changes); null for an article without one. */
  remoteId: number | null;
  postId?: string;
  articleId?: number;
  keyword?: string;
  /** When it was published or last modified: the newer of two equally related pages wins. */
  at: string;
}

/** The site's pages, keyed; one query each for posts and articles, so linear in the site's size. */
export async function sitePages(db: Database, accountId: string, siteId: string): Promise<Map<string, SitePage>> {
  const [posts, articles] = await Promise.all([
    db.$client
      .prepare("SELECT id, remote_id, url, title, modified_at FROM existing_posts WHERE site_id = ? AND account_id = ?")
      .bind(siteId, accountId)
      .all<{ id: string; remote_id: number; url: string; title: string; modified_at: string | null }>(),
    db.$client
      .prepare(
        `SELECT id, remote_id, publication_url, title, target_keyword, published_at FROM articles
         WHERE site_id = ? AND account_id = ? AND status = 'published' AND publication_url IS NOT NULL`,
      )
      .bind(siteId, accountId)
      .all<{
        id: number;
        remote_id: string | null;
        publication_url: string;
        title: string;
        target_keyword: string | null;
        published_at: string | null;
      }>(),
  ]);
  const pages = new Map<string, SitePage>();
  for (const post of posts.results) {
    const key = urlKey(post.url);
    if (!key) continue;
    pages.set(key, { key, url: post.url, title: post.title, remoteId: post.remote_id, postId: post.id, at: post.modified_at ?? "" });
  }
  for (const article of articles.results) {
    const key = urlKey(article.publication_url);
    if (!key) continue;
    const remoteId = article.remote_id !== null && /^\d+$/.test(article.remote_id) ? Number(article.remote_id) : null;
    const page = pages.get(key);
    const fields = { articleId: article.id, ...(article.target_keyword ? { keyword: article.target_keyword } : {}) };
    if (page) Object.assign(page, fields, { remoteId: page.remoteId ?? remoteId });
    else pages.set(key, { key, url: article.publication_url, title: article.title, remoteId, at: article.published_at ?? "", ...fields });
  }
  return pages;
}
