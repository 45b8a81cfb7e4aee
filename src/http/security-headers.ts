import { createMiddleware } from "hono/factory";
import type { AppEnv } from "./context";
import { isManagementPath } from "./management-auth";

/**
 * On every answer: `X-Content-Type-Options: nosniff`. On management and operator answers (they
 * are one account's data, and some carry a secret shown once: a new token, a webhook secret):
 * `Cache-Control: no-store` unless the route set its own caching.
 */
export const securityHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const path = c.req.path;
  const privateAnswer = path.startsWith("/api/") && (isManagementPath(path) || path.startsWith("/api/admin/"));
  const set = (headers: Headers) => {
    headers.set("X-Content-Type-Options", "nosniff");
    if (privateAnswer && !headers.has("Cache-Control")) headers.set("Cache-Control", "no-store");
  };
  try {
    set(c.res.headers);
  } catch {
    // An immutable response (one passed through from fetch): copy it to set the headers.
    c.res = new Response(c.res.body, c.res);
    set(c.res.headers);
  }
});
