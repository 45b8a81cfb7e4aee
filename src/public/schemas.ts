import { z } from "@hono/zod-openapi";
import { ARTICLE_STATUSES } from "../db/schema";
import { ARTICLE_SORTS } from "../articles/list";
import type { ArticleImageRow, ArticleRow } from "../articles/service";
import { positiveIntParam } from "../core/pagination";

export const PublicImageSchema = z
  .object({
    id: z.number().int(),
    url: z.string().openapi({ example: "https://api.example.com/api/media/uploads/hero.webp" }),
    alt_text: z.string(),
    is_featured: z.boolean(),
  })
  .openapi("PublicImage");
export type PublicImage = z.infer<typeof PublicImageSchema>;

export const PublicArticleSchema = z
  .object({
    id: z.number().int().openapi({ example: 42 }),
    site_id: z.string().nullable().openapi({
      description: "The id of the article's site (as GET /api/sites gives it); null for an article without a site",
      example: "site_b8Zq0Ls2Kd93Hw1P",
    }),
    title: z.string(),
    slug: z.string(),
    url: z.string().nullable().openapi({
      description:
        "The article's address on its site once published there; null before publication and when the site gives no address (a custom site)",
      example: "https://blog.example.com/sourdough-basics/",
    }),
    content: z.string().openapi({ description: "HTML" }),
    excerpt: z.string(),
    featured_image: z.string().nullable().openapi({ description: "URL of the featured image; null when the article has none" }),
    images: z.array(PublicImageSchema),
    meta: z.object({ description: z.string(), keywords: z.array(z.string()) }),
    word_count: z.number().int(),
    language: z.string().openapi({ example: "tr" }),
    status: z.enum(ARTICLE_STATUSES),
    published_at: z.string().nullable().openapi({ description: "ISO 8601 UTC; null until published", example: "2026-11-22T08:00:00Z" }),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi("PublicArticle");
export type PublicArticle = z.infer<typeof PublicArticleSchema>;

export const PaginationMetaSchema = z
  .object({
    current_page: z.number().int(),
    last_page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
  })
  .openapi("PaginationMeta");

export const ArticleListResponseSchema = z
  .object({ success: z.literal(true), data: z.array(PublicArticleSchema), meta: PaginationMetaSchema })
  .openapi("PublicArticleList");
export const ArticleResponseSchema = z.object({ success: z.literal(true), data: PublicArticleSchema }).openapi("PublicArticleResponse");
export const ImageListResponseSchema = z.object({ success: z.literal(true), data: z.array(PublicImageSchema) }).openapi("PublicImageList");

/** A site id as newId("site") makes them; a well-formed id of no site of the account just matches nothing. */
const SITE_ID = /^site_[A-Za-z0-9]{1,59}$/;

export const ArticleListQuerySchema = z.object({
  page: positiveIntParam("page", 1_000_000, 1, "Page number, from 1"),
  per_page: positiveIntParam("per_page", 100, 10, "Items per page, 1 to 100"),
  status: z.enum(ARTICLE_STATUSES).optional(),
  language: z
    .string()
    .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})?$/, "language must be a language code such as tr, en or pt-BR")
    .transform((code) => code.toLowerCase())
    .optional()
    .openapi({ example: "tr" }),
  sort: z.enum(ARTICLE_SORTS).default("created_at"),
  order: z.enum(["asc", "desc"]).default("desc"),
  site: z
    .string()
    .regex(SITE_ID, "site must be a site id such as site_b8Zq0Ls2Kd93Hw1P (GET /api/sites lists them)")
    .optional()
    .openapi({
      param: { description: "Only the articles of this site; another account's site or an unknown one gives an empty list" },
      example: "site_b8Zq0Ls2Kd93Hw1P",
    }),
  search: z
    .string()
    .trim()
    .min(1, "search must not be empty")
    .max(200, "search must be at most 200 characters")
    .optional()
    .openapi({
      param: { description: "Words to find in the title and text, in any order (all must match)" },
    }),
});

// Any text is accepted here: an id that is not a number names no article, so it is a 404, not a 400.
export const ArticleIdParamSchema = z.object({
  // The document declares what a client sends (an integer); the text check stays in parseArticleId,
  // so a non-numeric id is a 404 like a missing article, never a 400.
  id: z.string().openapi({ type: "integer", minimum: 1, param: { description: "Article id" }, example: 42 }),
});

function absoluteUrl(url: string, baseUrl: string): string {
  return url.startsWith("/") ? baseUrl + url : url;
}

export function toPublicImage(image: ArticleImageRow, baseUrl: string): PublicImage {
  return { id: image.id, url: absoluteUrl(image.url, baseUrl), alt_text: image.altText, is_featured: image.isFeatured };
}

export function toPublicArticle(article: ArticleRow, images: ArticleImageRow[], baseUrl: string): PublicArticle {
  const publicImages = images.map((image) => toPublicImage(image, baseUrl));
  return {
    id: article.id,
    site_id: article.siteId,
    title: article.title,
    slug: article.slug,
    // A draft sent to WordPress has an address too, but only the published post is public.
    url: article.status === "published" ? article.publicationUrl : null,
    content: article.html,
    excerpt: article.excerpt,
    featured_image: publicImages.find((image) => image.is_featured)?.url ?? null,
    images: publicImages,
    meta: { description: article.seoDesc, keywords: article.keywords },
    word_count: article.wordCount,
    language: article.language,
    status: article.status,
    published_at: article.publishedAt,
    created_at: article.createdAt,
    updated_at: article.updatedAt,
  };
}
