import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import { AppError } from "../core/errors";
import type { AppEnv } from "./context";

const MB = 1024 * 1024;
/**
 * JSON bodies: 1 MB; an article's HTML may be larger (PATCH of an article takes 2 MB); the OAuth
 * consent form is small. Uploads stream their own 15 MB limit.
 */
export const JSON_BODY_LIMIT = MB;
const PATH_LIMITS: [RegExp, number][] = [
  [/^\/api\/autopilot\/articles\/[^/]+$/, 2 * MB],
  // The MCP server's update_article carries an article's HTML too.
  [/^\/mcp$/, 2 * MB],
  [/^\/oauth\//, 16 * 1024],
];
const OWN_LIMIT = [/^\/api\/uploads$/];

const limiter = (maxSize: number) =>
  bodyLimit({
    maxSize,
    onError: () => {
      throw new AppError(
        "payload_too_large",
        `The request body is larger than ${maxSize >= MB ? `${maxSize / MB} MB` : `${maxSize / 1024} KB`}`,
      );
    },
  });
const limiters = new Map<number, ReturnType<typeof limiter>>();

/** Refuses an oversize body with 413 before it is read whole (Content-Length, or counted while streaming). */
export const bodyLimits = createMiddleware<AppEnv>(async (c, next) => {
  const path = c.req.path;
  if (OWN_LIMIT.some((pattern) => pattern.test(path))) return next();
  const maxSize = PATH_LIMITS.find(([pattern]) => pattern.test(path))?.[1] ?? JSON_BODY_LIMIT;
  if (!limiters.has(maxSize)) limiters.set(maxSize, limiter(maxSize));
  return limiters.get(maxSize)!(c, next);
});
