import { z } from "@hono/zod-openapi";
import { pageSchema, PageQuerySchema, wholeNumberParam } from "../core/pagination";
import { DECAY_REASONS } from "../db/schema";

export const MIN_DAYS = 7;
export const MAX_DAYS = 90;

const DaysParam = wholeNumberParam("days")
  .pipe(
    z
      .number()
      .int("days must be a whole number")
      .min(MIN_DAYS, `days must be at least ${MIN_DAYS}`)
      .max(MAX_DAYS, `days must be at most ${MAX_DAYS}`),
  )
  .default(28)
  .openapi({
    type: "integer",
    minimum: MIN_DAYS,
    maximum: MAX_DAYS,
    default: 28,
    example: 28,
    param: { description: "The window's length in days (7–90), ending on the last day the sync read; compared with as many days before" },
  });

export const DaysQuerySchema = z.object({ days: DaysParam });
export const SitePerformanceQuerySchema = PageQuerySchema.extend({ days: DaysParam });
export const PostPerformanceParamSchema = z.object({ postId: z.string().min(1).max(64).openapi({ example: "post_Q2nV8xkT0aLm3Rz1" }) });
export const ArticlePerformanceParamSchema = z.object({ articleId: z.string().min(1).max(20).openapi({ example: "1042" }) });

const WindowSchema = z
  .object({
    start: z.string().openapi({ description: "First day (YYYY-MM-DD, Pacific time as Search Console counts)", example: "2026-10-26" }),
    end: z.string().openapi({ description: "Last day, included", example: "2026-11-22" }),
    days: z.number().int().openapi({ example: 28 }),
  })
  .openapi("SearchWindow");

export const FiguresSchema = z
  .object({
    clicks: z.number().int(),
    impressions: z.number().int(),
    ctr: z
      .number()
      .openapi({ description: "clicks / impressions, to 4 places (0.0421 is 4.21 %); 0 without impressions", example: 0.0421 }),
    position: z.number().nullable().openapi({
      description: "Average position weighted by impressions, to 1 place (1 is the top); null without impressions",
      example: 7.3,
    }),
  })
  .openapi("SearchFigures");

const DailyPointSchema = FiguresSchema.extend({ date: z.string().openapi({ example: "2026-11-22" }) }).openapi("SearchDay");

const ChangeSchema = z
  .object({
    clicks: z.number().int(),
    impressions: z.number().int(),
    ctr: z.number(),
    position: z
      .number()
      .nullable()
      .openapi({ description: "Positive: the page moved down (further from the top); null when a window has no impressions" }),
  })
  .openapi("SearchChange", { description: "The window minus the window before" });

const SitePageSchema = FiguresSchema.extend({
  url: z.string().openapi({ description: "The page as Search Console names it" }),
  clicksChange: z.number().int().openapi({ description: "Clicks minus the window before's" }),
  positionChange: z.number().nullable().openapi({ description: "Position minus the window before's; positive is worse" }),
  articleId: z.string().nullable().openapi({ description: "Our article at this URL, matched by normalised URL" }),
  postId: z.string().nullable().openapi({ description: "The existing post at this URL, matched by normalised URL" }),
}).openapi("SearchPage");

export const SitePerformanceSchema = z
  .object({
    siteId: z.string(),
    property: z.string().nullable().openapi({ description: "The Search Console property the figures come from; null until chosen" }),
    window: WindowSchema,
    previousWindow: WindowSchema,
    totals: FiguresSchema.openapi({ description: "Search Console's own totals for the property over the window" }),
    previousTotals: FiguresSchema,
    daily: z.array(DailyPointSchema).openapi({ description: "One point per day of the window; a day without data is zeros" }),
    pages: pageSchema(SitePageSchema, "SearchPagePage").openapi({
      description: "The pages with figures in either window, most clicks first (page, per_page)",
    }),
    syncedAt: z
      .string()
      .nullable()
      .openapi({ description: "When the last sync finished; null before the first (every figure is then zero)" }),
  })
  .openapi("SitePerformance");

export const PagePerformanceSchema = z
  .object({
    url: z.string().nullable().openapi({ description: "The article's publication URL or the post's URL; null for an unpublished article" }),
    matched: z.boolean().openapi({ description: "A Search Console page has this URL (normalised); false: every figure is zero" }),
    pageUrl: z.string().nullable().openapi({ description: "The matched page as Search Console names it" }),
    window: WindowSchema,
    previousWindow: WindowSchema,
    current: FiguresSchema,
    previous: FiguresSchema,
    change: ChangeSchema,
    daily: z.array(DailyPointSchema),
    topQueries: z
      .array(FiguresSchema.extend({ query: z.string() }))
      .openapi({ description: "The page's 10 queries with the most clicks over the last 28 complete days (whatever `days` is)" }),
    syncedAt: z.string().nullable(),
  })
  .openapi("PagePerformance");

const DecayItemSchema = z
  .object({
    url: z.string(),
    reason: z.enum(DECAY_REASONS).openapi({
      description:
        "clicks_fell (≥ 40 % fewer clicks, from ≥ 10), position_fell (≥ 3 places lower, ≥ 20 impressions in both windows), ctr_fell (CTR ≤ 70 % of before while impressions held ≥ 80 %, from ≥ 100 impressions)",
    }),
    seasonal: z.boolean().openapi({ description: "The page fell the same way a year earlier: a season, never refreshed automatically" }),
    current: FiguresSchema,
    previous: FiguresSchema,
    clicksLost: z.number().int(),
    articleId: z.string().nullable(),
    postId: z.string().nullable(),
    postTitle: z.string().nullable().openapi({ description: "The existing post's title, when the page is one" }),
    detectedAt: z.string(),
  })
  .openapi("DecayingPage");

export const DecayPageSchema = pageSchema(DecayItemSchema, "DecayingPagePage")
  .extend({
    window: WindowSchema.nullable().openapi({
      description: "The 28 days the last check compared with the 28 before; null before any check",
    }),
    checkedAt: z.string().nullable().openapi({ description: "When the weekly check last ran" }),
    checkedPages: z.number().int().nullable().openapi({
      description: "How many pages with figures the last check compared (0: the site had none yet); null before any check",
      example: 24,
    }),
  })
  .openapi("DecayList");
