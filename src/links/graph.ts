import { urlKey } from "../core/page-url-key";
import type { Database } from "../db/client";
import { sitePages, type SitePage } from "./pages";

// The site's link graph, computed on demand from site_links: one pass over the pages, one over the
// links, each step a hash lookup, so 10,000 pages and 100,000 links take well under a second
// (bench/links.mjs prints it).

export interface OrphanPage {
  url: string;
  postId?: string;
  articleId?: number;
}

export interface BrokenLink {
  fromUrl: string;
  toUrl: string;
  anchor: string;
  /** What the target answers: 301 for an old slug (WordPress redirects it), 404 or 410 as the sync's check found. */
  status: number;
  reason: "old_slug" | "missing";
  suggestedUrl?: string;
  fromPostId?: string;
  fromArticleId?: number;
}

export interface LinkGraph {
  stats: { pages: number; links: number; orphans: number; broken: number };
  orphans: OrphanPage[];
  broken: BrokenLink[];
  /** The pages by key, for the callers that go on to suggest links. */
  pages: Map<string, SitePage>;
  /** The keys some other page links to. */
  linked: Set<string>;
}

interface LinkRow {
  from_post_id: string | null;
  from_article_id: number | null;
  from_url: string;
  to_url: string;
  to_key: string;
  anchor: string;
}

/**
 * The graph of one site: its pages, the links between them (a page's links as the last sync read
 * its post, or, for an article the sync has not seen yet, as it was published), the pages no other
 * page links to, and the links that are broken: to a post's old slug (`suggestedUrl` is the
 * post's address now) or to an own-host URL that is no page and answered 404 or 410.
 */
export async function linkGraph(db: Database, accountId: string, siteId: string): Promise<LinkGraph> {
  const [pages, links, slugs, targets] = await Promise.all([
    sitePages(db, accountId, siteId),
    db.$client
      .prepare(
        "SELECT from_post_id, from_article_id, from_url, to_url, to_key, anchor FROM site_links WHERE site_id = ? AND account_id = ?",
      )
      .bind(siteId, accountId)
      .all<LinkRow>(),
    db.$client
      .prepare("SELECT s.slug, p.url FROM post_old_slugs s JOIN existing_posts p ON p.id = s.post_id WHERE s.site_id = ?")
      .bind(siteId)
      .all<{ slug: string; url: string }>(),
    db.$client
      .prepare("SELECT to_key, status FROM site_link_targets WHERE site_id = ? AND status IN (404, 410)")
      .bind(siteId)
      .all<{ to_key: string; status: number }>(),
  ]);
  return graphOf(pages, links.results, slugs.results, targets.results);
}

/** The graph of rows already read (the benchmark times this part alone). */
export function graphOf(
  pages: Map<string, SitePage>,
  links: LinkRow[],
  slugs: { slug: string; url: string }[],
  targets: { to_key: string; status: number }[],
): LinkGraph {
  const withPost = new Set<number>();
  const keyOfArticle = new Map<number, string>();
  for (const page of pages.values()) if (page.articleId !== undefined) keyOfArticle.set(page.articleId, page.key);
  for (const page of pages.values()) if (page.postId !== undefined && page.articleId !== undefined) withPost.add(page.articleId);
  const movedTo = new Map(slugs.map((row) => [row.slug, row.url]));
  const missing = new Map(targets.map((row) => [row.to_key, row.status]));
  const linked = new Set<string>();
  const broken: BrokenLink[] = [];
  let count = 0;
  for (const link of links) {
    // An article the sync has read as a post speaks through the post's links.
    if (link.from_article_id !== null && withPost.has(link.from_article_id)) continue;
    const fromKey = link.from_article_id !== null ? keyOfArticle.get(link.from_article_id) : urlKey(link.from_url);
    count += 1;
    if (fromKey !== link.to_key) linked.add(link.to_key);
    if (pages.has(link.to_key)) continue;
    const from = {
      ...(link.from_post_id !== null ? { fromPostId: link.from_post_id } : {}),
      ...(link.from_article_id !== null ? { fromArticleId: link.from_article_id } : {}),
    };
    const moved = movedTo.get(link.to_key.split("/").pop() ?? "");
    if (moved !== undefined && urlKey(moved) !== link.to_key) {
      broken.push({
        fromUrl: link.from_url,
        toUrl: link.to_url,
        anchor: link.anchor,
        status: 301,
        reason: "old_slug",
        suggestedUrl: moved,
        ...from,
      });
      continue;
    }
    const status = missing.get(link.to_key);
    if (status !== undefined)
      broken.push({ fromUrl: link.from_url, toUrl: link.to_url, anchor: link.anchor, status, reason: "missing", ...from });
  }
  const orphans: OrphanPage[] = [];
  for (const page of pages.values()) {
    if (linked.has(page.key)) continue;
    orphans.push({
      url: page.url,
      ...(page.postId !== undefined ? { postId: page.postId } : {}),
      ...(page.articleId !== undefined ? { articleId: page.articleId } : {}),
    });
  }
  return { stats: { pages: pages.size, links: count, orphans: orphans.length, broken: broken.length }, orphans, broken, pages, linked };
}
