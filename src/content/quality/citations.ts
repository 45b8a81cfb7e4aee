import { linksOf, pageKey } from "../links";

// A citation is a link in the article to one of the pages it was written against. Pages are
// compared as the rest of the service compares them (pageKey): scheme, `www.`, host case, a
// trailing slash and the fragment do not count.

/** The `<a href>` links of article HTML that point at one of `sourceUrls`; each link counts, so a source linked twice is two. */
export function countCitations(html: string, sourceUrls: readonly string[]): number {
  const sources = new Set(sourceUrls.flatMap((url) => keyOf(url) ?? []));
  return linksOf(html).filter((href) => {
    const key = keyOf(href);
    return key !== null && sources.has(key);
  }).length;
}

/** The page key of an absolute http(s) URL; null for anything else (a relative link is never external). */
function keyOf(href: string): string | null {
  try {
    const url = new URL(href);
    return url.protocol === "http:" || url.protocol === "https:" ? pageKey(url) : null;
  } catch {
    return null;
  }
}

const ANCHOR_TAG = /<a\b([^>]*)>/gi;
const HREF = /\shref="([^"]*)"/i;

/**
 * Sanitised article HTML with `rel` set on each link to one of the sources (the site's choice:
 * `noopener`, or `nofollow noopener`). Other links are left as they are. The sanitiser writes every
 * attribute as name="value", so a tag's attributes are read and rewritten in that form.
 */
export function withCitationRel(html: string, sourceUrls: readonly string[], rel: string): string {
  const sources = new Set(sourceUrls.flatMap((url) => keyOf(url) ?? []));
  if (sources.size === 0) return html;
  return html.replace(ANCHOR_TAG, (tag, attributes: string) => {
    const href = HREF.exec(attributes)?.[1];
    const key = href ? keyOf(href.replaceAll("&amp;", "&")) : null;
    if (key === null || !sources.has(key)) return tag;
    return `<a${attributes.replace(/\s(rel|target)="[^"]*"/gi, "")} rel="${rel}">`;
  });
}
