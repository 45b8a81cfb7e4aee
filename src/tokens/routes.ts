import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { jsonBody, jsonContent, errorResponses } from "../http/openapi";
import type { AppEnv } from "../http/context";
import { validationHook } from "../core/validation";
import { CreatedApiTokenSchema, CreateTokenBodySchema, ApiTokenSchema, TokenIdParamSchema, toApiToken } from "./schemas";
import { announceRevocation, listTokens, mintToken, revokeToken } from "./service";
import { AppError } from "../core/errors";
import { apiTokens } from "../db/schema";
import { auditStatement, recordAudit } from "../audit/audit";
import { roleRank } from "../members/roles";

export const tokenRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

tokenRoutes.openapi(
  createRoute({
    method: "get",
    operationId: "listTokens",
    path: "/tokens",
    tags: ["Tokens"],
    summary: "List your API tokens (an owner or admin sees every member's); secrets are never shown again",
    responses: { 200: jsonContent(z.array(ApiTokenSchema), "The tokens, newest first"), ...errorResponses(401, 403) },
  }),
  async (c) => {
    const now = new Date();
    const rows = await listTokens(c.get("db"), c.get("caller"));
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
    summary: "Create an API token of yours; the secret appears once, in this answer",
    description:
      "The token belongs to you and never does more than the caller that makes it: a token made by a token does at most what the making token does. Its `role` is stored as given (at or below yours; 403 `insufficient_role` above) or, left out, as your role now: a later promotion does not widen it, a demotion narrows it.",
    request: { body: jsonBody(CreateTokenBodySchema) },
    responses: { 201: jsonContent(CreatedApiTokenSchema, "The new token with its secret"), ...errorResponses(400, 401, 403) },
  }),
  async (c) => {
    const input = c.req.valid("json");
    const now = new Date();
    const caller = c.get("caller");
    // caller.role is the caller's effective role: a token's own (lower) role when a token calls.
    if (input.role && roleRank(input.role) < roleRank(caller.role))
      throw new AppError(
        "insufficient_role",
        `A token cannot do more than its maker: ${caller.via === "token" ? "this token's" : "your"} role is '${caller.role}', the new token asks for '${input.role}'`,
      );
    const db = c.get("db");
    const { secret, row } = await mintToken({
      accountId: caller.accountId,
      memberId: caller.memberId,
      name: input.name,
      scope: input.scope,
      role: input.role ?? caller.role,
      now,
    });
    await db.batch([
      db.insert(apiTokens).values(row),
      auditStatement(db, caller.accountId, caller, {
        action: "token.created",
        targetType: "token",
        targetId: row.id,
        detail: { name: row.name, scope: row.scope, role: row.role, ...(caller.via === "token" ? { parentTokenId: caller.tokenId } : {}) },
      }),
    ]);
    return c.json({ ...toApiToken(row, now), token: secret }, 201);
  },
);

tokenRoutes.openapi(
  createRoute({
    method: "delete",
    operationId: "revokeToken",
    path: "/tokens/{id}",
    tags: ["Tokens"],
    summary: "Revoke a token; it stops working at once (your own; an owner or admin revokes anyone's)",
    request: { params: TokenIdParamSchema },
    responses: { 200: jsonContent(ApiTokenSchema, "The revoked token"), ...errorResponses(401, 403, 404) },
  }),
  async (c) => {
    const now = new Date();
    const caller = c.get("caller");
    const row = await revokeToken(c.get("db"), { caller, tokenId: c.req.valid("param").id, now });
    // Also when it was revoked before: a retry after a failed announcement repairs it.
    await announceRevocation(c.get("services").accountState, row);
    await recordAudit(c.get("db"), caller.accountId, caller, {
      action: "token.revoked",
      targetType: "token",
      targetId: row.id,
      detail: { name: row.name },
    });
    return c.json(toApiToken(row, now), 200);
  },
);
