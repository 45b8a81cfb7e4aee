import { articleStructuredData, type StructuredData } from "../content/structured-data";
import { briefOf } from "../sites/brief";
import { articleAuthorName } from "../sites/byline";
import type { SiteRow } from "../sites/service";

/** What an article page's structured data is made from. */
export interface StructuredArticle {
  title: string;
  seoDesc: string;
  excerpt: string;
  html: string;
  language: string;
}

/**
 * The JSON-LD of an article on its site: a BlogPosting on a blog, an Article on a custom site,
 * author and publisher from the site's brief (on a blog whose brief names no author, the byline
 * WordPress shows: src/sites/byline.ts; the host name when the brief names no organisation). Forums get none: XenForo has no place for it. The image is given only as an
 * absolute URL.
 */
export function structuredDataFor(
  site: Pick<SiteRow, "platform" | "url" | "brief" | "businessContext" | "id" | "blogAuthorName">,
  article: StructuredArticle,
  page: { url: string | null; imageUrl: string | null; datePublished: string; dateModified: string },
): StructuredData | null {
  if (site.platform === "forum") return null;
  const brief = briefOf(site);
  return articleStructuredData({
    type: site.platform === "blog" ? "BlogPosting" : "Article",
    headline: article.title,
    description: article.seoDesc.trim() || article.excerpt,
    html: article.html,
    language: article.language,
    url: page.url,
    imageUrl: page.imageUrl && /^https?:\/\//i.test(page.imageUrl) ? page.imageUrl : null,
    datePublished: page.datePublished,
    dateModified: page.dateModified,
    authorName: articleAuthorName(site, brief.authorName),
    organizationName: brief.organizationName || new URL(site.url).hostname,
    logoUrl: brief.logoUrl || null,
  });
}
