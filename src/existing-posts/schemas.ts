import { z } from "@hono/zod-openapi";
import { pageSchema } from "../core/pagination";
import { IMPROVEMENT_STATUSES, type existingPosts } from "../db/schema";

export type ExistingPostRow = typeof existingPosts.$inferSelect;

export const ExistingPostSchema = z
  .object({
    id: z.string().openapi({ example: "post_Q2nV8xkT0aLm3Rz1" }),
    siteId: z.string(),
    remoteId: z.number().int().openapi({ description: "The post's id on the WordPress site", example: 42 }),
    title: z.string().openapi({ description: "Plain text" }),
    url: z.string(),
    modifiedAt: z.string().nullable().openapi({ description: "Last modified on the site, ISO 8601 UTC" }),
    wordCount: z.number().int().openapi({ description: "Words of the post's text (not its HTML)" }),
    improvementStatus: z
      .enum(IMPROVEMENT_STATUSES)
      .openapi({ description: "NONE, SUGGESTED (an improvement waits to be applied), APPLIED, or REVERTED (applied, then put back)" }),
    suggestedAt: z.string().nullable().openapi({ description: "When the current improvement suggestion was made; null without one" }),
    syncedAt: z.string().openapi({ description: "When a sync last stored this post" }),
  })
  .openapi("ExistingPost");
export type ExistingPost = z.infer<typeof ExistingPostSchema>;

export const ExistingPostPageSchema = pageSchema(ExistingPostSchema, "ExistingPostPage");

export const SyncResultSchema = z
  .object({
    synced: z
      .number()
      .int()
      .openapi({ description: "Published posts read from the site; the site's existing posts are now exactly these", example: 25 }),
  })
  .openapi("SyncResult");

export function toExistingPost(row: ExistingPostRow & { suggestedAt?: string | null }): ExistingPost {
  return {
    id: row.id,
    siteId: row.siteId,
    remoteId: row.remoteId,
    title: row.title,
    url: row.url,
    modifiedAt: row.modifiedAt,
    wordCount: row.wordCount,
    improvementStatus: row.improvementStatus,
    suggestedAt: row.suggestedAt ?? null,
    syncedAt: row.updatedAt,
  };
}
