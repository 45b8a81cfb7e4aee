import { bodyColumns, type ArticleRow } from "../src/articles/service";
import { slugify } from "../src/core/slug";
import { toIsoSeconds } from "../src/core/time";
import type { Database } from "../src/db/client";
import { articleImages, articles, type ArticleStatus } from "../src/db/schema";

// Rows the tests seed directly (the product writes articles through src/articles/writes.ts).

export interface NewArticle {
  title: string;
  html: string;
  slug?: string;
  excerpt?: string;
  seoTitle?: string;
  seoDesc?: string;
  keywords?: string[];
  tags?: string[];
  language?: string;
  status?: ArticleStatus;
  siteId?: string | null;
  publishedAt?: string | null;
  publicationUrl?: string | null;
  generationCostKurus?: number;
  images?: { url: string; altText: string; isFeatured: boolean }[];
}

/** Stores a new article of the account with its images; returns the article row. */
export async function createArticle(db: Database, accountId: string, input: NewArticle, now = new Date()): Promise<ArticleRow> {
  const timestamp = toIsoSeconds(now);
  const status = input.status ?? "draft";
  const [article] = await db
    .insert(articles)
    .values({
      accountId,
      siteId: input.siteId ?? null,
      title: input.title,
      slug: input.slug ?? slugify(input.title),
      ...bodyColumns(input.html),
      excerpt: input.excerpt ?? "",
      seoTitle: input.seoTitle ?? "",
      seoDesc: input.seoDesc ?? "",
      keywords: input.keywords ?? [],
      tags: input.tags ?? [],
      language: (input.language ?? "en").toLowerCase(),
      status,
      publishedAt: input.publishedAt ?? (status === "published" ? timestamp : null),
      publicationUrl: input.publicationUrl ?? null,
      generationCostKurus: input.generationCostKurus ?? 0,
      createdAt: timestamp,
      updatedAt: timestamp,
    })
    .returning();
  if (input.images?.length) {
    await db.insert(articleImages).values(
      input.images.map((image, position) => ({
        articleId: article!.id,
        accountId,
        url: image.url,
        altText: image.altText,
        isFeatured: image.isFeatured,
        position,
      })),
    );
  }
  return article!;
}
