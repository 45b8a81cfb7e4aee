import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { validationHook } from "../core/validation";
import type { AppEnv } from "../http/context";
import { errorResponses, jsonContent } from "../http/openapi";
import { SiteIdParamSchema } from "../sites/schemas";
import { listOpportunities } from "./opportunities";
import { OpportunityListSchema, OpportunityQuerySchema } from "./opportunity-schemas";

/** Search Console opportunities: queries a site almost ranks for that nothing targets yet. */
export const opportunityRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

opportunityRoutes.openapi(
  createRoute({
    method: "get",
    operationId: "listSearchOpportunities",
    path: "/sites/{siteId}/opportunities",
    tags: ["Plans"],
    summary: "Queries the site ranks 8–30 for that no article or plan item targets, by impressions",
    description:
      "From the last Search Console sync (the 28 complete days it read): each query's impressions and clicks summed over the site's pages, its position the impression-weighted average, and the page with the most impressions. Kept: average position 8–30 and at least `min_impressions` impressions; dropped: queries whose keyword an article or plan item of the site already targets (the same words in any order or case). Add one to a plan with POST /api/autopilot/plans/{planId}/items, or build a plan from them with `fromSearchConsole`. Empty before the first sync.",
    request: { params: SiteIdParamSchema, query: OpportunityQuerySchema },
    responses: {
      200: jsonContent(OpportunityListSchema, "A page of opportunities, most impressions first"),
      ...errorResponses(400, 401, 403, 404),
    },
  }),
  async (c) => {
    const { page, per_page: perPage, min_impressions: minImpressions } = c.req.valid("query");
    const list = await listOpportunities(c.get("db"), c.get("caller").accountId, c.req.valid("param").siteId, {
      page,
      perPage,
      minImpressions,
    });
    return c.json(list, 200);
  },
);
