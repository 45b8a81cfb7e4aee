import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { validationHook } from "../core/validation";
import type { AppEnv } from "../http/context";
import { errorResponses, jsonBody, jsonContent } from "../http/openapi";
import { getByokKey, saveByokKey } from "./byok-keys";
import { ByokKeyBodySchema, ByokKeySchema, toByokKey } from "./schemas";

/** The account's own model key (bring your own key). */
export const billingByokRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

billingByokRoutes.openapi(
  createRoute({
    method: "put",
    operationId: "setByokKey",
    path: "/billing/byok-key",
    tags: ["Billing"],
    summary: "Set the model provider key used in BYOK mode; checked with the provider, stored encrypted, never returned",
    request: { body: jsonBody(ByokKeyBodySchema) },
    responses: { 200: jsonContent(ByokKeySchema, "The stored key (without the key)"), ...errorResponses(400, 401, 403, 422, 502, 504) },
  }),
  async (c) => {
    const input = c.req.valid("json");
    const row = await saveByokKey(c.get("db"), c.get("services").keyChecker(), c.get("services").encryptionKey, {
      ...input,
      accountId: c.get("caller").accountId,
      now: new Date(),
    });
    return c.json(toByokKey(row), 200);
  },
);

billingByokRoutes.openapi(
  createRoute({
    method: "get",
    operationId: "getByokKey",
    path: "/billing/byok-key",
    tags: ["Billing"],
    summary: "Which BYOK key is set (provider, model, last four characters)",
    responses: { 200: jsonContent(ByokKeySchema, "The stored key (without the key)"), ...errorResponses(401, 403, 404) },
  }),
  async (c) => c.json(toByokKey(await getByokKey(c.get("db"), c.get("caller").accountId)), 200),
);
