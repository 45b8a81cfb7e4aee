import type { Context, Next } from "hono";
import { createMiddleware } from "hono/factory";
import { AppError } from "../core/errors";
import { sessionAccount } from "../sessions/service";
import type { AppEnv } from "../http/context";
import { assertSameOrigin, readSessionCookie } from "../http/session-cookie";
import { requireScope, requireToken } from "./token-auth";
import { auditRouteCall, enforceRole, labelsBeforeChange } from "./role-gate";
import { isManagementPath } from "../http/route-families";
import { accountLimiter, RATE_WINDOW_MS, rateLimitedError, rateLimitHeaders, setHeaders } from "../http/rate-limit";

/**
 * Every management route needs a token with the `manage` scope (or the panel's session cookie,
 * then a state change must come from the same origin) whose role may do what the route does
 * (src/auth/role-gate.ts), and counts against the
 * account's management limit (MANAGEMENT_RATE_LIMIT_PER_MINUTE, 600 by default, all its tokens
 * together, apart from its public reads): X-RateLimit-* on every answer, 429 with Retry-After
 * when the rolling minute is full.
 */
export const managementAuth = createMiddleware<AppEnv>(async (c, next) => {
  if (!isManagementPath(c.req.path)) return next();
  // The panel's session cookie stands in for a `manage` token when no Authorization is sent.
  const cookie = c.req.header("Authorization") ? undefined : readSessionCookie(c);
  if (cookie) {
    const session = await sessionAccount(c.get("services"), cookie, new Date());
    if (!session) throw new AppError("unauthorized", "The session has ended; sign in again with POST /api/session");
    assertSameOrigin(c, true);
    const { userId: _userId, sessionId: _sessionId, ...caller } = session;
    c.set("caller", caller);
    const rule = await enforceRole(c, caller);
    const before = await labelsBeforeChange(c, caller, rule);
    await countManagementRequest(c, next);
    return auditRouteCall(c, caller, rule, before);
  }
  await requireToken(c, async () => {
    await requireScope("manage")(c, async () => {
      const caller = c.get("caller");
      const rule = await enforceRole(c, caller);
      const before = await labelsBeforeChange(c, caller, rule);
      await countManagementRequest(c, next);
      await auditRouteCall(c, caller, rule, before);
    });
  });
});

/** Counts the request against the account's management limit (429 when the minute is full), with X-RateLimit-* on the answer. */
export async function countManagementRequest(c: Context<AppEnv>, next: Next): Promise<void> {
  const { accountId, tokenId } = c.get("caller");
  const decision = await accountLimiter(c, accountId).hit(c.get("config").managementRateLimitPerMinute, RATE_WINDOW_MS, tokenId, "manage");
  const headers = rateLimitHeaders(decision);
  if (!decision.allowed)
    throw rateLimitedError(decision, headers, `Rate limit of ${decision.limit} management requests per minute exceeded`);
  await next();
  setHeaders(c, headers);
}
