import { createMiddleware } from "hono/factory";
import { timingSafeEqualText } from "../core/crypto";
import { AppError } from "../core/errors";
import { log } from "../core/logger";
import { clientAddressKey } from "./client-address";
import type { AppEnv } from "./context";
import { rateLimitedError, rateLimitHeaders } from "./rate-limit";

/** Failed operator logins one address may make per window before every attempt from it is 429. */
export const OPERATOR_FAILURE_LIMIT = 10;
export const OPERATOR_FAILURE_WINDOW_MS = 15 * 60_000;

/**
 * Operator routes: `Authorization: Bearer <ADMIN_TOKEN>`; disabled when the secret is unset.
 * Failed attempts are counted per client address (CF-Connecting-IP, parsed; IPv6 by /64) in an
 * AccountState object's stored window: after 10 in 15 minutes the address gets 429 with
 * Retry-After, even with the right token, so guessing stops rather than only wrong guesses.
 */
export const requireAdminToken = createMiddleware<AppEnv>(async (c, next) => {
  const expected = c.env.ADMIN_TOKEN;
  if (!expected) throw new AppError("forbidden", "Operator routes are disabled: the ADMIN_TOKEN secret is not set");
  const given = /^Bearer\s+(\S+)$/i.exec(c.req.header("Authorization") ?? "")?.[1];
  const failed = !given || !timingSafeEqualText(given, expected);

  const address = clientAddressKey(c.req.header("CF-Connecting-IP"));
  const states = c.get("services").accountState;
  const decision = await states
    .get(states.idFromName(`operator-ip:${address}`))
    .loginAttempt("operator-failures", failed, OPERATOR_FAILURE_LIMIT, OPERATOR_FAILURE_WINDOW_MS);
  if (!decision.allowed) {
    log("warn", "operator_login_blocked", { address });
    throw rateLimitedError(
      decision,
      rateLimitHeaders(decision),
      `Too many failed operator logins from this address (${decision.limit} per 15 minutes)`,
    );
  }
  if (failed) throw new AppError("unauthorized", "Operator routes need 'Authorization: Bearer <ADMIN_TOKEN>'");
  await next();
});
