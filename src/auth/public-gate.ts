import { createMiddleware } from "hono/factory";
import { toIsoSeconds } from "../core/time";
import { publicTokenCache } from "../tokens/token-cache";
import { assertNotExpired, lookupToken, revokedTokenError, tokenHashOf } from "../tokens/service";
import { bearerSecret } from "../http/bearer";
import { recordUseLater } from "./token-auth";
import type { AppEnv } from "../http/context";
import { accountLimiter, RATE_WINDOW_MS, rateLimitedError, rateLimitHeaders, setHeaders } from "../http/rate-limit";
import { publicLeases } from "../http/rate-lease";

/**
 * The public API's door, with at most one Durable Object call per slice of requests: the token's
 * facts come from this isolate's cache (or D1 on a miss), and the account's AccountState object
 * refuses a revoked token and leases slices of 100 requests per rolling minute per account (not
 * per token) that this isolate spends locally (src/http/rate-lease.ts). Sets
 * the X-RateLimit-* headers on every answer, 429s included, and a Server-Timing entry with the
 * object's cost.
 */
export const publicGate = createMiddleware<AppEnv>(async (c, next) => {
  const now = new Date();
  const tokenHash = await tokenHashOf(bearerSecret(c));
  const cached = publicTokenCache.get(tokenHash, now.getTime());
  if (cached) assertNotExpired(cached.expiresAt, now);
  const token = cached ?? (await lookupToken(c.get("db"), tokenHash, now));
  const { accountId, tokenId } = token.caller;

  const gateStartedAt = Date.now();
  const limit = c.get("config").publicRateLimitPerMinute;
  const decision = await publicLeases.take(accountId, tokenId, (size) => accountLimiter(c, accountId).lease(limit, RATE_WINDOW_MS, size), {
    limit,
    keepAlive: (work) => c.executionCtx.waitUntil(work),
  });
  const timing = `ratelimit;dur=${Date.now() - gateStartedAt}${decision.leased ? ";desc=slice" : ""}`;
  if (decision.revoked) {
    publicTokenCache.forget(tokenHash);
    throw revokedTokenError();
  }
  if (!cached) publicTokenCache.set(tokenHash, token, now.getTime());
  const { caller } = token;
  c.set("caller", caller);
  c.set("contentVersion", decision.contentVersion);
  c.set("contentBookmark", decision.contentBookmark);
  if (recordUseLater(c, caller.tokenId, token.lastUsedAt, now)) publicTokenCache.noteUse(tokenHash, toIsoSeconds(now));

  const headers = { "Server-Timing": timing, ...rateLimitHeaders(decision) };
  if (!decision.allowed) throw rateLimitedError(decision, headers, `Rate limit of ${decision.limit} requests per minute exceeded`);
  await next();
  const cacheState = c.get("publicCache");
  const entries = [timing, ...(cacheState ? [`cache;desc=${cacheState}`] : []), ...(c.get("serverTiming") ?? [])];
  setHeaders(c, { ...headers, "Server-Timing": entries.join(", ") });
});
