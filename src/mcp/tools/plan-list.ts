import { z } from "@hono/zod-openapi";
import { listPlans } from "../../plans/read";
import { PlanSummarySchema, toPlanSummary } from "../../plans/schemas";
import { defineTool, pagedOutput } from "../tool";

/** The account's plans by name, as GET /api/autopilot/plans lists them. */
export const planListTools = [
  defineTool({
    name: "list_plans",
    title: "List plans",
    description:
      "The account's content plans, newest first, each with its name ('<site> · <month year>' unless renamed; null for plans made before plans had names), site, status, publish mode and item counts by status. Page through with page and perPage (hasMore says whether there is more); get_plan gives one plan's items.",
    input: {
      page: z.number().int().min(1).max(100_000).default(1).describe("Page number, from 1"),
      perPage: z.number().int().min(1).max(100).default(20).describe("Plans per page, 1 to 100 (default 20)"),
    },
    output: pagedOutput(PlanSummarySchema),
    annotations: { readOnlyHint: true, openWorldHint: false },
    run: async ({ page, perPage }, { services, accountId, siteIds }) => {
      const { rows, total } = await listPlans(services.db, accountId, { page, perPage, siteIds });
      const totalPages = Math.ceil(total / perPage);
      const items = rows.map(({ plan, counts }) => toPlanSummary(plan, counts));
      return { items, page, perPage, total, totalPages, hasMore: page < totalPages };
    },
  }),
];
