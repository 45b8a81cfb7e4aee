import { z } from "@hono/zod-openapi";
import { plainText } from "../core/plain-text";
import { HEALTH_ACTION_KINDS, HEALTH_ACTION_STATES } from "../db/schema";
import type { ActionRow } from "./actions";

const syncedAt = z
  .string()
  .nullable()
  .openapi({ description: "When the site's Search Console figures were last synced; null before the first sync" });

export const CannibalPageSchema = z
  .object({
    url: z.string().openapi({ example: "https://bakery.example/sourdough-starter/" }),
    articleId: z.string().nullable().openapi({ description: "The article the page is, when it is one of ours" }),
    postId: z.string().nullable().openapi({ description: "The existing post the page is, when the site's posts were synced" }),
    clicks: z.number().int().openapi({ description: "The page's clicks for the query over the 28 days" }),
    impressions: z.number().int(),
    position: z.number().openapi({ example: 7.4 }),
  })
  .openapi("CannibalPage");

export const CannibalizationListSchema = z
  .object({
    items: z.array(
      z
        .object({
          query: z.string().openapi({ example: "sourdough starter" }),
          impressions: z.number().int().openapi({ description: "The query's impressions over all the site's pages, 28 days" }),
          pages: z
            .array(CannibalPageSchema)
            .openapi({ description: "The pages with a real share (each ≥ 20 % and ≥ 10 impressions by default), the stronger first" }),
          suggestion: z.enum(["merge", "differentiate"]),
          reason: z.string().openapi({ description: "Why, with the figures" }),
        })
        .openapi("CannibalizedQuery"),
    ),
    syncedAt,
  })
  .openapi("CannibalizationList");

export const TractionListSchema = z
  .object({
    items: z.array(
      z
        .object({
          articleId: z.string(),
          title: z.string(),
          url: z.string(),
          publishedAt: z.string(),
          impressions: z.number().int().openapi({ description: "The page's impressions over the last 28 synced days" }),
          clicks: z.number().int(),
          position: z.number().nullable(),
          state: z.enum(["earning", "slow", "none"]),
          suggestion: z.enum(["wait", "improve", "merge", "noindex", "unpublish"]),
          mergeInto: z.string().nullable().openapi({ description: "For merge: the page of the site that earns this one's queries" }),
          action: z
            .object({ id: z.string(), kind: z.enum(HEALTH_ACTION_KINDS), state: z.enum(HEALTH_ACTION_STATES) })
            .nullable()
            .openapi({ description: "The latest action taken on the article from this list" }),
        })
        .openapi("TractionItem"),
    ),
    syncedAt,
  })
  .openapi("TractionList");

export const HealthActionSchema = z
  .object({
    id: z.string().openapi({ example: "sha_3f9a0c1b7d2e4a68" }),
    siteId: z.string(),
    kind: z.enum(HEALTH_ACTION_KINDS),
    state: z.enum(HEALTH_ACTION_STATES).openapi({
      description:
        "running → suggested (an improvement waits: apply it) → applied → reverted; noindex and unpublish go straight to applied; failed: nothing was charged or changed, the same request may run it again",
    }),
    url: z.string().openapi({ description: "The page the action edits (the stronger page of a merge)" }),
    postId: z
      .string()
      .nullable()
      .openapi({ description: "Its existing post: the improvement is GET /api/sites/posts/{postId}/improvement" }),
    articleId: z.string().nullable(),
    fromUrl: z.string().nullable().openapi({ description: "A merge's weaker page: it redirects to `url` once applied" }),
    query: z.string().nullable(),
    targetQuery: z.string().nullable(),
    error: z.string().nullable().openapi({ description: "The error code of the last failed step" }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("HealthAction");

export const HealthActionResultSchema = HealthActionSchema.extend({
  replayed: z.boolean().openapi({ description: "true when the same action had been asked before: nothing was run or charged again" }),
}).openapi("HealthActionResult");

export const HealthActionListSchema = z.object({ items: z.array(HealthActionSchema) }).openapi("HealthActionList");

const query = plainText(z.string().trim().min(1).max(500));

export const CannibalActionBodySchema = z
  .object({
    query: query.openapi({ description: "The cannibalised query, as the list names it", example: "sourdough starter" }),
    action: z.enum(["merge", "differentiate"]),
    targetQuery: plainText(z.string().trim().min(1).max(200)).optional().openapi({
      description: "differentiate: the query the weaker page moves to (default: its busiest other query)",
      example: "rye sourdough starter",
    }),
  })
  .strict()
  .openapi("CannibalActionRequest");

export const TractionActionBodySchema = z
  .object({
    articleId: z
      .string()
      .regex(/^[1-9][0-9]{0,15}$/, "an article id")
      .openapi({ example: "42" }),
    action: z.enum(["improve", "merge", "noindex", "unpublish"]),
    intoUrl: z
      .url({ protocol: /^https?$/ })
      .max(2048)
      .optional()
      .openapi({
        description: "merge: the page to fold the article into (default: the list's mergeInto)",
      }),
  })
  .strict()
  .openapi("TractionActionRequest");

export const ActionParamsSchema = z.object({
  siteId: z.string().min(1).max(64),
  actionId: z.string().min(1).max(64).openapi({ example: "sha_3f9a0c1b7d2e4a68" }),
});

export function toHealthAction(row: ActionRow): z.infer<typeof HealthActionSchema> {
  return {
    id: row.id,
    siteId: row.siteId,
    kind: row.kind,
    state: row.state,
    url: row.url,
    postId: row.postId,
    articleId: row.articleId === null ? null : String(row.articleId),
    fromUrl: row.fromUrl,
    query: row.query,
    targetQuery: row.targetQuery,
    error: row.error,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export const SiteHealthSchema = z
  .object({
    score: z.number().int().min(0).max(100).openapi({
      description: "100 less each problem's part (docs/guides/site-health.md, One health view); 100 when nothing is wrong",
      example: 82,
    }),
    pace: z
      .object({
        newLast7Days: z.number().int().openapi({ description: "New articles the autopilot published on the site in the last 7 days" }),
        newLast28Days: z.number().int().openapi({ description: "…and in the last 28 days" }),
        maxNewPerWeek: z.number().int().openapi({ description: "The site's pace: its own setting, or the default from its size" }),
      })
      .openapi({ description: "New articles against the pace the site can carry (GET /api/sites/{siteId}, maxNewPerWeek)" }),
    cannibalized: z
      .number()
      .int()
      .openapi({ description: "Queries two or more pages compete for (GET /api/sites/{siteId}/cannibalization)" }),
    orphans: z.number().int().openapi({ description: "Pages no other page of the site links to (GET /api/sites/{siteId}/links)" }),
    broken: z.number().int().openapi({ description: "Links to an old slug or a missing page of the site (GET /api/sites/{siteId}/links)" }),
    noTraction: z
      .number()
      .int()
      .openapi({ description: "Articles 28+ days old with no traction (GET /api/sites/{siteId}/traction, state none)" }),
    decaying: z
      .number()
      .int()
      .openapi({ description: "Pages the weekly check found decaying, seasonal falls left out (GET /api/sites/{siteId}/decay)" }),
    checkedAt: z.string().openapi({ description: "When these figures were computed (now: nothing is cached)" }),
  })
  .openapi("SiteHealth");
