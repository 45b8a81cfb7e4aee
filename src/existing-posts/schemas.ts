import { z } from "@hono/zod-openapi";
import { pageSchema, PageQuerySchema } from "../core/pagination";
import { DECAY_REASONS, IMPROVEMENT_STATUSES, type existingPosts } from "../db/schema";
import type { ListedExistingPost } from "./store";

export type ExistingPostRow = typeof existingPosts.$inferSelect;

export const EXISTING_POST_SORTS = ["modified", "clicks", "position", "decay"] as const;
export type ExistingPostSort = (typeof EXISTING_POST_SORTS)[number];

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

/** The Search Console figures a list shows beside a post or an article: its page's last 28 complete days against the 28 before. */
export const ListSearchFiguresSchema = z
  .object({
    clicks: z.number().int(),
    impressions: z.number().int(),
    position: z.number().nullable().openapi({ description: "Average position to 1 place (1 is the top); null without impressions" }),
    clicksChange: z.number().int().openapi({ description: "Clicks minus the 28 days before's" }),
    positionChange: z.number().nullable().openapi({ description: "Position minus the 28 days before's: positive is worse" }),
  })
  .openapi("ListSearchFigures", {
    description: "From Search Console, the page at this URL over the last 28 complete days the sync read; null when no page matches",
  });
export type ListSearchFigures = z.infer<typeof ListSearchFiguresSchema>;

/** search_pages' 28-day columns as a list shows them. */
export function searchFigures(page: {
  clicks: number;
  impressions: number;
  position: number | null;
  previousClicks: number;
  previousPosition: number | null;
}): ListSearchFigures {
  const oneDecimal = (value: number) => Math.round(value * 10) / 10;
  return {
    clicks: page.clicks,
    impressions: page.impressions,
    position: page.position === null ? null : oneDecimal(page.position),
    clicksChange: page.clicks - page.previousClicks,
    positionChange: page.position === null || page.previousPosition === null ? null : oneDecimal(page.position - page.previousPosition),
  };
}

export const ListedExistingPostSchema = ExistingPostSchema.extend({
  search: ListSearchFiguresSchema.nullable(),
  decay: z
    .object({
      reason: z.enum(DECAY_REASONS),
      seasonal: z.boolean().openapi({ description: "It fell the same way a year earlier: a season rather than decay" }),
    })
    .nullable()
    .openapi({ description: "What the weekly check found (GET /api/sites/{siteId}/decay has the figures); null when the page holds up" }),
}).openapi("ListedExistingPost");

export const ExistingPostPageSchema = pageSchema(ListedExistingPostSchema, "ExistingPostPage");

export const ExistingPostListQuerySchema = PageQuerySchema.extend({
  sort: z
    .enum(EXISTING_POST_SORTS, { error: `sort must be one of ${EXISTING_POST_SORTS.join(", ")}` })
    .default("modified")
    .openapi({
      description:
        "modified (default: most recently modified first), clicks, position (posts without Search Console figures last), or decay (decaying posts first, the worst reason first, then by modification)",
    }),
  order: z
    .enum(["asc", "desc"], { error: "order must be asc or desc" })
    .optional()
    .openapi({ description: "For modified, clicks and position; by default desc, and asc for position (the best placed first)" }),
});

export function toListedExistingPost(row: ListedExistingPost) {
  return { ...toExistingPost(row), search: row.search, decay: row.decay };
}

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
