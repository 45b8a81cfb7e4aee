import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { jsonBody, jsonContent, errorResponses } from "../http/openapi";
import type { AppEnv } from "../http/context";
import { validationHook } from "../core/validation";
import { CreatedApiTokenSchema, CreateTokenBodySchema, ApiTokenSchema, TokenIdParamSchema, toApiToken } from "./schemas";
import { announceRevocation, createToken, listTokens, revokeToken } from "./service";

export const tokenRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

tokenRoutes.openapi(
  createRoute({
    method: "get",
    operationId: "listTokens",
    path: "/tokens",
    tags: ["Tokens"],
    summary: "List the account's API tokens (secrets are never shown again)",
    responses: { 200: jsonContent(z.array(ApiTokenSchema), "The tokens, newest first"), ...errorResponses(401, 403) },
  }),
  async (c) => {
    const now = new Date();
    const rows = await listTokens(c.get("db"), c.get("caller").accountId);
    return c.json(
      rows.map((row) => toApiToken(row, now)),
      200,
    );
  },
);

tokenRoutes.openapi(
  createRoute({
    method: "post",
    operationId: "createToken",
    path: "/tokens",
    tags: ["Tokens"],
    summary: "Create an API token; the secret appears once, in this answer",
    request: { body: jsonBody(CreateTokenBodySchema) },
    responses: { 201: jsonContent(CreatedApiTokenSchema, "The new token with its secret"), ...errorResponses(400, 401, 403) },
  }),
  async (c) => {
    const input = c.req.valid("json");
    const now = new Date();
    const { secret, row } = await createToken(c.get("db"), {
      accountId: c.get("caller").accountId,
      name: input.name,
      scope: input.scope,
      now,
    });
    return c.json({ ...toApiToken(row, now), token: secret }, 201);
  },
);

tokenRoutes.openapi(
  createRoute({
    method: "delete",
    operationId: "revokeToken",
    path: "/tokens/{id}",
    tags: ["Tokens"],
    summary: "Revoke a token; it stops working at once",
    request: { params: TokenIdParamSchema },
    responses: { 200: jsonContent(ApiTokenSchema, "The revoked token"), ...errorResponses(401, 403, 404) },
  }),
  async (c) => {
    const now = new Date();
    const row = await revokeToken(c.get("db"), { accountId: c.get("caller").accountId, tokenId: c.req.valid("param").id, now });
    // Also when it was revoked before: a retry after a failed announcement repairs it.
    await announceRevocation(c.get("services").accountState, row);
    return c.json(toApiToken(row, now), 200);
  },
);
