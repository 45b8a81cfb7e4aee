import { z } from "@hono/zod-openapi";
import { wpGmt, type WpComment, type WpMedia, type WpPost, type WpSettings, type WpTerm } from "../adapters/wordpress/schemas";
import { htmlToText } from "../core/html-text";
import { PageQuerySchema, pageSchema, wholeNumberParam } from "../core/pagination";

// Our records of WordPress objects: plain, camelCase, the same fields whatever the WordPress
// version. Ids are WordPress's own integer ids (as the forum entries' ids are the forum's).

const wpId = z.number().int().openapi({ description: "The WordPress id", example: 12 });
const isoTime = z.string().nullable().openapi({ description: "ISO 8601 UTC", example: "2026-11-22T08:00:00Z" });

export const BlogCategorySchema = z
  .object({
    id: wpId,
    name: z.string(),
    slug: z.string(),
    description: z.string(),
    parentId: z.number().int().nullable(),
    postCount: z.number().int(),
    url: z.string().nullable(),
  })
  .openapi("BlogCategory");
export const BlogTagSchema = z
  .object({
    id: wpId,
    name: z.string(),
    slug: z.string(),
    description: z.string(),
    postCount: z.number().int(),
    url: z.string().nullable(),
  })
  .openapi("BlogTag");

export const COMMENT_STATUSES = ["approved", "hold", "spam", "trash"] as const;
export const COMMENT_FILTERS = ["approved", "hold", "spam"] as const;
export const BlogCommentSchema = z
  .object({
    id: wpId,
    postId: z.number().int().nullable(),
    parentId: z.number().int().nullable().openapi({ description: "The comment this one answers; null at top level" }),
    authorName: z.string(),
    authorUrl: z.string().nullable(),
    content: z.string().openapi({ description: "HTML as WordPress renders it" }),
    status: z.enum(COMMENT_STATUSES),
    date: isoTime,
    url: z.string().nullable(),
  })
  .openapi("BlogComment");

export const PAGE_STATUSES = ["publish", "draft", "pending", "private"] as const;
export const BlogPageSchema = z
  .object({
    id: wpId,
    title: z.string().openapi({ description: "Plain text" }),
    slug: z.string(),
    status: z.string().openapi({ description: "WordPress status: publish, draft, pending, private…" }),
    url: z.string().nullable(),
    content: z.string().openapi({ description: "HTML as WordPress renders it" }),
    publishedAt: isoTime,
    modifiedAt: isoTime,
  })
  .openapi("BlogPage");

export const BlogMediaSchema = z
  .object({
    id: wpId,
    title: z.string(),
    url: z.string().nullable().openapi({ description: "The file's public URL" }),
    mimeType: z.string().nullable(),
    mediaType: z.string().nullable().openapi({ description: "image or file" }),
    altText: z.string(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    fileSize: z.number().int().nullable().openapi({ description: "Bytes, when WordPress reports it" }),
    attachedToPostId: z.number().int().nullable(),
    createdAt: isoTime,
  })
  .openapi("BlogMedia");

export const BlogSettingsSchema = z
  .object({
    title: z.string(),
    description: z.string().openapi({ description: "The tagline" }),
    url: z.string().nullable(),
    language: z.string().nullable(),
    timezone: z.string().nullable(),
  })
  .openapi("BlogSettings");

export const BlogCategoryPageSchema = pageSchema(BlogCategorySchema, "BlogCategoryPage");
export const BlogTagPageSchema = pageSchema(BlogTagSchema, "BlogTagPage");
export const BlogCommentPageSchema = pageSchema(BlogCommentSchema, "BlogCommentPage");
export const BlogPagePageSchema = pageSchema(BlogPageSchema, "BlogPagePage");
export const BlogMediaPageSchema = pageSchema(BlogMediaSchema, "BlogMediaPage");

export const BlogCommentListQuerySchema = PageQuerySchema.extend({
  status: z
    .enum(COMMENT_FILTERS)
    .optional()
    .openapi({ param: { description: "Only comments with this status; without it, approved and held comments" } }),
});

const name = z.string().trim().min(1, "name must not be empty").max(200);
export const CreateCategoryBodySchema = z
  .object({ name, description: z.string().max(5000).optional(), parentId: z.number().int().positive().optional() })
  .strict()
  .openapi("CreateBlogCategoryRequest");
export const CreateTagBodySchema = z
  .object({ name, description: z.string().max(5000).optional() })
  .strict()
  .openapi("CreateBlogTagRequest");
export const ModerateCommentBodySchema = z
  .object({ status: z.enum(COMMENT_STATUSES) })
  .strict()
  .openapi("ModerateBlogCommentRequest");
export const CreatePageBodySchema = z
  .object({
    title: z.string().trim().min(1, "title must not be empty").max(500),
    content: z.string().max(1_000_000),
    status: z.enum(PAGE_STATUSES).default("draft").openapi({ description: "WordPress status; draft unless given" }),
  })
  .strict()
  .openapi("CreateBlogPageRequest");
export const UpdateSettingsBodySchema = z
  .object({ title: z.string().max(500).optional(), description: z.string().max(1000).optional() })
  .strict()
  .refine((body) => body.title !== undefined || body.description !== undefined, { message: "Send title, description or both" })
  .openapi("UpdateBlogSettingsRequest");

const wpIdParam = (name: string) =>
  wholeNumberParam(name)
    .pipe(z.number().int(`${name} must be a whole number`).positive(`${name} must be positive`).max(Number.MAX_SAFE_INTEGER))
    .openapi({ type: "integer", minimum: 1, param: { description: "The WordPress id" }, example: 12 });

export const CommentIdParamSchema = z.object({ siteId: z.string().min(1).max(64), commentId: wpIdParam("commentId") });
export const MediaIdParamSchema = z.object({ siteId: z.string().min(1).max(64), id: wpIdParam("id") });
export const DeletedMediaSchema = z.object({ id: wpId, deleted: z.literal(true) }).openapi("DeletedBlogMedia");

const text = (html: string | undefined) => htmlToText(html ?? "");
const nonEmpty = (value: string | undefined) => (value ? value : null);

export function toBlogCategory(term: WpTerm): z.infer<typeof BlogCategorySchema> {
  return {
    id: term.id,
    name: text(term.name),
    slug: term.slug ?? "",
    description: term.description ?? "",
    parentId: term.parent ? term.parent : null,
    postCount: term.count ?? 0,
    url: nonEmpty(term.link),
  };
}

export function toBlogTag(term: WpTerm): z.infer<typeof BlogTagSchema> {
  return {
    id: term.id,
    name: text(term.name),
    slug: term.slug ?? "",
    description: term.description ?? "",
    postCount: term.count ?? 0,
    url: nonEmpty(term.link),
  };
}

export function toBlogComment(comment: WpComment): z.infer<typeof BlogCommentSchema> {
  const status = (COMMENT_STATUSES as readonly string[]).includes(comment.status ?? "")
    ? (comment.status as (typeof COMMENT_STATUSES)[number])
    : "hold";
  return {
    id: comment.id,
    postId: comment.post || null,
    parentId: comment.parent || null,
    authorName: comment.author_name ?? "",
    authorUrl: nonEmpty(comment.author_url),
    content: comment.content?.rendered ?? "",
    status,
    date: wpGmt(comment.date_gmt),
    url: nonEmpty(comment.link),
  };
}

export function toBlogPage(page: WpPost): z.infer<typeof BlogPageSchema> {
  return {
    id: page.id,
    title: text(page.title?.rendered ?? page.title?.raw),
    slug: page.slug ?? "",
    status: page.status ?? "publish",
    url: nonEmpty(page.link),
    content: page.content?.rendered ?? "",
    publishedAt: wpGmt(page.date_gmt),
    modifiedAt: wpGmt(page.modified_gmt),
  };
}

export function toBlogMedia(media: WpMedia): z.infer<typeof BlogMediaSchema> {
  return {
    id: media.id,
    title: text(media.title?.rendered),
    url: nonEmpty(media.source_url),
    mimeType: nonEmpty(media.mime_type),
    mediaType: nonEmpty(media.media_type),
    altText: media.alt_text ?? "",
    width: media.media_details?.width ?? null,
    height: media.media_details?.height ?? null,
    fileSize: media.media_details?.filesize ?? null,
    attachedToPostId: media.post || null,
    createdAt: wpGmt(media.date_gmt),
  };
}

export function toBlogSettings(settings: WpSettings): z.infer<typeof BlogSettingsSchema> {
  return {
    title: settings.title ?? "",
    description: settings.description ?? "",
    url: nonEmpty(settings.url),
    language: nonEmpty(settings.language),
    timezone: nonEmpty(settings.timezone),
  };
}
