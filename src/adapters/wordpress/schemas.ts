import { z } from "zod";

// What WordPress answers (REST API, wp/v2). Every field but the id is optional: sites run
// different versions and plugins, and the contract says to treat reply fields as optional.

const rendered = z.object({ rendered: z.string().optional(), raw: z.string().optional() }).partial();
const text = z.string().optional();
const int = z.number().int().optional();

export const WpUserSchema = z.object({ id: z.number().int(), name: text, slug: text, roles: z.array(z.string()).optional() });
export type WpUser = z.infer<typeof WpUserSchema>;

export const WpPostSchema = z.object({
  id: z.number().int(),
  date_gmt: text.nullable(),
  modified_gmt: text.nullable(),
  slug: text,
  status: text,
  link: text,
  title: rendered.optional(),
  content: rendered.optional(),
  excerpt: rendered.optional(),
  featured_media: int,
  /** The connector plugin's list of the post's former slugs (`_wp_old_slug`); absent without it. */
  content_autopilot_old_slugs: z.array(z.string().max(200)).max(50).optional().catch(undefined),
  /** Registered post meta (the connector's keys); WordPress sends `[]` when a post type has none. */
  meta: z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]).optional(),
});
export type WpPost = z.infer<typeof WpPostSchema>;

export const WpTermSchema = z.object({
  id: z.number().int(),
  count: int,
  description: text,
  link: text,
  name: text,
  slug: text,
  parent: int,
});
export type WpTerm = z.infer<typeof WpTermSchema>;

export const WpCommentSchema = z.object({
  id: z.number().int(),
  post: int,
  parent: int,
  author_name: text,
  author_url: text,
  date_gmt: text.nullable(),
  content: rendered.optional(),
  link: text,
  status: text,
});
export type WpComment = z.infer<typeof WpCommentSchema>;

export const WpMediaSchema = z.object({
  id: z.number().int(),
  date_gmt: text.nullable(),
  slug: text,
  title: rendered.optional(),
  alt_text: text,
  caption: rendered.optional(),
  media_type: text,
  mime_type: text,
  source_url: text,
  media_details: z.object({ width: int, height: int, file: text, filesize: int }).partial().optional().catch(undefined),
  post: int.nullable(),
});
export type WpMedia = z.infer<typeof WpMediaSchema>;

/** The REST API index (`GET` on the API root): `name` is the blog's Site Title. Its other fields are not read. */
export const WpIndexSchema = z.object({ name: z.string().optional().catch(undefined) });
export type WpIndex = z.infer<typeof WpIndexSchema>;

export const WpSettingsSchema = z.object({
  title: text,
  description: text,
  url: text,
  timezone: text,
  language: text,
});
export type WpSettings = z.infer<typeof WpSettingsSchema>;

/** `GET content-autopilot/v1/status` of the connector plugin (wordpress/content-autopilot-connector). */
export const WpConnectorStatusSchema = z.object({
  connector: z.string().min(1).max(50),
  // An SEO plugin this version of the service does not know is taken as none.
  seoPlugin: z.enum(["yoast", "rank-math", "seopress", "aioseo"]).nullable().catch(null),
});
export type WpConnectorStatus = z.infer<typeof WpConnectorStatusSchema>;

export const WpDeletedSchema = z.object({ deleted: z.boolean().optional() });

export const WpErrorSchema = z.object({
  code: z.unknown().optional(),
  message: z.unknown().optional(),
  data: z
    .object({ status: z.unknown().optional(), term_id: z.unknown().optional(), params: z.record(z.string(), z.unknown()).optional() })
    .partial()
    .nullable()
    .optional(),
});

/** `2026-11-22T08:00:00` (WordPress's *_gmt fields carry no zone) → `2026-11-22T08:00:00Z`. */
export function wpGmt(value: string | null | undefined): string | null {
  const match = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.\d+)?(Z|[+-]\d\d:\d\d)?$/i.exec(value ?? "");
  if (!match || match[1]!.startsWith("0000")) return null;
  const date = new Date(`${match[1]}${match[2] ?? "Z"}`);
  return Number.isNaN(date.getTime()) ? null : date.toISOString().replace(/\.\d{3}Z$/, "Z");
}
