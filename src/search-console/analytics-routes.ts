import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { PageQuerySchema } from "../core/pagination";
import { validationHook } from "../core/validation";
import type { AppEnv } from "../http/context";
import { errorResponses, jsonContent } from "../http/openapi";
import { SiteIdParamSchema } from "../sites/schemas";
import {
  ArticlePerformanceParamSchema,
  DaysQuerySchema,
  DecayPageSchema,
  PagePerformanceSchema,
  PostPerformanceParamSchema,
  SitePerformanceQuerySchema,
  SitePerformanceSchema,
} from "./analytics-schemas";
import { listDecay } from "./decay";
import { articlePerformance, postPerformance, sitePerformance } from "./performance";

/** What Search Console reports for a site, an article and an existing post, and the pages decaying. */
export const searchAnalyticsRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

const WINDOW_NOTE =
  "The window is the `days` days (7–90, default 28) ending on the last complete day the site's sync read, compared with the `days` days before; before the first sync every figure is zero and `syncedAt` is null.";

searchAnalyticsRoutes.openapi(
  createRoute({
    method: "get",
    operationId: "getSitePerformance",
    path: "/sites/{siteId}/performance",
    tags: ["Sites"],
    summary: "The site's clicks, impressions, CTR and position from Search Console, by day and by page",
    description: `${WINDOW_NOTE} \`totals\` are Search Console's own totals for the property; \`pages\` (page, per_page) are sorted by clicks, each with its change and the article or existing post it is.`,
    request: { params: SiteIdParamSchema, query: SitePerformanceQuerySchema },
    responses: { 200: jsonContent(SitePerformanceSchema, "The site's figures"), ...errorResponses(400, 401, 403, 404) },
  }),
  async (c) => {
    const { days, page, per_page: perPage } = c.req.valid("query");
    const answer = await sitePerformance(c.get("services"), c.get("caller").accountId, c.req.valid("param").siteId, {
      days,
      page,
      perPage,
    });
    return c.json(answer, 200);
  },
);

searchAnalyticsRoutes.openapi(
  createRoute({
    method: "get",
    operationId: "getArticlePerformance",
    path: "/autopilot/articles/{articleId}/performance",
    tags: ["Articles"],
    summary: "What the article's page earns in Google search: the window, the window before, by day, its top queries",
    description: `${WINDOW_NOTE} The page is matched by the article's publication URL (host without www, path without a trailing slash); \`matched: false\` with zeros when Search Console has no such page or the article is not published.`,
    request: { params: ArticlePerformanceParamSchema, query: DaysQuerySchema },
    responses: { 200: jsonContent(PagePerformanceSchema, "The article's figures"), ...errorResponses(400, 401, 403, 404) },
  }),
  async (c) => {
    const answer = await articlePerformance(
      c.get("services"),
      c.get("caller").accountId,
      c.req.valid("param").articleId,
      c.req.valid("query").days,
    );
    return c.json(answer, 200);
  },
);

searchAnalyticsRoutes.openapi(
  createRoute({
    method: "get",
    operationId: "getPostPerformance",
    path: "/sites/posts/{postId}/performance",
    tags: ["Existing posts"],
    summary: "What an existing post earns in Google search: the window, the window before, by day, its top queries",
    description: `${WINDOW_NOTE} The page is matched by the post's URL; \`matched: false\` with zeros when Search Console has no such page.`,
    request: { params: PostPerformanceParamSchema, query: DaysQuerySchema },
    responses: { 200: jsonContent(PagePerformanceSchema, "The post's figures"), ...errorResponses(400, 401, 403, 404) },
  }),
  async (c) => {
    const answer = await postPerformance(
      c.get("services"),
      c.get("caller").accountId,
      c.req.valid("param").postId,
      c.req.valid("query").days,
    );
    return c.json(answer, 200);
  },
);

searchAnalyticsRoutes.openapi(
  createRoute({
    method: "get",
    operationId: "listDecayingPages",
    path: "/sites/{siteId}/decay",
    tags: ["Sites"],
    summary: "The pages whose search traffic decays, most clicks lost first, with the reason and both windows' figures",
    description:
      "The weekly check compares the last 28 complete days with the 28 before: clicks_fell (≥ 40 % fewer clicks, from ≥ 10), position_fell (≥ 3 places lower, ≥ 20 impressions in both windows), ctr_fell (CTR down to ≤ 70 % while impressions held at ≥ 80 %, from ≥ 100). A page that fell the same way a year earlier is `seasonal`.",
    request: { params: SiteIdParamSchema, query: PageQuerySchema },
    responses: { 200: jsonContent(DecayPageSchema, "The decaying pages"), ...errorResponses(400, 401, 403, 404) },
  }),
  async (c) => {
    const { page, per_page: perPage } = c.req.valid("query");
    return c.json(await listDecay(c.get("services"), c.get("caller").accountId, c.req.valid("param").siteId, { page, perPage }), 200);
  },
);
