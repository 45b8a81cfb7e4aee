import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { pageSchema } from "../core/pagination";
import { validationHook } from "../core/validation";
import type { AppEnv } from "../http/context";
import { errorResponses, jsonContent } from "../http/openapi";
import { SiteIdParamSchema } from "../sites/schemas";
import { listDeliveries, redeliver, sendTestPing } from "./manage";
import { DeliveryListQuerySchema, DeliveryParamsSchema, DeliverySchema, PingResultSchema, toDelivery } from "./schemas";

/** A custom site's webhook deliveries: the log, a redelivery, a test ping. */
export const webhookRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

const tags = ["Webhooks"];

webhookRoutes.openapi(
  createRoute({
    method: "get",
    operationId: "listSiteWebhookDeliveries",
    path: "/sites/{siteId}/webhooks/deliveries",
    tags,
    summary: "The site's webhook deliveries, newest first, with status, attempts, the receiver's last answer and the next attempt",
    request: { params: SiteIdParamSchema, query: DeliveryListQuerySchema },
    responses: {
      200: jsonContent(pageSchema(DeliverySchema, "WebhookDeliveryPage"), "A page of deliveries"),
      ...errorResponses(400, 401, 403, 404, 409),
    },
  }),
  async (c) => {
    const { page, per_page: perPage } = c.req.valid("query");
    const { rows, total } = await listDeliveries(c.get("services"), c.get("caller").accountId, c.req.valid("param").siteId, {
      page,
      perPage,
    });
    return c.json({ items: rows.map(toDelivery), page, perPage, total, totalPages: Math.ceil(total / perPage) }, 200);
  },
);

webhookRoutes.openapi(
  createRoute({
    method: "post",
    operationId: "redeliverWebhookDelivery",
    path: "/sites/{siteId}/webhooks/deliveries/{deliveryId}/redeliver",
    tags,
    summary: "Send a delivery again now, with the same delivery id; answered with the delivery after the receiver answered",
    description:
      "Works on any delivery (delivered, failed or waiting for a retry) and counts as one more attempt. A failed attempt goes on with the retry schedule where the delivery's attempts left it. 409 while an attempt is under way.",
    request: { params: DeliveryParamsSchema },
    responses: { 200: jsonContent(DeliverySchema, "The delivery after this attempt"), ...errorResponses(401, 403, 404, 409) },
  }),
  async (c) => {
    const { siteId, deliveryId } = c.req.valid("param");
    return c.json(toDelivery(await redeliver(c.get("services"), c.get("caller").accountId, siteId, deliveryId)), 200);
  },
);

webhookRoutes.openapi(
  createRoute({
    method: "post",
    operationId: "sendWebhookTestPing",
    path: "/sites/{siteId}/webhooks/test",
    tags,
    summary: "Send a signed `ping` event to the site's webhook URL and answer with what the receiver said",
    description:
      'The body is `{"event":"ping","site":{"id":…},"sentAt":…}`, signed like every delivery; it is not recorded and not retried. 409 when the site has no webhook URL.',
    request: { params: SiteIdParamSchema },
    responses: {
      200: jsonContent(PingResultSchema, "The receiver's answer (delivered is false for a non-2xx or no answer)"),
      ...errorResponses(401, 403, 404, 409),
    },
  }),
  async (c) => c.json(await sendTestPing(c.get("services"), c.get("caller").accountId, c.req.valid("param").siteId), 200),
);
