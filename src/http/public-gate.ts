import { createMiddleware } from "hono/factory";
import { AppError } from "../core/errors";
import { toIsoSeconds } from "../core/time";
import { publicTokenCache } from "../tokens/token-cache";
import { assertNotExpired, lookupToken, revokedTokenError, tokenHashOf } from "../tokens/service";
import { bearerSecret, recordUseLater } from "./auth";
import type { AppEnv } from "./context";

export const PUBLIC_RATE_WINDOW_MS = 60_000;

/**
 * The public API's door, with one Durable Object call per request: the token's facts come
 * from this isolate's cache (or D1 on a miss), and the account's RateLimiter object both refuses
 * a revoked token and counts 100 requests per rolling minute per account (not per token). Sets
 * the X-RateLimit-* headers on every answer, 429s included, and a Server-Timing entry with the
 * object's cost.
 */
export const publicGate = createMiddleware<AppEnv>(async (c, next) => {
  const now = new Date();
  const tokenHash = await tokenHashOf(bearerSecret(c));
  let token = publicTokenCache.get(tokenHash, now.getTime());
  if (token) {
    assertNotExpired(token.expiresAt, now);
  } else {
    token = await lookupToken(c.get("db"), tokenHash, now);
    publicTokenCache.set(tokenHash, token, now.getTime());
  }
  const { caller } = token;

  const limiter = c.get("services").rateLimiter;
  const gate = limiter.get(limiter.idFromName(caller.accountId));
  const gateStartedAt = Date.now();
  const decision = await gate.hit(c.get("config").publicRateLimitPerMinute, PUBLIC_RATE_WINDOW_MS, caller.tokenId);
  const timing = `ratelimit;dur=${Date.now() - gateStartedAt}`;
  if (decision.revoked) {
    publicTokenCache.forget(tokenHash);
    throw revokedTokenError();
  }
  c.set("caller", caller);
  if (recordUseLater(c, caller.tokenId, token.lastUsedAt, now)) publicTokenCache.noteUse(tokenHash, toIsoSeconds(now));

  const headers = {
    "Server-Timing": timing,
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
