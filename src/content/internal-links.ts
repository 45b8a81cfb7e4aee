import { decodeHtmlEntities } from "../core/html-entities";
import { htmlToText } from "../core/html-text";
import { urlKey } from "../core/page-url-key";

// The internal links of one page: every `<a href>` that leads to another page of the site's own
// host (`www.` and the scheme do not count), with its anchor text. What the link graph
// (src/links/graph.ts) is built from, at every existing-posts sync and every publish.

const LINK = /<a\b((?:[^>"']|"[^"]*"|'[^']*')*)>([\s\S]*?)<\/a\s*>/gi;
const HREF = /(?:^|\s)href\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i;
/** Own-host addresses that are files or WordPress's machinery, not pages. */
const NOT_A_PAGE =
  /^\/(?:wp-content|wp-admin|wp-includes|wp-json|feed)\b|\.(?:jpe?g|png|gif|webp|avif|svg|pdf|zip|mp3|mp4|css|js|xml|txt)$/i;
/** A page's links kept at most (a page with more is a sitemap, not an article). */
export const MAX_LINKS_PER_PAGE = 500;
const MAX_ANCHOR = 300;

export interface InternalLink {
  /** The absolute address, without its fragment. */
  toUrl: string;
  /** `urlKey(toUrl)`: where the link meets a post or an article. */
  toKey: string;
  anchor: string;
}

/** The href of an `<a>` tag's attribute text, entities decoded; null without one. */
export function hrefOf(attributes: string): string | null {
  const match = HREF.exec(attributes);
  const value = match?.[1] ?? match?.[2] ?? match?.[3];
  return value === undefined ? null : decodeHtmlEntities(value).trim();
}

/** The host key of a URL as `urlKey` writes it ("https://www.Example.com/x" → "example.com"); null when it is no web URL. */
export function hostKeyOf(url: string): string | null {
  const key = urlKey(url);
  return key === null ? null : (key.split("/")[0] ?? null);
}

/**
 * The links of `html` (the page at `pageUrl`) to other pages of the site's host: relative hrefs
 * are read against the page, fragments dropped, links to the page itself, to files and to
 * WordPress's own paths left out.
 */
export function internalLinksOf(html: string, pageUrl: string, siteUrl: string): InternalLink[] {
  const siteHost = hostKeyOf(siteUrl);
  const pageKey = urlKey(pageUrl);
  if (!siteHost) return [];
  let base: URL;
  try {
    base = new URL(pageUrl || siteUrl);
  } catch {
    return [];
  }
  const links: InternalLink[] = [];
  for (const match of html.matchAll(LINK)) {
    if (links.length >= MAX_LINKS_PER_PAGE) break;
    const href = hrefOf(match[1]!);
    if (!href || href.startsWith("#")) continue;
    let url: URL;
    try {
      url = new URL(href, base);
    } catch {
      continue;
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") continue;
    if (NOT_A_PAGE.test(url.pathname)) continue;
    url.hash = "";
    const toKey = urlKey(url.href);
    if (!toKey || toKey.split("/")[0] !== siteHost || toKey === pageKey) continue;
    links.push({ toUrl: url.href, toKey, anchor: htmlToText(match[2]!).slice(0, MAX_ANCHOR) });
  }
  return links;
}
