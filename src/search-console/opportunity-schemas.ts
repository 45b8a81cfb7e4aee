import { z } from "@hono/zod-openapi";
import { pageSchema, positiveIntParam } from "../core/pagination";
import { DEFAULT_MIN_IMPRESSIONS } from "./opportunities";

export const OpportunityQuerySchema = z.object({
  page: positiveIntParam("page", 100_000, 1, "Page number, from 1"),
  per_page: positiveIntParam("per_page", 100, 20, "Opportunities per page, 1 to 100"),
  min_impressions: positiveIntParam(
    "min_impressions",
    100_000,
    DEFAULT_MIN_IMPRESSIONS,
    "Only queries with at least this many impressions over the 28 days, 1 to 100000",
  ),
});

export const OpportunitySchema = z
  .object({
    query: z.string().openapi({ example: "sourdough starter ratio" }),
    impressions: z.number().int().openapi({ description: "Impressions over the 28 days, summed over the site's pages" }),
    clicks: z.number().int(),
    ctr: z.number().openapi({ description: "clicks / impressions, 0–1", example: 0.0123 }),
    position: z.number().openapi({ description: "Average position, weighted by each page's impressions (8–30)", example: 12.4 }),
    page: z
      .object({
        url: z.string().openapi({ example: "https://bakery.example/sourdough-basics/" }),
        articleId: z.string().nullable().openapi({ description: "The article the page is, when it is one of ours" }),
        postId: z.string().nullable().openapi({ description: "The existing post the page is, when the site's posts were synced" }),
      })
      .openapi({ description: "The page with the most impressions for the query" }),
  })
  .openapi("SearchOpportunity");

const OpportunityPageSchema = pageSchema(OpportunitySchema, "SearchOpportunityItems");

export const OpportunityListSchema = z
  .object({
    siteId: z.string(),
    syncedAt: z
      .string()
      .nullable()
      .openapi({ description: "When the site's Search Console figures were last synced; null before the first sync" }),
    window: z
      .object({ start: z.string().openapi({ example: "2026-04-01" }), end: z.string().openapi({ example: "2026-04-28" }) })
      .nullable()
      .openapi({
        description: "The 28 complete days (YYYY-MM-DD, Pacific time as Google counts) the figures cover; null before the first sync",
      }),
    targeted: z.number().int().openapi({
      description:
        "Queries at 8–30 with enough impressions that are left out because an article or plan item of the site already targets them",
      example: 2,
    }),
    ...OpportunityPageSchema.shape,
  })
  .openapi("SearchOpportunityPage");
