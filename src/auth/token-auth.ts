import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { TokenScope } from "../db/schema";
import { AppError } from "../core/errors";
import { authenticateToken, recordTokenUse, tokenUseIsStale } from "../tokens/service";
import type { AppEnv } from "../http/context";
import { bearerSecret } from "../http/bearer";

/** Records a use after the response, and at most once a minute, so reads do not each become a write. */
export function recordUseLater(c: Context<AppEnv>, tokenId: string, lastUsedAt: string | null, now: Date): boolean {
  if (!tokenUseIsStale(lastUsedAt, now)) return false;
  c.executionCtx.waitUntil(recordTokenUse(c.get("db"), tokenId, now).catch(() => {}));
  return true;
}

/** Requires a valid token, read from D1 (management routes); 401 for missing, malformed, unknown, expired or revoked. */
export const requireToken = createMiddleware<AppEnv>(async (c, next) => {
  const now = new Date();
  const { caller, lastUsedAt } = await authenticateToken(c.get("db"), bearerSecret(c), now);
  c.set("caller", caller);
  recordUseLater(c, caller.tokenId, lastUsedAt, now);
  await next();
});

/** A `public:read` token may only read the public API; `manage` may do everything. */
export const requireScope = (scope: TokenScope) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const caller = c.get("caller");
    if (scope === "manage" && caller.scope !== "manage") {
      throw new AppError("insufficient_scope", "This token's scope is 'public:read'; this route needs a token with scope 'manage'");
    }
    await next();
  });
