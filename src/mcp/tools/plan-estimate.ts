import { z } from "@hono/zod-openapi";
import { estimatePlan } from "../../plans/estimate";
import { renamePlan } from "../../plans/rename";
import { PlanEstimateSchema, PlanSchema, toPlan, UpdatePlanBodySchema } from "../../plans/schemas";
import { planPace } from "../../plans/pace";
import { defineTool } from "../tool";

const planId = z.string().min(1).max(64).describe("A plan id, e.g. plan_…");

/** What a plan will cost before approve_plan spends it, and the plan's name. */
export const planEstimateTools = [
  defineTool({
    name: "estimate_plan",
    title: "Estimate a plan's cost",
    description:
      "What approving the plan will charge before anything is spent: articles (the items not started yet), pricePerArticle, total, the credit balance now and balanceAfter (negative: the balance does not cover it), in Turkish lira with two decimals; byok true means the account's own model key is used, so nothing is charged in credits and each run takes one article of the monthly quota.",
    input: { planId },
    output: PlanEstimateSchema,
    annotations: { readOnlyHint: true, openWorldHint: false },
    run: async ({ planId }, { services, accountId }) => estimatePlan(services, accountId, planId),
  }),
  defineTool({
    name: "rename_plan",
    title: "Rename a plan",
    description:
      "Gives a plan a new name (1–80 characters of plain text), shown in plan lists instead of its default '<site> · <month year>'.",
    input: { planId, name: UpdatePlanBodySchema.shape.name.describe("The plan's new name") },
    output: PlanSchema,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    run: async ({ planId, name }, { services, accountId }) => {
      const plan = await renamePlan(services.db, accountId, planId, name);
      return toPlan(plan, await planPace(services.db, plan.plan));
    },
  }),
];
