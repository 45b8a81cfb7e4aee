import type { Context } from "hono";
import { AppError } from "../core/errors";
import type { RateLimitDecision } from "../durable-objects/account-state";
import type { AppEnv } from "./context";

/** Every rate limit counts over a rolling minute, except failed operator logins (15 minutes). */
export const RATE_WINDOW_MS = 60_000;

/** The X-RateLimit-* headers of a decision, sent on every answer the limit applies to. */
export function rateLimitHeaders(decision: RateLimitDecision): Record<string, string> {
  return {
    "X-RateLimit-Limit": String(decision.limit),
    "X-RateLimit-Remaining": String(decision.remaining),
    "X-RateLimit-Reset": String(Math.ceil(decision.resetAtMs / 1000)),
  };
}

/** The 429 of a refused decision, with its headers and Retry-After. */
export function rateLimitedError(decision: RateLimitDecision, headers: Record<string, string>, what: string): AppError {
  const retryAfter = Math.max(1, Math.ceil((decision.resetAtMs - Date.now()) / 1000));
  return new AppError("rate_limited", `${what}; retry in ${retryAfter} s`, undefined, { ...headers, "Retry-After": String(retryAfter) });
}

/** The account's AccountState object (public and management limits, revocations). */
export function accountLimiter(c: Context<AppEnv>, accountId: string) {
  const limiter = c.get("services").accountState;
  return limiter.get(limiter.idFromName(accountId));
}

/** Sets headers on the answer after the route ran (the answer may be an error turned into JSON). */
export function setHeaders(c: Context<AppEnv>, headers: Record<string, string>): void {
  for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
}
