import type { WordPressClient } from "../adapters/wordpress/client";
import { AppError } from "../core/errors";
import { countWords, htmlToText } from "../core/html-text";
import { wpGmt } from "../adapters/wordpress/schemas";
import { storedSignatureOf } from "../content/quality/minhash";
import { internalLinksOf, type InternalLink } from "../content/internal-links";

/** What is kept of one post. */
export interface ReadPost {
  remoteId: number;
  title: string;
  url: string;
  modifiedAt: string | null;
  /** When the post was published (UTC), if WordPress says. */
  publishedAt: string | null;
  wordCount: number;
  /** The MinHash signature of the post's text (null under five words): new articles are compared with it. */
  similaritySignature: string | null;
  /** The post's links to other pages of the site (src/links/). */
  links: InternalLink[];
  /** The slugs the post had before (`_wp_old_slug`), as the connector plugin reports them; empty without it. */
  oldSlugs: string[];
}

const PER_PAGE = 100;
const MAX_PAGES = 500;
const PARALLEL_PAGES = 4;
// Only what is stored of an existing post: the full objects carry much more.
// `content_autopilot_old_slugs` is the connector plugin's; WordPress leaves out a field it does not know.
const FIELDS = "id,link,title,content,date_gmt,modified_gmt,content_autopilot_old_slugs";

/**
 * Every published post of the site, page by page up to X-WP-TotalPages (read after page 1),
 * a few pages at a time. A post seen twice (the list shifted while we read) counts once. Each
 * post's internal links are links to `siteUrl`'s host (the post's own host without it).
 */
export async function readAllPosts(wp: WordPressClient, perPage = PER_PAGE, siteUrl?: string): Promise<ReadPost[]> {
  const first = await wp.listPosts({ page: 1, perPage }, { _fields: FIELDS });
  if (first.totalPages > MAX_PAGES) {
    throw new AppError("too_many_posts", `The site has ${first.total} posts; a sync reads at most ${MAX_PAGES * perPage}`);
  }
  const byId = new Map<number, ReadPost>();
  const keep = (posts: typeof first.items) => {
    for (const post of posts) {
      const html = post.content?.rendered ?? "";
      const text = htmlToText(html);
      const url = post.link ?? "";
      byId.set(post.id, {
        remoteId: post.id,
        title: htmlToText(post.title?.rendered ?? ""),
        url,
        modifiedAt: wpGmt(post.modified_gmt),
        publishedAt: wpGmt(post.date_gmt),
        wordCount: countWords(text),
        similaritySignature: storedSignatureOf(text),
        links: internalLinksOf(html, url, siteUrl ?? url),
        oldSlugs: post.content_autopilot_old_slugs ?? [],
      });
    }
  };
  keep(first.items);
  if (!first.totalsKnown) {
    // A proxy stripped X-WP-TotalPages: read on until a page comes back short.
    let last = first;
    for (let page = 2; last.items.length === perPage && page <= MAX_PAGES; page += 1) {
      last = await wp.listPosts({ page, perPage }, { _fields: FIELDS });
      keep(last.items);
    }
    return [...byId.values()];
  }
  const rest = Array.from({ length: Math.max(0, first.totalPages - 1) }, (_, i) => i + 2);
  for (let start = 0; start < rest.length; start += PARALLEL_PAGES) {
    const pages = await Promise.all(
      rest.slice(start, start + PARALLEL_PAGES).map((page) => wp.listPosts({ page, perPage }, { _fields: FIELDS })),
    );
    for (const page of pages) keep(page.items);
  }
  return [...byId.values()];
}
