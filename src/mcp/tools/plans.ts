import { z } from "@hono/zod-openapi";
import { eq } from "drizzle-orm";
import { publicArticleUrl } from "../../articles/urls";
import { planItems } from "../../db/schema";
import { runItemNow } from "../../pipeline/start";
import { createPlan } from "../../plans/create";
import { deletePlanItem, updatePlanItem } from "../../plans/items";
import { planPace } from "../../plans/pace";
import { getPlan, planItemDetail } from "../../plans/read";
import {
  CreatePlanBodySchema,
  PlanItemDetailSchema,
  PlanEstimateSchema,
  PlanItemSchema,
  PlanSchema,
  toPlan,
  toPlanItem,
  UpdatePlanItemBodySchema,
} from "../../plans/schemas";
import { approvePlan, pausePlan } from "../../plans/state";
import { estimatePlan } from "../../plans/estimate";
import { AppError } from "../../core/errors";
import { defineTool, describeFields, type ToolContext } from "../tool";

const planId = z.string().min(1).max(64).describe("A plan id, e.g. plan_…");
const itemId = z.string().min(1).max(64).describe("A plan item id from get_plan, e.g. item_…");

/** How often long work reports that it is still going. */
const PROGRESS_EVERY_MS = 2_000;

/**
 * Runs `work`, sending a progress notification now and every two seconds until it ends, with
 * what `describe` says about the state then (the item's stage, say).
 */
async function withProgress<T>(context: ToolContext, work: Promise<T>, describe: () => Promise<string>): Promise<T> {
  let step = 0;
  let done = false;
  const report = async () => {
    step += 1;
    await context.progress(await describe().catch(() => "working"), step).catch(() => {});
  };
  await report();
  const ticking = (async () => {
    while (!done) {
      await new Promise((resolve) => setTimeout(resolve, PROGRESS_EVERY_MS));
      if (!done) await report();
    }
  })();
  try {
    return await work;
  } finally {
    done = true;
    void ticking;
  }
}

const planRequest = describeFields(CreatePlanBodySchema.shape, {
  siteId: "The site to plan for: a site id from list_sites",
  articleCount: "How many articles the plan has, 1–100",
  cadencePerWeek: "Articles published per week once the plan is approved, 1–21",
  publishMode:
    "publish: live on the site; draft: posted there as a draft; review: each article waits as pending for publish_article. Default: publish, or review when the writer is offline and the site is real (the plan's warnings say so)",
  fromSearchConsole: "true: the site's Search Console queries ranked 8–30 that nothing targets join the keyword ideas (default false)",
  cluster: "A topic cluster: { pillarKeyword }; the first item is the pillar, the others spokes researched around it that link to it",
});

const itemChanges = describeFields(UpdatePlanItemBodySchema.shape, {
  title: "The item's new article title (plain text)",
  targetKeyword: "The new search keyword the article is written for",
  suggestion:
    "For an item with an overlap: improve (improve the overlapped post instead, charged as one improvement) or new (write a new article)",
});

const RunResultSchema = z.object({
  articleId: z.string(),
  url: z
    .string()
    .describe("Where the article was published; for a custom site or an article in review, its address in the public read API"),
});

export const planTools = [
  defineTool({
    name: "create_plan",
    title: "Create a content plan",
    description:
      "Researches keywords for the site (seeds from its brief and posts, volumes, competition), drops what the site already covers and titles the best articleCount as a DRAFT plan to curate and approve. Each item names its overlap with the site (a page already earning for the keyword, or another item on the same topic) and its suggestion: improve that page or write new. With cluster, a pillar and its spokes. Plans are free; takes up to a minute or two and reports progress.",
    input: planRequest,
    output: PlanSchema,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    run: async (input, context) => {
      const started = Date.now();
      const plan = await withProgress(
        context,
        createPlan(context.services, context.accountId, input),
        async () => `Researching keywords and writing titles (${Math.round((Date.now() - started) / 1000)} s)`,
      );
      return toPlan(plan, await planPace(context.services.db, plan.plan));
    },
  }),
  defineTool({
    name: "get_plan",
    title: "Get a plan",
    description:
      "A plan with its items in order: titles, target keywords, search volumes, status (DRAFT, SCHEDULED, GENERATING, PUBLISHED, FAILED…), when each is due, and its article once written.",
    input: { planId },
    output: PlanSchema,
    annotations: { readOnlyHint: true, openWorldHint: false },
    run: async ({ planId }, { services, accountId }) => {
      const plan = await getPlan(services.db, accountId, planId);
      return toPlan(plan, await planPace(services.db, plan.plan));
    },
  }),
  defineTool({
    name: "get_item_research",
    title: "Get a plan item's research",
    description:
      "What ranks for a plan item's keyword today, as its run researched it: the top 10 results, the People Also Ask questions, related searches and the top pages read as sources (headings and an excerpt each), plus why the item waits in REVIEW when the quality gate held it. research is null before the item's first run.",
    input: { itemId },
    output: PlanItemDetailSchema,
    annotations: { readOnlyHint: true, openWorldHint: false },
    run: async ({ itemId }, { services, accountId }) => planItemDetail(services.db, accountId, itemId),
  }),
  defineTool({
    name: "update_plan_item",
    title: "Change a plan item",
    description:
      "Changes an item's title, target keyword and/or suggestion before it is written (suggestion improve: the overlapped post is improved instead of writing a new article; new: a new article is written).",
    input: { itemId, ...itemChanges },
    output: PlanItemSchema,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    run: async ({ itemId, title, targetKeyword, suggestion }, { services, accountId }) => {
      if (title === undefined && targetKeyword === undefined && suggestion === undefined)
        throw new AppError("invalid_request", "Send title, targetKeyword, suggestion or several of them");
      return toPlanItem(await updatePlanItem(services.db, accountId, itemId, { title, targetKeyword, suggestion }));
    },
  }),
  defineTool({
    name: "delete_plan_item",
    title: "Remove a plan item",
    description: "Removes an item that has not been written yet from its plan.",
    input: { itemId },
    output: z.object({ deleted: z.literal(true), itemId: z.string() }),
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
    run: async ({ itemId }, { services, accountId }) => {
      await deletePlanItem(services.db, accountId, itemId);
      return { deleted: true as const, itemId };
    },
  }),
  defineTool({
    name: "approve_plan",
    title: "Approve a plan",
    description:
      "Spends credits: schedules a DRAFT (or paused) plan's items at its cadence; the autopilot then writes and publishes each when it is due, charging the article price each time (an item with suggestion improve is an improvement of its overlapped post, charged as one). Call estimate_plan first to tell the user the total; the answer is the plan with `estimate`, what the approval pays for as it stood before it. pace.exceeds says when the site's maxNewPerWeek cannot carry the cadence: items then wait (waitReason pace).",
    input: { planId },
    output: PlanSchema.extend({ estimate: PlanEstimateSchema }),
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    run: async ({ planId }, { services, accountId }) => {
      const estimate = await estimatePlan(services, accountId, planId);
      const plan = await approvePlan(services.db, accountId, planId);
      return { ...toPlan(plan, await planPace(services.db, plan.plan)), estimate };
    },
  }),
  defineTool({
    name: "pause_plan",
    title: "Pause a plan",
    description: "Stops an ACTIVE plan: nothing more is started until it is approved again (work already running finishes).",
    input: { planId },
    output: PlanSchema,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    run: async ({ planId }, { services, accountId }) => toPlan(await pausePlan(services.db, accountId, planId)),
  }),
  defineTool({
    name: "run_item",
    title: "Write and publish one item now",
    description:
      "Runs one plan item end to end now: write, check, illustrate, publish (or wait in review). Charged the article price (reserved first; refunded if it fails). Takes 2–5 minutes with a language model and reports the stage as progress.",
    input: { itemId },
    output: RunResultSchema,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    run: async ({ itemId }, context) => {
      const { services, accountId } = context;
      const stage = async () => {
        const [item] = await services.db
          .select({ status: planItems.status, stage: planItems.stage })
          .from(planItems)
          .where(eq(planItems.id, itemId));
        return item ? `${item.status}${item.stage ? `: ${item.stage}` : ""}` : "starting";
      };
      const { articleId, url } = await withProgress(context, runItemNow(services, accountId, itemId), stage);
      return { articleId: String(articleId), url: url ?? publicArticleUrl(services.config, articleId) };
    },
  }),
];
