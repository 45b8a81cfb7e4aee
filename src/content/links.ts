import { decodeHtmlEntities } from "../core/html-entities";

// Which links of an article point into its own site, and whether two URLs name the same page:
// scheme, `www.`, host case, a trailing slash, percent-encoding and the fragment do not count.

const A_TAG = /<a\b((?:[^>"']|"[^"]*"|'[^']*')*)>/gi;
const HREF = /(?:^|\s)href\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i;

/** The href of every `<a>`, entities decoded. */
export function linksOf(html: string): string[] {
  return [...html.matchAll(A_TAG)].flatMap((tag) => {
    const href = HREF.exec(tag[1]!);
    const value = href?.[1] ?? href?.[2] ?? href?.[3];
    return value === undefined ? [] : [decodeHtmlEntities(value).trim()];
  });
}

export type LinkTarget = { kind: "page"; key: string; internal: boolean } | { kind: "other" };

/**
 * Where `href` leads from a page of `siteUrl`: a web page (with its comparison key, and whether
 * it is on the site: relative, or on the site's host ignoring `www.`), or something else
 * (an in-page `#fragment`, mailto:, an unparseable value).
 */
export function linkTarget(href: string, siteUrl: string): LinkTarget {
  if (!href || href.startsWith("#")) return { kind: "other" };
  const site = parseUrl(siteUrl);
  const url = parseUrl(href, site ?? undefined);
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:")) return { kind: "other" };
  return { kind: "page", key: pageKey(url), internal: site !== null && hostKey(url) === hostKey(site) };
}

/** `https://www.Example.com/a/b/?x=1#top` and `http://example.com/a/b?x=1` → `example.com/a/b?x=1`. */
export function pageKey(url: URL): string {
  const path = safeDecode(url.pathname).replace(/\/+$/, "");
  return `${hostKey(url)}${path}${url.search}`;
}

function hostKey(url: URL): string {
  return url.host.toLowerCase().replace(/^www\./, "");
}

function parseUrl(text: string, base?: URL): URL | null {
  try {
    return new URL(text, base);
  } catch {
    return null;
  }
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
