import { createMiddleware } from "hono/factory";
import type { AppEnv } from "./context";
import { requireScope, requireToken } from "./auth";

/**
 * Paths under /api that do not take a `manage` token: the public API (its own middleware),
 * operator routes (ADMIN_TOKEN), public media, the OpenAPI document and signed callbacks.
 */
const NOT_MANAGEMENT = [/^\/api\/v1\/public(\/|$)/, /^\/api\/admin\//, /^\/api\/media\//, /^\/api\/openapi\.json$/, /^\/api\/billing\/callback\//];

export function isManagementPath(path: string): boolean {
  return !NOT_MANAGEMENT.some((pattern) => pattern.test(path));
}

/** Every management route needs a token with the `manage` scope. */
export const managementAuth = createMiddleware<AppEnv>(async (c, next) => {
  if (!isManagementPath(c.req.path)) return next();
  await requireToken(c, async () => {
    await requireScope("manage")(c, next);
  });
});
