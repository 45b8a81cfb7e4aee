import { ItemResearchSchema, ReviewReasonSchema } from "../research/schemas";
import { z } from "@hono/zod-openapi";
import { ERROR_CODES } from "../core/errors";
import { positiveIntParam } from "../core/pagination";
import { plainText } from "../core/plain-text";
import { CLUSTER_ROLES, ITEM_SUGGESTIONS, OVERLAP_KINDS, SEARCH_CONSOLE_NONE_REASONS, WAIT_REASONS } from "../db/schema";
import { ThingNameSchema } from "../sites/schemas";
import { COMPETITION_LEVELS, PIPELINE_STAGES, PLAN_ITEM_STATUSES, PLAN_STATUSES, PLAN_WARNING_CODES, PUBLISH_MODES } from "../db/schema";
import { keywordKey } from "./keyword-key";
import type { PlanItemOverlap } from "../db/schema";
import type { PlanPace } from "./pace";
import type { ItemCounts, PlanDetail, PlanItemRow, PlanRow } from "./read";

const wholeNumber = (name: string, min: number, max: number) =>
  z
    .number({ error: `${name} must be a whole number` })
    .int(`${name} must be a whole number`)
    .min(min, `${name} must be at least ${min}`)
    .max(max, `${name} must be at most ${max}`);

export const CreatePlanBodySchema = z
  .object({
    siteId: z.string().min(1).max(64).openapi({ example: "site_b8Zq0Ls2Kd93Hw1P" }),
    articleCount: wholeNumber("articleCount", 1, 100).openapi({ description: "Articles wanted, 1–100", example: 12 }),
    cadencePerWeek: wholeNumber("cadencePerWeek", 1, 21).openapi({
      description: "Articles published per week once approved, 1–21",
      example: 3,
    }),
    publishMode: z.enum(PUBLISH_MODES).optional().openapi({
      description:
        "`publish`: live on the platform; `draft`: posted there as a draft; `review`: the article waits as `pending` until you publish it. Without it: `publish`, or `review` when the text provider is offline and the site is not a `.invalid` or loopback demo (GET /api/autopilot/plan-defaults says which, and why); a mode you send is kept",
    }),
    cluster: z
      .object({
        pillarKeyword: plainText(z.string().trim().min(1).max(100), { noMarkup: true })
          .refine((keyword) => keywordKey(keyword) !== "", {
            message: "pillarKeyword must name a topic, not only words such as 'the' or 'how'",
          })
          .openapi({ example: "sourdough bread" }),
      })
      .strict()
      .optional()
      .openapi({
        description:
          "A topic cluster: the first item is the pillar (this keyword), the others spokes researched around it; each spoke's article links to the pillar's page",
      }),
    fromSearchConsole: z.boolean().default(false).openapi({
      description:
        "Plan from Search Console: the site's top opportunities (GET /api/sites/{siteId}/opportunities, up to 3 per article) join research's keyword ideas and seeds; `warnings` names the items that came from them, or says the site has no Search Console data yet",
    }),
  })
  .strict()
  .openapi("CreatePlanRequest");

export const AddPlanItemBodySchema = z
  .object({
    keyword: plainText(z.string().trim().min(1).max(100), { noMarkup: true })
      .refine((keyword) => keywordKey(keyword) !== "", { message: "keyword must name a topic, not only words such as 'the' or 'how'" })
      .openapi({
        description: "The keyword to target, e.g. a query of GET /api/sites/{siteId}/opportunities",
        example: "sourdough starter ratio",
      }),
    title: plainText(z.string().trim().min(1).max(200), { noMarkup: true })
      .optional()
      .openapi({ description: "The article's title; without it the text model writes one" }),
  })
  .strict()
  .openapi("AddPlanItemRequest");

export const PlanItemOverlapSchema = z
  .object({
    kind: z.enum(OVERLAP_KINDS).openapi({
      description:
        "`page`: a page of the site already earns impressions for the keyword or a close variant at average position ≤ 30; `item`: another item or article of the site whose research shares ≥ 4 top-10 URLs with the keyword's",
    }),
    url: z.string().nullable().openapi({ description: "The overlapped page; null for an item not published yet" }),
    articleId: z.string().optional(),
    postId: z.string().optional().openapi({ description: "The overlapped post of the site's inventory: what an improvement works on" }),
    itemId: z.string().optional(),
    query: z.string().optional().openapi({ description: "The Search Console query the page earns for" }),
    position: z.number().optional().openapi({ description: "The page's average position for the query over 28 days" }),
    impressions: z.number().int().optional(),
    sharedResults: z.number().int().optional().openapi({ description: "Top-10 URLs the two keywords' research share" }),
  })
  .openapi("PlanItemOverlap");

export const PlanPaceSchema = z
  .object({
    maxNewPerWeek: z.number().int().openapi({ description: "The site's pace: its own setting, or the default from its size" }),
    planned: z
      .number()
      .int()
      .openapi({ description: "New articles a week the site's active plans publish at their cadence (with this plan)" }),
    exceeds: z
      .boolean()
      .openapi({ description: "True when planned > maxNewPerWeek: items wait (waitReason pace); raise it with PATCH /api/sites/{siteId}" }),
  })
  .openapi("PlanPace");

export const PlanIdParamSchema = z.object({ planId: z.string().min(1).max(64) });
export const ItemIdParamSchema = z.object({ itemId: z.string().min(1).max(64) });

export const UpdatePlanItemBodySchema = z
  .object({
    title: plainText(z.string().trim().min(1).max(200), { noMarkup: true }).optional(),
    targetKeyword: plainText(z.string().trim().min(1).max(100), { noMarkup: true }).optional(),
    suggestion: z.enum(ITEM_SUGGESTIONS).optional().openapi({
      description:
        "`new`: write a new article although the keyword overlaps a page; `improve`: improve the overlapped post instead (409 item_not_improvable when the overlap names no post)",
    }),
  })
  .strict()
  .refine((body) => body.title !== undefined || body.targetKeyword !== undefined || body.suggestion !== undefined, {
    message: "Send title, targetKeyword, suggestion or several of them",
  })
  .openapi("UpdatePlanItemRequest");

export const PlanItemSchema = z
  .object({
    id: z.string().openapi({ example: "item_Qw3Er5Ty7Ui9Op1A" }),
    position: z.number().int().openapi({ description: "Order in the plan, from 1" }),
    title: z.string(),
    targetKeyword: z.string(),
    monthlyVolume: z
      .number()
      .int()
      .openapi({ description: "Average monthly searches, as research measured (estimates when the plan's research says so)" }),
    competition: z.enum(COMPETITION_LEVELS),
    status: z.enum(PLAN_ITEM_STATUSES).openapi({
      description:
        "PLANNED (draft plan), SCHEDULED, QUEUED, GENERATING (a run is under way; see stage, lastError, stageTry, nextTryAt), REVIEW (written; the article waits as pending for POST /api/autopilot/articles/{id}/publish), PUBLISHED, FAILED (see failureReason)",
    }),
    scheduledAt: z.string().nullable().openapi({ description: "When the autopilot starts the item (SCHEDULED); null otherwise" }),
    failureReason: z.string().nullable().openapi({ description: "Why the last run failed, in English; `failureCode` says it by code" }),
    failureCode: z.enum(ERROR_CODES).nullable().openapi({
      description: "The error code of the last failure (docs/errors.md); null when none, or for failures recorded before codes were",
    }),
    runs: z.number().int().openapi({ description: "Runs started so far (a FAILED item can be run again)" }),
    stage: z.enum(PIPELINE_STAGES).nullable().openapi({
      description: "The stage of the pipeline the current or last run reached; null before the first run",
    }),
    lastError: z
      .string()
      .nullable()
      .openapi({ description: "While a run struggles: the last error of its current step, which the run retries on its own" }),
    stageTry: z.number().int().openapi({ description: "Which try of the current stage the run is on (1 on entering it)" }),
    nextTryAt: z.string().nullable().openapi({ description: "When the struggling step is tried again; null when no retry is waiting" }),
    automaticRetries: z.number().int().openapi({
      description:
        "Runs the clock started again after a failure (at most 3, after 1 h, 4 h and 12 h); the item stays FAILED after the last",
    }),
    articleId: z.string().nullable().openapi({ description: "The article written for the item, once there is one" }),
    url: z.string().nullable().openapi({ description: "Where the article was published, once it is" }),
    reviewReasons: z.array(ReviewReasonSchema).openapi({
      description:
        "REVIEW because the quality gate or the fact check held the article back (after its rewrite): what fell short. Empty otherwise (also when the plan's mode is review)",
    }),
    overlap: PlanItemOverlapSchema.nullable(),
    suggestion: z.enum(ITEM_SUGGESTIONS).nullable().openapi({
      description:
        "With an overlap: `improve` (approving runs an improvement of the overlapped post, charged as one, instead of writing a competitor) or `new` (a new article is written); null without an overlap. Switch it with PATCH /api/autopilot/items/{itemId}",
    }),
    cluster: z
      .object({
        role: z.enum(CLUSTER_ROLES),
        pillarItemId: z.string().nullable().openapi({ description: "The pillar item of a spoke; null for the pillar" }),
      })
      .nullable()
      .openapi({ description: "The item's place in its plan's topic cluster; null outside a cluster" }),
    waitReason: z.enum(WAIT_REASONS).nullable().openapi({
      description:
        "Why a SCHEDULED item waits past its first time: `pace`, the site's maxNewPerWeek new articles in 7 days are reached; `scheduledAt` is its next date",
    }),
    researched: z
      .boolean()
      .openapi({ description: "Whether the keyword's live results were researched: GET /api/autopilot/items/{itemId} has them" }),
  })
  .openapi("PlanItem");

export const PlanItemDetailSchema = PlanItemSchema.extend({
  planId: z.string(),
  siteId: z.string(),
  research: ItemResearchSchema.nullable().openapi({
    description: "What ranks for the keyword: results, questions and the sources read; null before the first run researched it",
  }),
}).openapi("PlanItemDetail");

const ItemCountsSchema = z
  .object(
    Object.fromEntries(PLAN_ITEM_STATUSES.map((status) => [status, z.number().int()])) as Record<
      (typeof PLAN_ITEM_STATUSES)[number],
      z.ZodNumber
    >,
  )
  .openapi("PlanItemCounts");

const PlanResearchSchema = z
  .object({
    keywordProvider: z.string(),
    textProvider: z.string(),
    textModel: z.string(),
    volumesAreEstimates: z.boolean(),
    seeds: z.array(z.string()),
    ideasFound: z.number().int(),
    ideasUsable: z.number().int(),
    costUsd: z.number().openapi({ description: "What the research providers reported it cost, in US dollars" }),
    inputTokens: z.number().int(),
    outputTokens: z.number().int(),
  })
  .openapi("PlanResearch");

export const PlanWarningDetailSchema = z
  .object({
    code: z.enum([...PLAN_WARNING_CODES, "note"]).openapi({
      description:
        "fewer_keywords (params found, wanted, ideas, covered): research found fewer keywords than articles asked for; offline_research: volumes are estimates; offline_writer: titles come from the offline writer; no_search_console_data: a plan from Search Console found no synced queries; search_console_keywords (params items, opportunities): items that target a Search Console query (`warnings` names them); review_by_default: no mode was chosen, the writer is offline and the site is real, so the plan waits for review; note: a plan made before warnings had codes (read `warnings`)",
    }),
    params: z.record(z.string(), z.number()),
  })
  .openapi("PlanWarningDetail");

export const PlanSearchConsoleSchema = z
  .object({
    opportunities: z
      .number()
      .int()
      .openapi({ description: "Search Console opportunities (queries at positions 8–30) the plan was offered" }),
    used: z.number().int().openapi({ description: "Items that target one of them" }),
    noneBecause: z.enum(SEARCH_CONSOLE_NONE_REASONS).nullable().openapi({
      description:
        "Why no item came from Search Console: no_sync (no sync has stored the site's queries yet), none_in_range (no query at positions 8–30 with 10+ impressions), all_targeted (every such query is already targeted or covered by the site's posts, plans or articles, or is a topic the brief avoids), outranked (some were usable, but research found keywords with more searches for every item); null when some did",
    }),
  })
  .openapi("PlanSearchConsole");

const planFields = {
  id: z.string().openapi({ example: "plan_Zx8Cv6Bn4Ml2Kj0H" }),
  name: z.string().nullable().openapi({
    description:
      'What the plan is called: "<site name> · <month year>" in the account\'s language when made, editable with PATCH; null for plans made before plans had names',
    example: "Fırın Blogu · Kasım 2026",
  }),
  siteId: z.string(),
  status: z.enum(PLAN_STATUSES),
  articleCount: z.number().int().openapi({ description: "Articles asked for" }),
  cadencePerWeek: z.number().int(),
  publishMode: z.enum(PUBLISH_MODES),
  warnings: z
    .array(z.string())
    .openapi({ description: "Why the plan deserves a second look, in English; `warningDetails` says the same by code" }),
  warningDetails: z.array(PlanWarningDetailSchema),
  research: PlanResearchSchema,
  fromSearchConsole: PlanSearchConsoleSchema.nullable().openapi({
    description: "A plan made with fromSearchConsole: how many opportunities it used, and why none when none; null when the option was off",
  }),
  counts: ItemCountsSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  approvedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
};

export const PlanSummarySchema = z.object(planFields).openapi("PlanSummary");
export const PlanSchema = z
  .object({
    ...planFields,
    cluster: z
      .object({ pillarKeyword: z.string(), pillarItemId: z.string().nullable(), spokeItemIds: z.array(z.string()) })
      .nullable()
      .openapi({ description: "A topic cluster plan: its pillar and spokes; null otherwise" }),
    pace: PlanPaceSchema.nullable().openapi({
      description: "Whether the site's pace carries the plan's cadence (null on answers that do not compute it)",
    }),
    items: z.array(PlanItemSchema),
  })
  .openapi("Plan");

export const PlanListQuerySchema = z.object({
  page: positiveIntParam("page", 100_000, 1, "Page number, from 1"),
  per_page: positiveIntParam("per_page", 100, 20, "Plans per page, 1 to 100"),
});

export const AccountItemQuerySchema = z.object({
  status: z
    .enum(PLAN_ITEM_STATUSES)
    .optional()
    .openapi({ description: "Only items in this status; SCHEDULED items come soonest first, others most recently changed first" }),
  siteId: z.string().min(1).max(64).optional().openapi({ description: "Only items of this site" }),
  page: positiveIntParam("page", 100_000, 1, "Page number, from 1"),
  per_page: positiveIntParam("per_page", 100, 20, "Items per page, 1 to 100"),
});

export const AccountPlanItemSchema = PlanItemSchema.extend({ planId: z.string(), siteId: z.string() }).openapi("AccountPlanItem");

export function toPlanSummary(plan: PlanRow, counts: ItemCounts): z.infer<typeof PlanSummarySchema> {
  return {
    id: plan.id,
    name: plan.name ?? null,
    siteId: plan.siteId,
    status: plan.status,
    articleCount: plan.articleCount,
    cadencePerWeek: plan.cadencePerWeek,
    publishMode: plan.publishMode,
    warnings: plan.warnings.map((warning) => (typeof warning === "string" ? warning : warning.message)),
    warningDetails: plan.warnings.map((warning) =>
      typeof warning === "string" ? { code: "note" as const, params: {} } : { code: warning.code, params: warning.params },
    ),
    research: plan.research,
    fromSearchConsole: plan.searchConsole ?? null,
    counts,
    createdAt: plan.createdAt,
    updatedAt: plan.updatedAt,
    approvedAt: plan.approvedAt,
    completedAt: plan.completedAt,
  };
}

/** An item as answered; `articleUrl` is known on reads that join the article (null or absent otherwise). */
export function toPlanItem(item: PlanItemRow & { articleUrl?: string | null }): z.infer<typeof PlanItemSchema> {
  return {
    id: item.id,
    position: item.position,
    title: item.title,
    targetKeyword: item.targetKeyword,
    monthlyVolume: item.monthlyVolume,
    competition: item.competition,
    status: item.status,
    scheduledAt: item.scheduledAt,
    failureReason: item.failureReason,
    failureCode: item.failureCode ?? null,
    runs: item.attempts,
    stage: item.stage,
    lastError: item.lastError,
    stageTry: item.stageTry,
    nextTryAt: item.nextTryAt,
    automaticRetries: item.autoRetries,
    articleId: item.articleId === null ? null : String(item.articleId),
    url: item.articleUrl ?? null,
    reviewReasons: item.reviewReasons ?? [],
    overlap: item.overlap ? toOverlap(item.overlap) : null,
    suggestion: item.suggestion ?? null,
    cluster: item.clusterRole ? { role: item.clusterRole, pillarItemId: item.pillarItemId } : null,
    waitReason: item.waitReason ?? null,
    researched: item.researchId !== null,
  };
}

function toOverlap(overlap: PlanItemOverlap): z.infer<typeof PlanItemOverlapSchema> {
  const { articleId, ...rest } = overlap;
  return { ...rest, ...(articleId !== undefined ? { articleId: String(articleId) } : {}) };
}

export function toPlan(detail: PlanDetail, pace: PlanPace | null = null): z.infer<typeof PlanSchema> {
  const pillar = detail.items.find((item) => item.clusterRole === "pillar");
  return {
    ...toPlanSummary(detail.plan, detail.counts),
    cluster: detail.plan.cluster
      ? {
          pillarKeyword: detail.plan.cluster.pillarKeyword,
          pillarItemId: pillar?.id ?? null,
          spokeItemIds: detail.items.filter((item) => item.clusterRole === "spoke").map((item) => item.id),
        }
      : null,
    pace,
    items: detail.items.map(toPlanItem),
  };
}

export const UpdatePlanBodySchema = z
  .object({
    name: ThingNameSchema.openapi({
      description: "The plan's name: 1–80 characters of plain text (trimmed), no control characters or markup",
      example: "Fırın Blogu · Aralık kampanyası",
    }),
  })
  .strict()
  .openapi("UpdatePlanRequest");

export const PlanEstimateSchema = z
  .object({
    articles: z.number().int().openapi({
      description:
        "The items approving pays for: those not started yet (PLANNED, or SCHEDULED in an active plan); each run is charged once when it starts",
      example: 12,
    }),
    pricePerArticle: z.string().openapi({
      description: "Turkish lira as a decimal string with two places: what one run of the plan is charged (0.00 with your own model key)",
      example: "45.00",
    }),
    total: z
      .string()
      .openapi({ description: "articles × the price of each (an item set to improve is charged as an improvement)", example: "540.00" }),
    balance: z.string().openapi({ description: "The credit balance now", example: "600.00" }),
    balanceAfter: z.string().openapi({
      description:
        "balance − total; negative when the balance does not cover the plan (runs past that point stop with 402 until you top up)",
      example: "60.00",
    }),
    byok: z.boolean().openapi({
      description:
        "The account brings its own model key (BYOK): no credit is taken (price and total 0.00); each run uses one article of the licence's monthly quota instead",
    }),
  })
  .openapi("PlanEstimate");

export const PlanDefaultsQuerySchema = z.object({ siteId: z.string().min(1).max(64).openapi({ description: "The site the plan is for" }) });

export const PlanDefaultsSchema = z
  .object({
    siteId: z.string(),
    publishMode: z.enum(PUBLISH_MODES).openapi({ description: "The mode a new plan of the site gets when none is chosen" }),
    reason: z.enum(["offline_writer"]).nullable().openapi({
      description:
        "Why it is not `publish`: offline_writer, the text provider is offline and the site is not a `.invalid` or loopback demo, so placeholder articles would go live on a real site; null for `publish`",
    }),
    name: z.string().openapi({ description: "The name a new plan of the site gets", example: "Fırın Blogu · Kasım 2026" }),
  })
  .openapi("PlanDefaults");
