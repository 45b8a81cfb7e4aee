import { OpenAPIHono } from "@hono/zod-openapi";
import { validationHook } from "../core/validation";
import type { AppEnv } from "../http/context";

export const opportunityRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
