import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { modelsForAccount } from "../billing/account-models";
import { notFound } from "../core/errors";
import { validationHook } from "../core/validation";
import type { AppEnv } from "../http/context";
import { errorResponses, jsonContent } from "../http/openapi";
import { getSite } from "../sites/service";
import { accountLocale, defaultPlanName, defaultPublishMode } from "./defaults";
import { estimatePlan } from "./estimate";
import { PlanDefaultsQuerySchema, PlanDefaultsSchema, PlanEstimateSchema, PlanIdParamSchema } from "./schemas";

/** What a plan will be before one commits to it: its cost before approval, a new plan's defaults before creation. */
export const planEstimateRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

const tags = ["Plans"];

planEstimateRoutes.openapi(
  createRoute({
    method: "get",
    operationId: "estimatePlan",
    path: "/autopilot/plans/{planId}/estimate",
    tags,
    summary: "What approving the plan will cost, and the balance after",
    description:
      "`articles` counts the items not started yet (PLANNED, or SCHEDULED in an active plan); each is charged when its run starts, at the price the pipeline reserves: the article price of the account's text model, or the improvement price for an item set to improve (so `total` can be less than articles × pricePerArticle). Money as in GET /api/billing/balance: lira, two decimals. `balanceAfter` is negative when the balance does not cover the plan: the runs past it stop with 402 until a top-up. With the account's own model key (`byok`), nothing is charged in credits; each run takes one article of the monthly quota.",
    request: { params: PlanIdParamSchema },
    responses: { 200: jsonContent(PlanEstimateSchema, "The estimate"), ...errorResponses(400, 401, 403, 404) },
  }),
  async (c) => c.json(await estimatePlan(c.get("services"), c.get("caller").accountId, c.req.valid("param").planId), 200),
);

planEstimateRoutes.openapi(
  createRoute({
    method: "get",
    operationId: "getPlanDefaults",
    path: "/autopilot/plan-defaults",
    tags,
    summary: "What a new plan of the site gets when the request leaves it out: its publish mode (and why) and its name",
    description:
      "`publishMode` is `review` with reason `offline_writer` when the text provider is offline and the site is not a `.invalid` or loopback demo: offline placeholder articles never go live on a real site unless a mode is chosen. Otherwise `publish`.",
    request: { query: PlanDefaultsQuerySchema },
    responses: { 200: jsonContent(PlanDefaultsSchema, "The defaults"), ...errorResponses(400, 401, 403, 404) },
  }),
  async (c) => {
    const { accountId, siteIds } = c.get("caller");
    const db = c.get("db");
    const { siteId } = c.req.valid("query");
    // A member limited to other sites learns nothing of this one.
    if (siteIds && !siteIds.includes(siteId)) throw notFound("Site");
    const site = await getSite(db, accountId, siteId);
    const models = await modelsForAccount(c.get("services"), accountId);
    const mode = defaultPublishMode(site, models.text.offline);
    return c.json({ siteId: site.id, ...mode, name: defaultPlanName(site, await accountLocale(db, accountId), new Date()) }, 200);
  },
);
