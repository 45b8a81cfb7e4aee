import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { validationHook } from "../core/validation";
import type { AppEnv } from "../http/context";
import { errorResponses, jsonBody, jsonContent } from "../http/openapi";
import { SiteIdParamSchema } from "../sites/schemas";
import { applyAction, listActions, revertAction } from "./actions";
import { listCannibalization } from "./cannibalization";
import { startCannibalAction, startTractionAction } from "./plan-actions";
import {
  ActionParamsSchema,
  CannibalActionBodySchema,
  CannibalizationListSchema,
  HealthActionListSchema,
  HealthActionResultSchema,
  HealthActionSchema,
  SiteHealthSchema,
  TractionActionBodySchema,
  TractionListSchema,
  toHealthAction,
} from "./schemas";
import { siteHealth } from "./health";
import { listTraction } from "./traction";

/** Site health: cannibalised queries, pages without traction, and the actions taken on them (docs/guides/site-health.md). */
export const siteHealthRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

const tags = ["Site health"];
const actionErrors = errorResponses(400, 401, 402, 403, 404, 409, 422, 502, 504);

siteHealthRoutes.openapi(
  createRoute({
    method: "get",
    path: "/sites/{siteId}/cannibalization",
    tags,
    operationId: "listCannibalization",
    summary: "Queries two or more of the site's pages compete for, with merge or differentiate suggested",
    description:
      "From the last Search Console sync (page × query over its 28 days): the queries for which at least two pages each hold ≥ 20 % of the site's impressions and ≥ 10 impressions (CANNIBALIZATION_MIN_SHARE_PERCENT, CANNIBALIZATION_MIN_IMPRESSIONS). `merge` when the weaker page is thin (< 300 words) or earns at most a quarter of the stronger page's clicks on all its queries with no more impressions; `differentiate` otherwise. Empty before the first sync.",
    request: { params: SiteIdParamSchema },
    responses: {
      200: jsonContent(CannibalizationListSchema, "The cannibalised queries, most impressions first"),
      ...errorResponses(401, 403, 404),
    },
  }),
  async (c) => {
    const { siteId } = c.req.valid("param");
    const services = c.get("services");
    return c.json(await listCannibalization(services.db, services.config.siteHealth, c.get("caller").accountId, siteId), 200);
  },
);

siteHealthRoutes.openapi(
  createRoute({
    method: "post",
    path: "/sites/{siteId}/cannibalization/actions",
    tags,
    operationId: "startCannibalizationAction",
    summary: "Merge or differentiate the pages of a cannibalised query (one improvement, charged once)",
    description:
      "`differentiate`: an improvement of the weaker page that retargets it to `targetQuery` (default: its busiest other query). `merge`: an improvement of the stronger page that folds in the weaker page's own sections; applied, the weaker page redirects (301) to the stronger one through the connector plugin (1.3.0+). Answers when the suggestion is written (state `suggested`); apply it with POST /api/sites/{siteId}/health-actions/{actionId}/apply. The same request again answers the same action (`replayed: true`) and charges nothing.",
    request: { params: SiteIdParamSchema, body: jsonBody(CannibalActionBodySchema) },
    responses: { 200: jsonContent(HealthActionResultSchema, "The action"), ...actionErrors },
  }),
  async (c) => {
    const { action, replayed } = await startCannibalAction(
      c.get("services"),
      c.get("caller").accountId,
      c.req.valid("param").siteId,
      c.req.valid("json"),
    );
    return c.json({ ...toHealthAction(action), replayed }, 200);
  },
);

siteHealthRoutes.openapi(
  createRoute({
    method: "get",
    path: "/sites/{siteId}/traction",
    tags,
    operationId: "listTraction",
    summary: "Every article published 28 or more days ago: earning, slow or none, and the one action suggested",
    description:
      "From the last Search Console sync: the article's page over the last 28 days. earning: ≥ 5 clicks or ≥ 100 impressions; none: < 10 impressions; slow: between (TRACTION_* in the configuration). Suggested: wait (earning, or none while it may still be indexed: under 56 days), merge (another page of the site outranks it on its queries or keyword: `mergeInto`), improve (slow), noindex (none at 56+ days), unpublish (none at 112+ days).",
    request: { params: SiteIdParamSchema },
    responses: {
      200: jsonContent(TractionListSchema, "The articles, none first, then slow, then earning"),
      ...errorResponses(401, 403, 404),
    },
  }),
  async (c) => {
    const services = c.get("services");
    return c.json(await listTraction(services.db, services.config.siteHealth, c.get("caller").accountId, c.req.valid("param").siteId), 200);
  },
);

siteHealthRoutes.openapi(
  createRoute({
    method: "post",
    path: "/sites/{siteId}/traction/actions",
    tags,
    operationId: "startTractionAction",
    summary: "Improve, merge, noindex or unpublish an article's page (each reversible, exactly once)",
    description:
      "`improve` and `merge` write an improvement (charged once) and wait in `suggested` for apply; `merge` folds the article into `intoUrl` (default: the list's mergeInto) and, applied, redirects it there. `noindex` sets the connector's robots meta (noindex, follow) and `unpublish` sets the WordPress post to draft, both at once (state `applied`). Revert with POST /api/sites/{siteId}/health-actions/{actionId}/revert. The same request again answers the same action (`replayed: true`).",
    request: { params: SiteIdParamSchema, body: jsonBody(TractionActionBodySchema) },
    responses: { 200: jsonContent(HealthActionResultSchema, "The action"), ...actionErrors },
  }),
  async (c) => {
    const { action, replayed } = await startTractionAction(
      c.get("services"),
      c.get("caller").accountId,
      c.req.valid("param").siteId,
      c.req.valid("json"),
    );
    return c.json({ ...toHealthAction(action), replayed }, 200);
  },
);

siteHealthRoutes.openapi(
  createRoute({
    method: "get",
    path: "/sites/{siteId}/health-actions",
    tags,
    operationId: "listHealthActions",
    summary: "The site's cannibalisation and traction actions, the latest first",
    request: { params: SiteIdParamSchema },
    responses: { 200: jsonContent(HealthActionListSchema, "Up to 500 actions"), ...errorResponses(401, 403, 404, 409) },
  }),
  async (c) => {
    const rows = await listActions(c.get("services"), c.get("caller").accountId, c.req.valid("param").siteId);
    return c.json({ items: rows.map(toHealthAction) }, 200);
  },
);

for (const step of ["apply", "revert"] as const) {
  siteHealthRoutes.openapi(
    createRoute({
      method: "post",
      path: `/sites/{siteId}/health-actions/{actionId}/${step}`,
      tags,
      operationId: step === "apply" ? "applyHealthAction" : "revertHealthAction",
      summary:
        step === "apply"
          ? "Apply a suggested action: its improvement, and a merge's redirect"
          : "Undo an applied action: the improvement, the redirect, the noindex or the unpublish",
      description:
        step === "apply"
          ? "409 `health_action_busy` unless the action is `suggested`; a crashed apply may be retried once its 2-minute hold has passed and never writes twice."
          : "409 `health_action_busy` unless the action is `applied`; puts back the post's content, and the redirect, robots meta or status it had before.",
      request: { params: ActionParamsSchema },
      responses: { 200: jsonContent(HealthActionSchema, "The action"), ...errorResponses(401, 403, 404, 409, 422, 502, 504) },
    }),
    async (c) => {
      const { siteId, actionId } = c.req.valid("param");
      const run = step === "apply" ? applyAction : revertAction;
      return c.json(toHealthAction(await run(c.get("services"), c.get("caller").accountId, siteId, actionId)), 200);
    },
  );
}

siteHealthRoutes.openapi(
  createRoute({
    method: "get",
    path: "/sites/{siteId}/health",
    tags,
    operationId: "getSiteHealth",
    summary: "The site as a whole: a score and one figure per list (pace, cannibalisation, orphans, broken links, traction, decay)",
    description:
      "Each figure is counted as its own list counts it, at the moment of the request: `cannibalized` from GET …/cannibalization, `orphans` and `broken` from GET …/links, `noTraction` from GET …/traction (state none), `decaying` from GET …/decay (seasonal falls left out), `pace` as the scheduler holds new articles. The score is 100 less each problem's part: cannibalised queries 4 each (at most 20), orphans their share of the pages × 20, broken links 3 each (at most 15), pages without traction their share of the judged articles × 15, decaying pages their share of the pages in Search Console × 15, and 15 when the last 7 days published more new articles than the pace.",
    request: { params: SiteIdParamSchema },
    responses: { 200: jsonContent(SiteHealthSchema, "The site's health"), ...errorResponses(401, 403, 404) },
  }),
  async (c) => c.json(await siteHealth(c.get("services"), c.get("caller").accountId, c.req.valid("param").siteId), 200),
);
