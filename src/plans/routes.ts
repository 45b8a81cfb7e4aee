import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { pageSchema } from "../core/pagination";
import { validationHook } from "../core/validation";
import type { AppEnv } from "../http/context";
import { errorResponses, jsonBody, jsonContent } from "../http/openapi";
import { createPlan } from "./create";
import { addPlanItem, deletePlanItem, updatePlanItem } from "./items";
import { getPlan, listAccountItems, listPlans, planItemDetail } from "./read";
import {
  AddPlanItemBodySchema,
  PlanItemDetailSchema,
  AccountItemQuerySchema,
  AccountPlanItemSchema,
  CreatePlanBodySchema,
  ItemIdParamSchema,
  PlanIdParamSchema,
  PlanItemSchema,
  PlanListQuerySchema,
  PlanSchema,
  PlanSummarySchema,
  toPlan,
  toPlanItem,
  toPlanSummary,
  UpdatePlanBodySchema,
  UpdatePlanItemBodySchema,
} from "./schemas";
import { renamePlan } from "./rename";
import { planPace } from "./pace";
import { approvePlan, pausePlan } from "./state";

/** Content plans: create from keyword research, list, read, approve, pause, curate items. */
export const planRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

const tags = ["Plans"];

planRoutes.openapi(
  createRoute({
    method: "post",
    operationId: "createPlan",
    path: "/autopilot/plans",
    tags,
    summary: "Build a content plan from keyword research (takes up to 1–2 minutes)",
    description:
      "The text model proposes seed keywords from the site's brief and posts; keyword research runs in the site's language; keywords the site already covers (post titles and slugs, earlier plans, articles) are dropped, near-duplicates grouped, and the best `articleCount` by volume and competition kept and titled. When research yields fewer usable keywords, the plan has fewer items and `warnings` says so. With `fromSearchConsole`, the site's Search Console opportunities (queries it ranks 8–30 for) join the ideas and the seeds: a query research measured takes its volume, another its 28-day impressions as a month. Each keyword is compared with the site: a page already earning impressions for it or a close variant at position ≤ 30, or another item or article whose research shares ≥ 4 top-10 URLs, is its `overlap`, and `suggestion` says whether approving improves that page or writes new; a plan keeps one item per topic. With `cluster`, the first item is the pillar and the others spokes researched around it. The plan starts as DRAFT: curate its items, then approve it.",
    request: { body: jsonBody(CreatePlanBodySchema) },
    responses: { 201: jsonContent(PlanSchema, "The new DRAFT plan"), ...errorResponses(400, 401, 403, 404, 409, 422, 502, 504) },
  }),
  async (c) => {
    const plan = await createPlan(c.get("services"), c.get("caller").accountId, c.req.valid("json"));
    return c.json(toPlan(plan, await planPace(c.get("db"), plan.plan)), 201);
  },
);

planRoutes.openapi(
  createRoute({
    method: "get",
    operationId: "listPlans",
    path: "/autopilot/plans",
    tags,
    summary: "List plans, newest first, with item counts by status",
    request: { query: PlanListQuerySchema },
    responses: { 200: jsonContent(pageSchema(PlanSummarySchema, "PlanPage"), "A page of plans"), ...errorResponses(400, 401, 403) },
  }),
  async (c) => {
    const { page, per_page: perPage } = c.req.valid("query");
    const { rows, total } = await listPlans(c.get("db"), c.get("caller").accountId, { page, perPage, siteIds: c.get("caller").siteIds });
    return c.json(
      { items: rows.map(({ plan, counts }) => toPlanSummary(plan, counts)), page, perPage, total, totalPages: Math.ceil(total / perPage) },
      200,
    );
  },
);

planRoutes.openapi(
  createRoute({
    method: "get",
    operationId: "getPlan",
    path: "/autopilot/plans/{planId}",
    tags,
    summary: "A plan with its items: status, schedule, and the article id and URL once published",
    request: { params: PlanIdParamSchema },
    responses: { 200: jsonContent(PlanSchema, "The plan"), ...errorResponses(401, 403, 404) },
  }),
  async (c) => {
    const plan = await getPlan(c.get("db"), c.get("caller").accountId, c.req.valid("param").planId);
    return c.json(toPlan(plan, await planPace(c.get("db"), plan.plan)), 200);
  },
);

planRoutes.openapi(
  createRoute({
    method: "patch",
    operationId: "updatePlan",
    path: "/autopilot/plans/{planId}",
    tags,
    summary: "Rename a plan",
    description: "`name` is 1–80 characters of plain text, trimmed; a plan of any status can be renamed.",
    request: { params: PlanIdParamSchema, body: jsonBody(UpdatePlanBodySchema) },
    responses: { 200: jsonContent(PlanSchema, "The plan"), ...errorResponses(400, 401, 403, 404) },
  }),
  async (c) => {
    const plan = await renamePlan(c.get("db"), c.get("caller").accountId, c.req.valid("param").planId, c.req.valid("json").name);
    return c.json(toPlan(plan, await planPace(c.get("db"), plan.plan)), 200);
  },
);

planRoutes.openapi(
  createRoute({
    method: "post",
    operationId: "approvePlan",
    path: "/autopilot/plans/{planId}/approve",
    tags,
    summary: "Approve (or resume) a plan: DRAFT or PAUSED → ACTIVE",
    description:
      "Starts paid work: GET /api/autopilot/plans/{planId}/estimate says what it will cost first. Spreads the items not started yet at the plan's cadence from now, the first at once (3 a week: one every 56 hours). Approving an ACTIVE plan changes nothing and answers the plan. 409 for a COMPLETED plan or one without items. `pace.exceeds` says when the site's active plans publish more new articles a week than its `maxNewPerWeek`: the clock then holds items (waitReason `pace`) until the site has room; raise it with PATCH /api/sites/{siteId}. Items with suggestion `improve` run an improvement of the overlapped post (charged as one) instead of writing an article.",
    request: { params: PlanIdParamSchema },
    responses: { 200: jsonContent(PlanSchema, "The plan"), ...errorResponses(401, 403, 404, 409) },
  }),
  async (c) => {
    const plan = await approvePlan(c.get("db"), c.get("caller").accountId, c.req.valid("param").planId);
    return c.json(toPlan(plan, await planPace(c.get("db"), plan.plan)), 200);
  },
);

planRoutes.openapi(
  createRoute({
    method: "post",
    operationId: "pausePlan",
    path: "/autopilot/plans/{planId}/pause",
    tags,
    summary: "Pause a plan: ACTIVE → PAUSED",
    description:
      "Items scheduled or queued but not started go back to PLANNED without a time; an item already generating finishes. Pausing a PAUSED plan changes nothing; a DRAFT or COMPLETED plan is 409.",
    request: { params: PlanIdParamSchema },
    responses: { 200: jsonContent(PlanSchema, "The plan"), ...errorResponses(401, 403, 404, 409) },
  }),
  async (c) => c.json(toPlan(await pausePlan(c.get("db"), c.get("caller").accountId, c.req.valid("param").planId)), 200),
);

planRoutes.openapi(
  createRoute({
    method: "post",
    operationId: "addPlanItem",
    path: "/autopilot/plans/{planId}/items",
    tags,
    summary: "Add one keyword to a plan (a Search Console opportunity in one click)",
    description:
      "Adds an item after the plan's last one. In a DRAFT or PAUSED plan it is PLANNED (approving schedules it); in an ACTIVE plan it is SCHEDULED one cadence interval after the plan's last scheduled item (at once when that time has passed). Without `title` the text model writes one. `monthlyVolume` is the keyword's Search Console impressions over 28 days as a month (0 without them); `competition` is MEDIUM, as nothing is researched. 409 `plan_completed` for a COMPLETED plan; 409 `keyword_already_planned` when an item or article of the site targets the same keyword (the same words in any order or case).",
    request: { params: PlanIdParamSchema, body: jsonBody(AddPlanItemBodySchema) },
    responses: { 201: jsonContent(PlanItemSchema, "The new item"), ...errorResponses(400, 401, 403, 404, 409, 502, 504) },
  }),
  async (c) =>
    c.json(
      toPlanItem(await addPlanItem(c.get("services"), c.get("caller").accountId, c.req.valid("param").planId, c.req.valid("json"))),
      201,
    ),
);

planRoutes.openapi(
  createRoute({
    method: "get",
    operationId: "getPlanItem",
    path: "/autopilot/items/{itemId}",
    tags,
    summary: "A plan item with its research: what ranks for its keyword, the questions searchers ask, the sources read",
    request: { params: ItemIdParamSchema },
    responses: { 200: jsonContent(PlanItemDetailSchema, "The item"), ...errorResponses(401, 403, 404) },
  }),
  async (c) => c.json(await planItemDetail(c.get("db"), c.get("caller").accountId, c.req.valid("param").itemId), 200),
);

planRoutes.openapi(
  createRoute({
    method: "patch",
    operationId: "updatePlanItem",
    path: "/autopilot/items/{itemId}",
    tags,
    summary: "Change a plan item's title, target keyword or suggestion (PLANNED or SCHEDULED items only)",
    description:
      "`suggestion` switches an overlapping item between improving the overlapped post (`improve`, 409 item_not_improvable when the overlap names no post) and writing a new article (`new`). A new `targetKeyword` is compared with the site again: its overlap and suggestion follow.",
    request: { params: ItemIdParamSchema, body: jsonBody(UpdatePlanItemBodySchema) },
    responses: { 200: jsonContent(PlanItemSchema, "The item"), ...errorResponses(400, 401, 403, 404, 409) },
  }),
  async (c) =>
    c.json(toPlanItem(await updatePlanItem(c.get("db"), c.get("caller").accountId, c.req.valid("param").itemId, c.req.valid("json"))), 200),
);

planRoutes.openapi(
  createRoute({
    method: "delete",
    operationId: "deletePlanItem",
    path: "/autopilot/items/{itemId}",
    tags,
    summary: "Remove a plan item (PLANNED or SCHEDULED items only)",
    request: { params: ItemIdParamSchema },
    responses: { 204: { description: "Removed" }, ...errorResponses(401, 403, 404, 409) },
  }),
  async (c) => {
    await deletePlanItem(c.get("db"), c.get("caller").accountId, c.req.valid("param").itemId);
    return c.body(null, 204);
  },
);

planRoutes.openapi(
  createRoute({
    method: "get",
    operationId: "listPlanItems",
    path: "/autopilot/items",
    tags,
    summary: "Plan items across all plans: what is scheduled next, what failed",
    description:
      "With `status=SCHEDULED` the items come in the order the autopilot starts them; otherwise the most recently changed first. Each item names its plan and site.",
    request: { query: AccountItemQuerySchema },
    responses: {
      200: jsonContent(pageSchema(AccountPlanItemSchema, "AccountPlanItemPage"), "A page of items"),
      ...errorResponses(400, 401, 403),
    },
  }),
  async (c) => {
    const { status, siteId, page, per_page: perPage } = c.req.valid("query");
    const { items, total } = await listAccountItems(c.get("db"), c.get("caller").accountId, {
      status,
      siteId,
      siteIds: c.get("caller").siteIds,
      page,
      perPage,
    });
    return c.json(
      {
        items: items.map((item) => ({ ...toPlanItem(item), planId: item.planId, siteId: item.siteId })),
        page,
        perPage,
        total,
        totalPages: Math.ceil(total / perPage),
      },
      200,
    );
  },
);
