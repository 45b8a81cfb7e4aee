import { OpenAPIHono } from "@hono/zod-openapi";
import { validationHook } from "../core/validation";
import type { AppEnv } from "../http/context";
import { billingAccountRoutes } from "./account-routes";
import { billingAdminRoutes } from "./admin-routes";
import { billingByokRoutes } from "./byok-routes";
import { billingPaymentRoutes } from "./payment-routes";

/** Every billing route, mounted at /api: management routes, the PayTR callback and the operator adjustment. */
export const billingRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .route("/", billingAccountRoutes)
  .route("/", billingPaymentRoutes)
  .route("/", billingByokRoutes)
  .route("/", billingAdminRoutes);
