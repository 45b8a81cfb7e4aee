import { z } from "zod";

// Replies of the XenForo 2 REST API (docs.xenforo.com/api). Every field the forum
// may leave out is optional: XenForo and its add-ons add and drop fields between versions.

export const XenForoIndexSchema = z.object({
  version_id: z.number().int(),
  site_title: z.string().optional(),
  key: z.object({
    type: z.enum(["guest", "user", "super"]),
    user_id: z.number().int().nullish(),
    allow_all_scopes: z.boolean().optional(),
    scopes: z.array(z.string()).optional(),
  }),
});
export type XenForoIndex = z.infer<typeof XenForoIndexSchema>;

export const XenForoMeSchema = z.object({
  me: z.object({ user_id: z.number().int(), username: z.string().optional() }),
});

export const XenForoNodeSchema = z.object({
  node_id: z.number().int(),
  title: z.string(),
  node_type_id: z.string(),
  parent_node_id: z.number().int().optional(),
  display_order: z.number().optional(),
  type_data: z
    .object({
      allow_posting: z.boolean().optional(),
      require_prefix: z.boolean().optional(),
      min_tags: z.number().int().optional(),
    })
    .nullish(),
});
export type XenForoNode = z.infer<typeof XenForoNodeSchema>;

export const XenForoNodesSchema = z.object({ nodes: z.array(XenForoNodeSchema) });

export const XenForoAttachmentSchema = z.object({
  attachment_id: z.number().int(),
  filename: z.string().optional(),
  content_type: z.string().optional(),
});

export const XenForoPostSchema = z.object({
  post_id: z.number().int(),
  thread_id: z.number().int().optional(),
  message: z.string().optional(),
  Attachments: z.array(XenForoAttachmentSchema).optional(),
});

export const XenForoThreadSchema = z.object({
  thread_id: z.number().int(),
  node_id: z.number().int().optional(),
  title: z.string().optional(),
  first_post_id: z.number().int(),
  discussion_state: z.string().optional(),
  view_url: z.string().optional(),
  user_id: z.number().int().optional(),
  /** Unix seconds. */
  post_date: z.number().int().optional(),
});
export type XenForoThread = z.infer<typeof XenForoThreadSchema>;

export const XenForoThreadReplySchema = z.object({
  thread: XenForoThreadSchema,
  first_post: XenForoPostSchema.nullish(),
});

export const XenForoThreadListSchema = z.object({ threads: z.array(XenForoThreadSchema) });

export const XenForoPostReplySchema = z.object({ post: XenForoPostSchema });

export const XenForoNewAttachmentKeySchema = z.object({
  key: z.string().min(1),
  attachment: XenForoAttachmentSchema.nullish(),
});

export const XenForoErrorsSchema = z.object({
  errors: z.array(z.object({ code: z.string(), params: z.unknown().optional() })).min(1),
});
