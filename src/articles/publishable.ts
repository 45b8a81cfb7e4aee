import { pendingRevision } from "./pending-revision";
import { and, eq } from "drizzle-orm";
import type { PublishableArticle } from "../content/publishable";
import type { StructuredData } from "../content/structured-data";
import type { Database } from "../db/client";
import { sites } from "../db/schema";
import { toIsoSeconds } from "../core/time";
import { getMediaBytes, mediaUrl } from "../media/store";
import { structuredDataFor } from "../publishing/structured-data";
import type { Services } from "../services/container";
import type { SiteRow } from "../sites/service";
import { latestApproval } from "./approval-state";
import { toArticleDetail } from "./management-schemas";
import type { ArticleImageRow, ArticleRow } from "./service";

/** Where and when the article's page is: for its structured data. */
export interface ArticlePage {
  site: SiteRow;
  url: string | null;
  language: string;
  datePublished: string;
  dateModified: string;
}

/** The page of a stored article: its URL on the platform, published when it was (or now), modified when last stored. */
export function articlePage(
  site: SiteRow,
  article: { publicationUrl: string | null; language: string; publishedAt: string | null; updatedAt: string },
  now = new Date(),
): ArticlePage {
  const datePublished = article.publishedAt ?? toIsoSeconds(now);
  return {
    site,
    url: article.publicationUrl,
    language: article.language,
    datePublished,
    dateModified: article.updatedAt > datePublished ? article.updatedAt : datePublished,
  };
}

/** An article's fields as the platforms take them, with the hero image's bytes read from R2 and the page's structured data. */
export async function publishableArticle(
  services: Pick<Services, "media" | "config">,
  fields: {
    title: string;
    html: string;
    excerpt: string;
    slug: string;
    seoTitle: string;
    seoDesc: string;
    categories: string[];
    tags: string[];
  },
  hero: { objectKey: string; fileName: string; alt: string } | null,
  status: PublishableArticle["status"],
  origin: PublishableArticle["origin"],
  page: ArticlePage,
): Promise<PublishableArticle> {
  const bytes = hero ? await getMediaBytes(services.media.bucket, hero.objectKey) : null;
  const imageUrl = hero && bytes ? mediaUrl(hero.objectKey, services.config.publicBaseUrl) : null;
  return {
    ...fields,
    heroImage: hero && bytes ? { fileName: hero.fileName, alt: hero.alt, contentType: bytes.contentType, bytes: bytes.bytes } : null,
    structuredData: structuredDataFor(
      page.site,
      { ...fields, language: page.language },
      { url: page.url, imageUrl, datePublished: page.datePublished, dateModified: page.dateModified },
    ),
    status,
    origin,
  };
}

/**
 * The structured data of a stored article's page as its site gets it (with our copy of the
 * picture; WordPress is sent the address of its own); null without a site, or on a forum.
 */
export async function storedStructuredData(db: Database, article: ArticleRow, images: ArticleImageRow[]): Promise<StructuredData | null> {
  if (!article.siteId) return null;
  const [site] = await db
    .select()
    .from(sites)
    .where(and(eq(sites.id, article.siteId), eq(sites.accountId, article.accountId)));
  if (!site) return null;
  const page = articlePage(site, article);
  const imageUrl = images.find((image) => image.isFeatured)?.url ?? null;
  return structuredDataFor(site, article, { url: page.url, imageUrl, datePublished: page.datePublished, dateModified: page.dateModified });
}

/**
 * The article as the detail answers give it (GET, PATCH, publish; the MCP tools too), with its
 * page's structured data, its latest approval link and a writer's revision waiting for an editor.
 */
export async function articleDetail(db: Database, article: ArticleRow, images: ArticleImageRow[]) {
  const [structuredData, approval, revision] = await Promise.all([
    storedStructuredData(db, article, images),
    latestApproval(db, article),
    pendingRevision(db, article.accountId, article.id),
  ]);
  return toArticleDetail(article, images, structuredData, approval, revision);
}
