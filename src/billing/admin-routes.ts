import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { requireAdminToken } from "../http/operator-auth";
import { formatKurus } from "../core/money";
import { validationHook } from "../core/validation";
import type { AppEnv } from "../http/context";
import { errorResponses, jsonBody, jsonContent } from "../http/openapi";
import { adjustBalance } from "./adjustments";
import { getBalanceKurus } from "./ledger";
import { AccountIdParamSchema, AdjustmentBodySchema, AdjustmentResultSchema, liraNumberToKurus, toTransaction } from "./schemas";

/** Operator routes of billing (ADMIN_TOKEN). */
export const billingAdminRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

billingAdminRoutes.openapi(
  createRoute({
    method: "post",
    operationId: "adjustAccountBalance",
    path: "/admin/accounts/{id}/adjustments",
    tags: ["Operator"],
    summary: "Adjust an account's balance with a reason, recorded in its ledger (operator only, ADMIN_TOKEN)",
    middleware: [requireAdminToken] as const,
    request: { params: AccountIdParamSchema, body: jsonBody(AdjustmentBodySchema) },
    responses: {
      201: jsonContent(AdjustmentResultSchema, "The adjustment was applied"),
      200: jsonContent(AdjustmentResultSchema, "An adjustment with this reference was applied before; nothing changed"),
      ...errorResponses(400, 401, 403, 404, 409),
    },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    const input = c.req.valid("json");
    const db = c.get("db");
    const { entry, applied } = await adjustBalance(db, {
      accountId: id,
      amountKurus: liraNumberToKurus(input.amountTry)!,
      reason: input.reason,
      reference: input.reference,
      now: new Date(),
    });
    return c.json({ transaction: toTransaction(entry), creditBalance: formatKurus(await getBalanceKurus(db, id)) }, applied ? 201 : 200);
  },
);
