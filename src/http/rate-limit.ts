import { createMiddleware } from "hono/factory";
import { AppError } from "../core/errors";
import type { AppEnv } from "./context";

export const PUBLIC_RATE_WINDOW_MS = 60_000;

/**
 * 100 requests per rolling minute per account (not per token), counted in the account's
 * RateLimiter object. Sets the X-RateLimit-* headers on every answer, 429s included, and a
 * Server-Timing entry with the limiter's cost.
 */
export const publicRateLimit = createMiddleware<AppEnv>(async (c, next) => {
  const { accountId } = c.get("caller");
  const limiter = c.env.RATE_LIMITER.get(c.env.RATE_LIMITER.idFromName(accountId));
  const startedAt = Date.now();
  const decision = await limiter.hit(c.get("config").publicRateLimitPerMinute, PUBLIC_RATE_WINDOW_MS);
  const headers = {
    "Server-Timing": `ratelimit;dur=${Date.now() - startedAt}`,
    "X-RateLimit-Limit": String(decision.limit),
    "X-RateLimit-Remaining": String(decision.remaining),
    "X-RateLimit-Reset": String(Math.ceil(decision.resetAtMs / 1000)),
  };
  if (!decision.allowed) {
    const retryAfter = Math.max(1, Math.ceil((decision.resetAtMs - Date.now()) / 1000));
    throw new AppError("rate_limited", `Rate limit of ${decision.limit} requests per minute exceeded; retry in ${retryAfter} s`, undefined, {
      ...headers,
      "Retry-After": String(retryAfter),
    });
  }
  await next();
  for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
});
