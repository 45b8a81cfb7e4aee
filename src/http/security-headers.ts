import { createMiddleware } from "hono/factory";
import { bytesToBase64 } from "../core/crypto";
import type { AppEnv } from "./context";
import { isManagementPath } from "./route-families";

/**
 * On every answer: `X-Content-Type-Options: nosniff`. On management and operator answers (they
 * are one account's data, and some carry a secret shown once: a new token, a webhook secret):
 * `Cache-Control: no-store` unless the route set its own caching.
 */
export const securityHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const path = c.req.path;
  const privateAnswer = path.startsWith("/api/") && (isManagementPath(path) || path.startsWith("/api/admin/"));
  const res = withHeaders(c.res, (headers) => {
    headers.set("X-Content-Type-Options", "nosniff");
    if (privateAnswer && !headers.has("Cache-Control")) headers.set("Cache-Control", "no-store");
  });
  // Hono's setter copies the response: only a copy made for an immutable one is assigned.
  if (res !== c.res) c.res = res;
});

/**
 * `response` saying nosniff: for the answers of the OAuth provider in front of the app (its
 * metadata, token and registration endpoints, the /mcp challenge), which the middleware never sees.
 */
export function withNosniff(response: Response): Response {
  return withHeaders(response, (headers) => headers.set("X-Content-Type-Options", "nosniff"));
}

/**
 * The headers of a page the Worker renders itself (the OAuth consent page and its error page):
 * nothing loads but its one inline style, allowed by its hash; no script; never in a frame (the
 * consent buttons must not be clickjacked); the URL, which carries the client's request, never
 * goes to another site (`same-origin`: `no-referrer` would make the form's POST say `Origin: null`
 * and fail the same-origin check). No `form-action`: Chromium applies it to the redirect after
 * the form, which goes to the client's own address, whatever it is. The panel's pages get their
 * headers from web/public/_headers.
 */
export async function pageSecurityHeaders(inlineStyle: string): Promise<Record<string, string>> {
  const hash = bytesToBase64(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(inlineStyle))));
  return {
    "Content-Security-Policy": `default-src 'none'; style-src 'sha256-${hash}'; img-src 'self'; base-uri 'none'; frame-ancestors 'none'`,
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",
    "X-Content-Type-Options": "nosniff",
  };
}

/** `response` with `set` applied to its headers; an immutable one is copied first. */
function withHeaders(response: Response, set: (headers: Headers) => void): Response {
  try {
    set(response.headers);
    return response;
  } catch {
    // An immutable response (one passed through from fetch): copy it to set the headers.
    const copy = new Response(response.body, response);
    set(copy.headers);
    return copy;
  }
}
