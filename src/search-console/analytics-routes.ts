import { OpenAPIHono } from "@hono/zod-openapi";
import { validationHook } from "../core/validation";
import type { AppEnv } from "../http/context";

export const searchAnalyticsRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
