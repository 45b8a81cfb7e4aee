import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { validationHook } from "../core/validation";
import type { AppEnv } from "../http/context";
import { errorResponses, jsonBody, jsonContent } from "../http/openapi";
import { ConnectCustomBodySchema, ConnectedCustomSchema, RotatedSecretSchema } from "./custom-schemas";
import { connectCustomSite, rotateWebhookSecret } from "./custom-service";
import { SiteIdParamSchema } from "./schemas";

export const customSiteRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

customSiteRoutes.openapi(
  createRoute({
    method: "post",
    operationId: "connectCustomSite",
    path: "/platforms/custom/connect",
    tags: ["Sites"],
    summary: "Connect a custom site that receives signed webhooks or pulls articles",
    description:
      "Without `webhookUrl` the site pulls its articles with GET /autopilot/articles. The answer's `webhookSecret` keys the `X-Service-Signature` HMAC-SHA256 of every webhook; it is stored encrypted and never shown again.",
    request: { body: jsonBody(ConnectCustomBodySchema) },
    responses: {
      201: jsonContent(ConnectedCustomSchema, "The new site's id and its webhook secret (shown only here)"),
      ...errorResponses(400, 401, 403),
    },
  }),
  async (c) => {
    const { site, webhookSecret } = await connectCustomSite(c.get("services"), c.get("caller").accountId, c.req.valid("json"));
    return c.json({ id: site.id, webhookSecret }, 201);
  },
);

customSiteRoutes.openapi(
  createRoute({
    method: "post",
    operationId: "rotateCustomSiteWebhookSecret",
    path: "/platforms/custom/{siteId}/rotate-secret",
    tags: ["Webhooks"],
    summary: "Replace a custom site's webhook secret; the new one is shown only in this answer",
    description:
      "Every attempt from now on, retries of earlier deliveries included, is signed with the new secret. For 24 hours every delivery also carries a signature with the previous secret (both in `X-Service-Signature` and `webhook-signature`, space-separated), so the receiver can be updated meanwhile.",
    request: { params: SiteIdParamSchema },
    responses: { 200: jsonContent(RotatedSecretSchema, "The site's id and its new webhook secret"), ...errorResponses(401, 403, 404, 409) },
  }),
  async (c) => {
    const { site, webhookSecret } = await rotateWebhookSecret(c.get("services"), c.get("caller").accountId, c.req.valid("param").siteId);
    return c.json({ id: site.id, webhookSecret }, 200);
  },
);
