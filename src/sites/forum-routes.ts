import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { validationHook } from "../core/validation";
import type { AppEnv } from "../http/context";
import { errorResponses, jsonBody, jsonContent } from "../http/openapi";
import { ChooseForumNodeBodySchema, ConnectForumBodySchema, ConnectedForumSchema } from "./forum-schemas";
import { chooseForumNode, connectForumSite } from "./forum-service";
import { SiteIdParamSchema, SiteSchema, toSite } from "./schemas";

export const forumSiteRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

forumSiteRoutes.openapi(
  createRoute({
    method: "post",
    operationId: "connectForumSite",
    path: "/platforms/forum/connect",
    tags: ["Sites"],
    summary: "Connect a XenForo forum with an API key; answers the forums the user can post in",
    description:
      "Verifies the key against the forum (`XF-Api-Key`, `XF-Api-User: forumUserId`) before anything is saved: it must be a user key of that user or a super user key, with the scopes node:read, thread:read, thread:write and attachment:write. The key is stored encrypted and never returned. Choose the target forum next with POST /platforms/forum/{siteId}/node.",
    request: { body: jsonBody(ConnectForumBodySchema) },
    responses: {
      201: jsonContent(ConnectedForumSchema, "The new site's id and the forums it can post in"),
      ...errorResponses(400, 401, 403, 422, 502, 504),
    },
  }),
  async (c) => {
    const { site, forums } = await connectForumSite(c.get("services"), c.get("caller").accountId, c.req.valid("json"));
    return c.json({ id: site.id, forums }, 201);
  },
);

forumSiteRoutes.openapi(
  createRoute({
    method: "post",
    operationId: "chooseForumNode",
    path: "/platforms/forum/{siteId}/node",
    tags: ["Sites"],
    summary: "Save the forum (node) new threads are posted in",
    description:
      "`nodeId` must be one of the forums the connection offered; the list is asked from the forum again, so a node that is no longer postable is refused (422).",
    request: { params: SiteIdParamSchema, body: jsonBody(ChooseForumNodeBodySchema) },
    responses: {
      200: jsonContent(SiteSchema, "The Site record with its forumNodeId"),
      ...errorResponses(400, 401, 403, 404, 409, 422, 502, 504),
    },
  }),
  async (c) => {
    const site = await chooseForumNode(
      c.get("services"),
      c.get("caller").accountId,
      c.req.valid("param").siteId,
      c.req.valid("json").nodeId,
    );
    return c.json(toSite(site), 200);
  },
);
