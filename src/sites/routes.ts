import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { validationHook } from "../core/validation";
import type { AppEnv } from "../http/context";
import { errorResponses, jsonBody, jsonContent } from "../http/openapi";
import { ConnectWordPressBodySchema, SiteIdParamSchema, SiteSchema, toSite, UpdateSiteBodySchema } from "./schemas";
import { changeSite } from "./change-site";
import { disconnectSite, getSite, listSites } from "./service";
import { connectWordPressSite } from "./wordpress-connect";

/** Sites of every platform: list, read, change, disconnect; connecting a WordPress site. */
export const siteRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

const tags = ["Sites"];

siteRoutes.openapi(
  createRoute({
    method: "get",
    operationId: "listSites",
    path: "/sites",
    tags,
    summary: "List the account's connected sites (every platform)",
    responses: { 200: jsonContent(z.array(SiteSchema), "The sites, newest first"), ...errorResponses(401, 403) },
  }),
  async (c) => {
    const { accountId, siteIds } = c.get("caller");
    const rows = await listSites(c.get("db"), accountId);
    return c.json(rows.filter((site) => !siteIds || siteIds.includes(site.id)).map(toSite), 200);
  },
);

siteRoutes.openapi(
  createRoute({
    method: "post",
    operationId: "connectWordPressSite",
    path: "/sites",
    tags,
    summary: "Connect a WordPress site with an application password",
    description:
      "Verifies the credentials with `GET /wp-json/wp/v2/users/me` before anything is stored. 422 when the address is not a WordPress site (or its REST API is unreachable), and a different 422 when WordPress rejects the user name or application password. The application password is stored encrypted and never returned.",
    request: { body: jsonBody(ConnectWordPressBodySchema) },
    responses: {
      201: jsonContent(SiteSchema, "The connected site"),
      ...errorResponses(400, 401, 403, 409, 422, 502, 504),
    },
  }),
  async (c) => {
    const site = await connectWordPressSite(c.get("services"), c.get("caller").accountId, c.req.valid("json"));
    return c.json(toSite(site), 201);
  },
);

siteRoutes.openapi(
  createRoute({
    method: "get",
    operationId: "getSite",
    path: "/sites/{siteId}",
    tags,
    summary: "One site",
    request: { params: SiteIdParamSchema },
    responses: { 200: jsonContent(SiteSchema, "The site"), ...errorResponses(401, 403, 404) },
  }),
  async (c) => c.json(toSite(await getSite(c.get("db"), c.get("caller").accountId, c.req.valid("param").siteId)), 200),
);

siteRoutes.openapi(
  createRoute({
    method: "patch",
    operationId: "updateSite",
    path: "/sites/{siteId}",
    tags,
    summary:
      "Change a site's display name, business context or language, give a WordPress site new credentials, or set a custom site's webhook URL",
    description:
      "`webhookUrl` (custom sites; 409 on others) is checked like at connect; null stops webhooks, and deliveries still pending then fail with that reason. `blogAppPassword` (with `blogUsername` optional; the stored user name is kept otherwise) is verified with WordPress first, like on connect; a site in status ERROR becomes CONNECTED again. Credentials on a forum or custom site are 409.",
    request: { params: SiteIdParamSchema, body: jsonBody(UpdateSiteBodySchema) },
    responses: { 200: jsonContent(SiteSchema, "The changed site"), ...errorResponses(400, 401, 403, 404, 409, 422, 502, 504) },
  }),
  async (c) => {
    const site = await changeSite(c.get("services"), c.get("caller").accountId, c.req.valid("param").siteId, c.req.valid("json"));
    return c.json(toSite(site), 200);
  },
);

siteRoutes.openapi(
  createRoute({
    method: "delete",
    operationId: "disconnectSite",
    path: "/sites/{siteId}",
    tags,
    summary: "Disconnect a site: its stored credentials are erased and its existing posts removed",
    request: { params: SiteIdParamSchema },
    responses: {
      200: jsonContent(SiteSchema, "The disconnected site (status DISCONNECTED); it is a 404 from now on"),
      ...errorResponses(401, 403, 404),
    },
  }),
  async (c) => c.json(toSite(await disconnectSite(c.get("db"), c.get("caller").accountId, c.req.valid("param").siteId)), 200),
);
