import { z } from "@hono/zod-openapi";
import { LINK_SUGGESTION_REASONS, LINK_SUGGESTION_STATES } from "../db/schema";
import type { LinkGraph } from "./graph";
import type { LinkSuggestionRow } from "./suggestions";

export const LinksQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(100).openapi({
    description: "Orphans and broken links listed at most, each (the stats count them all)",
    example: 100,
  }),
});

export const LinkSuggestionParamSchema = z.object({
  siteId: z.string().min(1).max(64),
  id: z.string().min(1).max(64).openapi({ example: "lnk_4hQ2nV8xkT0aLm3R" }),
});

export const SiteLinksSchema = z
  .object({
    stats: z.object({
      pages: z.number().int().openapi({ description: "Existing posts and published articles, one per address" }),
      links: z.number().int().openapi({ description: "Links from a page of the site to another URL of its own host" }),
      orphans: z.number().int(),
      broken: z.number().int(),
    }),
    orphans: z
      .array(z.object({ url: z.string(), postId: z.string().optional(), articleId: z.number().int().optional() }))
      .openapi({ description: "Pages no other page of the site links to" }),
    broken: z
      .array(
        z.object({
          fromUrl: z.string(),
          toUrl: z.string(),
          anchor: z.string(),
          status: z.number().int().openapi({
            description:
              "301: the URL names a post's old slug (WordPress redirects it); 404 or 410: what the URL answered the sync's check",
          }),
          reason: z.enum(["old_slug", "missing"]),
          suggestedUrl: z.string().optional().openapi({ description: "For an old slug: the post's address now" }),
          fromPostId: z.string().optional(),
          fromArticleId: z.number().int().optional(),
        }),
      )
      .openapi({ description: "Links to the site's own URLs that name an old slug or answer 404/410" }),
  })
  .openapi("SiteLinks");

export const LinkSuggestionSchema = z
  .object({
    id: z.string(),
    fromUrl: z.string(),
    fromPostId: z.string().optional(),
    fromArticleId: z.number().int().optional(),
    toUrl: z.string(),
    anchor: z.string().openapi({ description: "The words of the sentence the link goes around" }),
    sentence: z.string().openapi({ description: "The sentence's HTML as it is in the post" }),
    linked: z.string().openapi({ description: "The sentence's HTML with the link: the only change an apply makes" }),
    reason: z.enum(LINK_SUGGESTION_REASONS).openapi({
      description: "new_page: to a newly published page; broken: mends a link to an old slug; requested: asked for (topic clusters)",
    }),
    state: z.enum(LINK_SUGGESTION_STATES),
    appliedAt: z.string().nullable(),
    revertedAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .openapi("LinkSuggestion");

export const LinkSuggestionListSchema = z.object({ items: z.array(LinkSuggestionSchema) }).openapi("LinkSuggestionList");

export function toSiteLinks(graph: LinkGraph, limit: number): z.infer<typeof SiteLinksSchema> {
  return { stats: graph.stats, orphans: graph.orphans.slice(0, limit), broken: graph.broken.slice(0, limit) };
}

export function toLinkSuggestion(row: LinkSuggestionRow): z.infer<typeof LinkSuggestionSchema> {
  return {
    id: row.id,
    fromUrl: row.fromUrl,
    ...(row.fromPostId !== null ? { fromPostId: row.fromPostId } : {}),
    ...(row.fromArticleId !== null ? { fromArticleId: row.fromArticleId } : {}),
    toUrl: row.toUrl,
    anchor: row.anchor,
    sentence: row.sentence,
    linked: row.linked,
    reason: row.reason,
    state: row.state,
    appliedAt: row.appliedAt,
    revertedAt: row.revertedAt,
    createdAt: row.createdAt,
  };
}
