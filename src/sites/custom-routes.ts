import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { validationHook } from "../core/validation";
import type { AppEnv } from "../http/context";
import { errorResponses, jsonBody, jsonContent } from "../http/openapi";
import { ConnectCustomBodySchema, ConnectedCustomSchema } from "./custom-schemas";
import { connectCustomSite } from "./custom-service";

export const customSiteRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

customSiteRoutes.openapi(
  createRoute({
    method: "post",
    path: "/platforms/custom/connect",
    tags: ["Sites"],
    summary: "Connect a custom site that receives signed webhooks or pulls articles",
    description:
      "Without `webhookUrl` the site pulls its articles with GET /autopilot/articles. The answer's `webhookSecret` keys the `X-Service-Signature` HMAC-SHA256 of every webhook; it is stored encrypted and never shown again.",
    request: { body: jsonBody(ConnectCustomBodySchema) },
    responses: { 201: jsonContent(ConnectedCustomSchema, "The new site's id and its webhook secret (shown only here)"), ...errorResponses(400, 401, 403) },
  }),
  async (c) => {
    const { site, webhookSecret } = await connectCustomSite(c.get("services"), c.get("caller").accountId, c.req.valid("json"));
    return c.json({ id: site.id, webhookSecret }, 201);
  },
);
