import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { validationHook } from "../core/validation";
import type { AppEnv } from "../http/context";
import { errorResponses, jsonBody, jsonContent } from "../http/openapi";
import { BriefSchema, getBrief, saveBrief, type Brief } from "./brief";
import type { SiteRow } from "./service";
import { SiteIdParamSchema } from "./schemas";

/** The site brief: GET and PUT /sites/{siteId}/brief. */
export const briefRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

const SiteBriefSchema = BriefSchema.extend({ siteId: z.string(), updatedAt: z.string() }).openapi("SiteBrief");
const toSiteBrief = ({ site, brief }: { site: SiteRow; brief: Brief }) => ({ siteId: site.id, ...brief, updatedAt: site.updatedAt });

briefRoutes.openapi(
  createRoute({
    method: "get",
    operationId: "getSiteBrief",
    path: "/sites/{siteId}/brief",
    tags: ["Sites"],
    summary: "Read the site's brief (starts from its businessContext until one is saved)",
    request: { params: SiteIdParamSchema },
    responses: { 200: jsonContent(SiteBriefSchema, "The brief"), ...errorResponses(401, 403, 404) },
  }),
  async (c) => c.json(toSiteBrief(await getBrief(c.get("db"), c.get("caller").accountId, c.req.valid("param").siteId)), 200),
);

briefRoutes.openapi(
  createRoute({
    method: "put",
    operationId: "replaceSiteBrief",
    path: "/sites/{siteId}/brief",
    tags: ["Sites"],
    summary: "Replace the site's brief",
    description: "The whole brief is replaced: a field left out becomes empty. It feeds keyword seeds, plan titles and every generation prompt.",
    request: { params: SiteIdParamSchema, body: jsonBody(BriefSchema.openapi("BriefRequest")) },
    responses: { 200: jsonContent(SiteBriefSchema, "The saved brief"), ...errorResponses(400, 401, 403, 404) },
  }),
  async (c) => c.json(toSiteBrief(await saveBrief(c.get("db"), c.get("caller").accountId, c.req.valid("param").siteId, c.req.valid("json"))), 200),
);
