import type { OAuthHelpers } from "@cloudflare/workers-oauth-provider";
import { concatBytes, sha256Hex } from "../core/crypto";
import { log } from "../core/logger";
import { BIDI_CONTROLS } from "../core/plain-text";
import { toIsoSeconds } from "../core/time";
import { createDb } from "../db/client";
import { oauthRevocations } from "../db/schema";
import type { Env } from "../env";
import { clientAddressKey } from "../http/client-address";

// What the OAuth library lets through and we do not: a refresh token presented after it was
// replaced, and client registrations without limits. Both run on the request before the library
// sees it; a refusal is an OAuth-style JSON error (RFC 6749 §5.2, RFC 7591 §3.2.2).

/** Token and registration requests are small: a registration with 10 redirect URIs fits many times over. */
export const OAUTH_BODY_LIMIT = 16 * 1024;
export const MAX_REDIRECT_URIS = 10;
export const MAX_CLIENT_NAME_LENGTH = 100;
/** Registrations one address may make per hour. */
export const REGISTRATIONS_PER_HOUR = 10;
const HOUR_MS = 60 * 60_000;

export function oauthErrorResponse(status: number, error: string, description: string, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ error, error_description: description }), {
    status,
    headers: { "Content-Type": "application/json", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff", ...headers },
  });
}

/** The body as text, or null when it is longer than `limit` bytes (read no further than that). */
export async function readLimitedBody(request: Request, limit: number): Promise<string | null> {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > limit) return null;
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(concatBytes(chunks));
}

interface StoredGrant {
  clientId: string;
  previousRefreshTokenId?: string;
  metadata?: { clientName?: unknown };
}

/**
 * Refresh-token reuse detection (OAuth 2.1, RFC 9700 §4.14.2). The library keeps the token a
 * refresh replaced valid, so a client that lost the answer can retry; but a copied token then
 * works for whoever holds it, and the rightful client is the one locked out. Here, presenting a
 * replaced refresh token revokes the whole grant (every token of it), and the owner sees why in
 * API access.
 */
export async function guardRefreshTokenReuse(request: Request, body: string, env: Env, oauth: OAuthHelpers): Promise<Response | null> {
  // The library takes the token request only as a form, its media type read as this reads it.
  const mediaType = (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (mediaType !== "application/x-www-form-urlencoded") return null;
  const form = new URLSearchParams(body);
  const token = form.get("refresh_token");
  if (form.get("grant_type") !== "refresh_token" || !token) return null;
  const [userId, grantId, secret] = token.split(":");
  if (!userId || !grantId || !secret) return null;
  const grant = await env.OAUTH_KV.get<StoredGrant>(`grant:${userId}:${grantId}`, "json");
  if (!grant?.previousRefreshTokenId || grant.previousRefreshTokenId !== (await sha256Hex(token))) return null;

  await oauth.revokeGrant(grantId, userId);
  const clientName = typeof grant.metadata?.clientName === "string" ? grant.metadata.clientName : grant.clientId;
  await createDb(env.DB)
    .insert(oauthRevocations)
    .values({
      grantId,
      accountId: userId,
      clientId: grant.clientId,
      clientName,
      reason: "refresh_token_reuse",
      revokedAt: toIsoSeconds(new Date()),
    })
    .onConflictDoNothing();
  log("warn", "oauth_refresh_token_reused", { accountId: userId, clientId: grant.clientId });
  return oauthErrorResponse(
    400,
    "invalid_grant",
    "This refresh token was already used and replaced: it may have been copied, so the app's access was revoked. Connect the app again.",
  );
}

/** Control characters and the bidirectional overrides that make a name read differently than it is. */
const UNSAFE_NAME_CHARACTERS = new RegExp(`\\p{Cc}|${BIDI_CONTROLS.source}`, "u");

/**
 * Dynamic client registration (RFC 7591) is open to anyone, so it is bounded: REGISTRATIONS_PER_HOUR
 * per address, at most MAX_REDIRECT_URIS redirect URIs, and a client name of at most
 * MAX_CLIENT_NAME_LENGTH characters without control or bidi characters (it is shown to the owner).
 * Anything else the library checks itself.
 */
export async function guardClientRegistration(request: Request, body: string, env: Env): Promise<Response | null> {
  let metadata: unknown;
  try {
    metadata = JSON.parse(body);
  } catch {
    return null; // the library answers malformed JSON
  }
  if (typeof metadata !== "object" || metadata === null || Array.isArray(metadata)) return null;
  const { redirect_uris: redirectUris, client_name: clientName } = metadata as Record<string, unknown>;
  if (Array.isArray(redirectUris) && redirectUris.length > MAX_REDIRECT_URIS) {
    return oauthErrorResponse(
      400,
      "invalid_redirect_uri",
      `At most ${MAX_REDIRECT_URIS} redirect_uris may be registered, got ${redirectUris.length}`,
    );
  }
  if (clientName !== undefined) {
    if (typeof clientName !== "string" || clientName.trim() === "")
      return oauthErrorResponse(400, "invalid_client_metadata", "client_name must be a non-empty string");
    if ([...clientName].length > MAX_CLIENT_NAME_LENGTH)
      return oauthErrorResponse(400, "invalid_client_metadata", `client_name must be at most ${MAX_CLIENT_NAME_LENGTH} characters`);
    if (UNSAFE_NAME_CHARACTERS.test(clientName))
      return oauthErrorResponse(
        400,
        "invalid_client_metadata",
        "client_name must not contain control characters or bidirectional overrides",
      );
  }

  const address = clientAddressKey(request.headers.get("CF-Connecting-IP") ?? undefined);
  const window = env.ACCOUNT_STATE.get(env.ACCOUNT_STATE.idFromName(`oauth-register-ip:${address}`));
  const decision = await window.loginAttempt("oauth-registrations", true, REGISTRATIONS_PER_HOUR, HOUR_MS);
  if (decision.allowed) return null;
  const retryAfter = Math.max(1, Math.ceil((decision.resetAtMs - Date.now()) / 1000));
  log("warn", "oauth_registration_blocked", {});
  return oauthErrorResponse(
    429,
    "invalid_request",
    `Too many client registrations from this address (${REGISTRATIONS_PER_HOUR} per hour); retry in ${retryAfter} s`,
    { "Retry-After": String(retryAfter) },
  );
}
