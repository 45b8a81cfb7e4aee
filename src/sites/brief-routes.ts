import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { AppError } from "../core/errors";
import { validationHook } from "../core/validation";
import type { AppEnv } from "../http/context";
import { errorResponses, jsonBody, jsonContent } from "../http/openapi";
import { BriefSchema, getBrief, saveBrief, SiteBriefSchema, toSiteBrief } from "./brief";
import { SiteIdParamSchema } from "./schemas";

/** The site brief: GET and PUT /sites/{siteId}/brief. */
export const briefRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

// The document GET answers may be sent back as it is: its read-only fields are ignored (a siteId of another site is 400).
const BriefRequestSchema = BriefSchema.extend({
  siteId: z
    .string()
    .max(64)
    .optional()
    .openapi({ description: "Read-only: ignored when it is this site's id (so a GET document can be sent back); another id is 400" }),
  updatedAt: z.string().max(64).optional().openapi({ description: "Read-only: ignored" }),
}).openapi("BriefRequest");

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
    description:
      "The whole brief is replaced: a field left out becomes empty. It feeds keyword seeds, plan titles and every generation prompt.",
    request: { params: SiteIdParamSchema, body: jsonBody(BriefRequestSchema) },
    responses: { 200: jsonContent(SiteBriefSchema, "The saved brief"), ...errorResponses(400, 401, 403, 404) },
  }),
  async (c) => {
    const { siteId } = c.req.valid("param");
    const { siteId: sentSiteId, updatedAt: _readOnly, ...brief } = c.req.valid("json");
    if (sentSiteId !== undefined && sentSiteId !== siteId) {
      throw new AppError("invalid_request", `Body field 'siteId': this is the brief of site ${siteId}, not of ${sentSiteId.slice(0, 64)}`, [
        { path: "siteId", code: "invalid_value", message: `is not this site's id (${siteId})` },
      ]);
    }
    return c.json(toSiteBrief(await saveBrief(c.get("db"), c.get("caller").accountId, siteId, brief)), 200);
  },
);
