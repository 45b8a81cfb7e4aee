import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { AppError } from "../core/errors";
import type { AppEnv } from "./context";

/** The panel's session cookie: `__Host-session` (HttpOnly, Secure, SameSite=Lax, Path=/). */
export const SESSION_COOKIE = "__Host-session";
const MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

export function readSessionCookie(c: Context<AppEnv>): string | undefined {
  return getCookie(c, "session", "host");
}

export function writeSessionCookie(c: Context<AppEnv>, sessionId: string): void {
  setCookie(c, "session", sessionId, { prefix: "host", httpOnly: true, secure: true, sameSite: "Lax", path: "/", maxAge: MAX_AGE_SECONDS });
}

export function clearSessionCookie(c: Context<AppEnv>): void {
  deleteCookie(c, "session", { prefix: "host", httpOnly: true, secure: true, sameSite: "Lax", path: "/" });
}

/** The known-device mark (src/sessions/known-device.ts): `__Host-device`, HttpOnly, 180 days, set at each sign-in. */
const DEVICE_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

export function readDeviceCookie(c: Context<AppEnv>): string | undefined {
  return getCookie(c, "device", "host");
}

export function writeDeviceCookie(c: Context<AppEnv>, mark: string | null): void {
  if (!mark) return;
  setCookie(c, "device", mark, {
    prefix: "host",
    httpOnly: true,
    secure: true,
    sameSite: "Lax",
    path: "/",
    maxAge: DEVICE_MAX_AGE_SECONDS,
  });
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSRF: a state-changing request that a cookie authenticates must say it comes from this
 * origin (`Origin`, which browsers send with every such request). `required`: a missing Origin
 * is refused too (cookie-authenticated calls); otherwise only a foreign one is.
 */
export function assertSameOrigin(c: Context<AppEnv>, required: boolean): void {
  if (SAFE_METHODS.has(c.req.method)) return;
  const origin = c.req.header("Origin");
  if (!origin && !required) return;
  if (origin !== new URL(c.req.url).origin) {
    throw new AppError(
      "forbidden",
      "Cross-site request refused: a request signed in with the session cookie must come from the panel's own origin (send 'Authorization: Bearer <token>' from scripts)",
    );
  }
}
