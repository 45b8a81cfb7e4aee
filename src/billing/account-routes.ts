import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { validationHook } from "../core/validation";
import type { AppEnv } from "../http/context";
import { errorResponses, jsonContent } from "../http/openapi";
import { getBalance } from "./balance";
import { listTransactions } from "./ledger";
import { BalanceSchema, PackagesSchema, toBalance, toPackages, toTransaction, TransactionSchema } from "./schemas";

/** What the account has and what things cost: balance, packages, transactions. */
export const billingAccountRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

billingAccountRoutes.openapi(
  createRoute({
    method: "get",
    operationId: "getBalance",
    path: "/billing/balance",
    tags: ["Billing"],
    summary: "Credit balance, billing mode and BYOK licence with this month's quota use",
    responses: { 200: jsonContent(BalanceSchema, "The balance"), ...errorResponses(401, 403) },
  }),
  async (c) => {
    return c.json(toBalance(await getBalance(c.get("db"), c.get("config").billing, c.get("caller").accountId, new Date())), 200);
  },
);

billingAccountRoutes.openapi(
  createRoute({
    method: "get",
    operationId: "listPackages",
    path: "/billing/packages",
    tags: ["Billing"],
    summary: "Prices: BYOK monthly and yearly licences, one article per model, top-up bounds",
    responses: { 200: jsonContent(PackagesSchema, "The prices in TRY"), ...errorResponses(401, 403) },
  }),
  (c) => c.json(toPackages(c.get("config").billing), 200),
);

billingAccountRoutes.openapi(
  createRoute({
    method: "get",
    operationId: "listTransactions",
    path: "/billing/transactions",
    tags: ["Billing"],
    summary: "The last 100 credit movements, newest first, each with the balance after it",
    responses: { 200: jsonContent(z.array(TransactionSchema), "Ledger rows, newest first"), ...errorResponses(401, 403) },
  }),
  async (c) => c.json((await listTransactions(c.get("db"), c.get("caller").accountId)).map(toTransaction), 200),
);
