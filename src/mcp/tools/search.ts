import { z } from "@hono/zod-openapi";
import { AppError } from "../../core/errors";
import { addPlanItem } from "../../plans/items";
import { AddPlanItemBodySchema, PlanItemSchema, toPlanItem } from "../../plans/schemas";
import { DecayPageSchema, MAX_DAYS, MIN_DAYS, PagePerformanceSchema, SitePerformanceSchema } from "../../search-console/analytics-schemas";
import { listDecay } from "../../search-console/decay";
import { listOpportunities } from "../../search-console/opportunities";
import { OpportunityListSchema } from "../../search-console/opportunity-schemas";
import { articlePerformance, postPerformance, sitePerformance } from "../../search-console/performance";
import { articleIdInput, defineTool, describeFields } from "../tool";

const siteId = z.string().min(1).max(64).describe("A site id from list_sites, e.g. site_b8Zq0Ls2Kd93Hw1P");
const days = z
  .number()
  .int()
  .min(MIN_DAYS)
  .max(MAX_DAYS)
  .default(28)
  .describe(
    `The window in days, ${MIN_DAYS}–${MAX_DAYS}, ending on the last day Search Console has final figures for; compared with the same number of days before`,
  );
const page = z.number().int().min(1).default(1).describe("The page of the list, from 1");
const perPage = z.number().int().min(1).max(100).default(20).describe("Items per page, 1–100");

export const searchTools = [
  defineTool({
    name: "get_search_performance",
    title: "Get what pages earn in Google Search",
    description:
      "Google Search Console figures: for a site (totals against the window before, a daily series, its pages by clicks) or, with articleId or postId, for one article or old post (clicks, impressions, CTR, average position, their change, the daily series and its top queries). A lower position is better. Figures come from the daily sync; syncedAt null means the site has not been synced yet.",
    input: {
      siteId: siteId.optional().describe("The site, for its totals and pages; give exactly one of siteId, articleId, postId"),
      articleId: articleIdInput.optional(),
      postId: z
        .string()
        .min(1)
        .max(64)
        .optional()
        .describe("An old post's id (list_decaying_pages names them), e.g. post_Q2nV8xkT0aLm3Rz1"),
      days,
      page,
      perPage,
    },
    output: z.object({ site: SitePerformanceSchema.nullable(), page: PagePerformanceSchema.nullable() }),
    annotations: { readOnlyHint: true, openWorldHint: false },
    run: async (input, { services, accountId }) => {
      const given = [input.siteId, input.articleId, input.postId].filter((value) => value !== undefined).length;
      if (given !== 1) throw new AppError("invalid_request", "Give exactly one of siteId, articleId or postId");
      if (input.siteId !== undefined)
        return {
          site: await sitePerformance(services, accountId, input.siteId, { days: input.days, page: input.page, perPage: input.perPage }),
          page: null,
        };
      const figures =
        input.articleId !== undefined
          ? await articlePerformance(services, accountId, input.articleId, input.days)
          : await postPerformance(services, accountId, input.postId!, input.days);
      return { site: null, page: figures };
    },
  }),
  defineTool({
    name: "list_decaying_pages",
    title: "List decaying pages",
    description:
      "The site's pages the weekly check found losing search traffic: clicks fell ≥ 40 %, average position worsened by ≥ 3, or CTR fell ≥ 30 % while impressions held (last 28 complete days against the 28 before), each with the numbers and the matched article or old post; seasonal ones fell the same way a year earlier. improve_post on a decaying old post is the usual cure.",
    input: { siteId, page, perPage },
    output: DecayPageSchema,
    annotations: { readOnlyHint: true, openWorldHint: false },
    run: async ({ siteId, page, perPage }, { services, accountId }) => listDecay(services, accountId, siteId, { page, perPage }),
  }),
  defineTool({
    name: "list_opportunities",
    title: "List search opportunities",
    description:
      "Queries the site already appears for at an average position of 8–30 (page one's bottom to page three) that no article or plan item targets yet, by impressions: each is a keyword worth an article of its own. add_plan_item puts one in a plan.",
    input: {
      siteId,
      page,
      perPage,
      minImpressions: z
        .number()
        .int()
        .min(1)
        .max(100_000)
        .default(10)
        .describe("Only queries with at least this many impressions over 28 days"),
    },
    output: OpportunityListSchema,
    annotations: { readOnlyHint: true, openWorldHint: false },
    run: async ({ siteId, page, perPage, minImpressions }, { services, accountId }) =>
      listOpportunities(services.db, accountId, siteId, { page, perPage, minImpressions }),
  }),
  defineTool({
    name: "add_plan_item",
    title: "Add a keyword to a plan",
    description:
      "Adds one article for a keyword (an opportunity's query, say) to a DRAFT, ACTIVE or PAUSED plan: PLANNED in a draft or paused plan, SCHEDULED at the plan's cadence after its last item in an active one (and then written and charged when due). Without a title the text model writes one. Refused when an item or article of the site already targets the same keyword.",
    input: {
      planId: z.string().min(1).max(64).describe("A plan id from create_plan, e.g. plan_Xq2b9LmT4kS0vW1z"),
      ...describeFields(AddPlanItemBodySchema.shape, {
        keyword: "The keyword the article targets, e.g. a query from list_opportunities",
        title: "The article's title; leave it out to have one written",
      }),
    },
    output: PlanItemSchema,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    run: async ({ planId, keyword, title }, { services, accountId }) =>
      toPlanItem(await addPlanItem(services, accountId, planId, { keyword, title })),
  }),
];
