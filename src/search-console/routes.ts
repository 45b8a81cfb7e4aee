import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { validationHook } from "../core/validation";
import type { AppEnv } from "../http/context";
import { errorResponses, jsonBody, jsonContent } from "../http/openapi";
import { SiteIdParamSchema, SiteSchema, toSite } from "../sites/schemas";
import { completeGoogleAuth, disconnectGoogle, getGoogleIntegration, startGoogleAuth } from "./connection";
import { syncSiteNow, updateSiteSearchConsole } from "./property";
import {
  GoogleAuthUrlSchema,
  GoogleCallbackQuerySchema,
  GoogleIntegrationSchema,
  SiteSearchConsoleBodySchema,
  StartGoogleAuthBodySchema,
} from "./schemas";

export const searchConsoleRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

const originOf = (url: string) => new URL(url).origin;

searchConsoleRoutes.openapi(
  createRoute({
    method: "post",
    operationId: "startGoogleConnection",
    path: "/integrations/google",
    tags: ["Sites"],
    summary: "Start connecting Google Search Console: answers Google's consent URL for the owner's browser",
    description:
      "Asks for read-only Search Console access (webmasters.readonly) with offline access, a single-use state and PKCE (S256). Google sends the browser back to GET /api/integrations/google/callback, which then redirects to `returnTo` with `google=connected` or `google=error&reason=…`. 409 `google_not_configured` until the operator sets GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET; 409 `conflict` with the offline provider, where every site is already connected.",
    request: { body: { required: false, content: { "application/json": { schema: StartGoogleAuthBodySchema } } } },
    responses: {
      200: jsonContent(GoogleAuthUrlSchema, "The authorization URL"),
      ...errorResponses(400, 401, 403, 409),
    },
  }),
  async (c) => {
    const { returnTo } = c.req.valid("json");
    return c.json(await startGoogleAuth(c.get("services"), c.get("caller").accountId, returnTo, originOf(c.req.url)), 200);
  },
);

searchConsoleRoutes.openapi(
  createRoute({
    method: "get",
    operationId: "completeGoogleConnection",
    path: "/integrations/google/callback",
    tags: ["Sites"],
    summary: "Google's redirect back after consent (the OAuth redirect URI; no bearer token: the single-use state names the account)",
    description:
      "Always redirects to the panel page the connection started from, with `google=connected`, or `google=error` and a `reason`: state_invalid (unknown, used or older than 10 minutes), access_denied, google_error, not_configured, exchange_failed, scope_missing (the Search Console box was unticked; nothing is kept), refresh_token_missing.",
    security: [],
    request: { query: GoogleCallbackQuerySchema },
    responses: {
      302: {
        description: "To the panel: `Location` carries google=connected or google=error&reason=…",
        headers: z.object({ Location: z.string().openapi({ example: "/settings?google=connected" }) }),
      },
    },
  }),
  async (c) => c.redirect(await completeGoogleAuth(c.get("services"), c.req.valid("query"), originOf(c.req.url)), 302),
);

searchConsoleRoutes.openapi(
  createRoute({
    method: "get",
    operationId: "getGoogleIntegration",
    path: "/integrations/google",
    tags: ["Sites"],
    summary: "Whether Google Search Console is configured and connected, as which Google account, with which properties",
    responses: { 200: jsonContent(GoogleIntegrationSchema, "The account's Google integration"), ...errorResponses(401, 403) },
  }),
  async (c) => c.json(await getGoogleIntegration(c.get("services"), c.get("caller").accountId), 200),
);

searchConsoleRoutes.openapi(
  createRoute({
    method: "delete",
    operationId: "disconnectGoogle",
    path: "/integrations/google",
    tags: ["Sites"],
    summary: "Disconnect Google Search Console: the grant is revoked at Google and deleted here",
    description:
      "The sites go back to pending and stop syncing; the figures already stored stay until Google is connected again. 409 `google_not_connected` when nothing is connected; 409 `conflict` with the offline provider.",
    responses: { 204: { description: "Disconnected" }, ...errorResponses(401, 403, 409) },
  }),
  async (c) => {
    await disconnectGoogle(c.get("services"), c.get("caller").accountId);
    return c.body(null, 204);
  },
);

searchConsoleRoutes.openapi(
  createRoute({
    method: "put",
    operationId: "updateSiteSearchConsole",
    path: "/sites/{siteId}/search-console",
    tags: ["Sites"],
    summary: "Choose the site's Search Console property and set its search-loop settings",
    description:
      "`property` must be one GET /api/integrations/google lists and cover the site's URL (422 `search_console_property_unknown` otherwise); a new property is synced at once, from the start of its 16 months. Blog and custom sites only.",
    request: { params: SiteIdParamSchema, body: jsonBody(SiteSearchConsoleBodySchema) },
    responses: { 200: jsonContent(SiteSchema, "The site"), ...errorResponses(400, 401, 403, 404, 409, 422) },
  }),
  async (c) => {
    const site = await updateSiteSearchConsole(
      c.get("services"),
      c.get("caller").accountId,
      c.req.valid("param").siteId,
      c.req.valid("json"),
    );
    return c.json(toSite(site), 200);
  },
);

searchConsoleRoutes.openapi(
  createRoute({
    method: "post",
    operationId: "syncSiteSearchConsole",
    path: "/sites/{siteId}/search-console/sync",
    tags: ["Sites"],
    summary: "Read the site's Search Console figures now instead of at the next daily sync",
    description:
      "Queues a sync at once (a sync in flight is superseded): the days since the last sync, or the last 16 months the first time. Answers 202 with the site; `searchConsole.syncedAt` changes when it is done. 409 `google_not_connected` before Google is connected, `site_in_error` for a site in ERROR, `wrong_platform` for a forum.",
    request: { params: SiteIdParamSchema },
    responses: { 202: jsonContent(SiteSchema, "The site; the sync is queued"), ...errorResponses(401, 403, 404, 409) },
  }),
  async (c) => c.json(toSite(await syncSiteNow(c.get("services"), c.get("caller").accountId, c.req.valid("param").siteId)), 202),
);
