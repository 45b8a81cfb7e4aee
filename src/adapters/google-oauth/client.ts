import { z } from "zod";
import type { GoogleConfig } from "../../config";
import { ProviderError } from "../provider-error";
import { GOOGLE, type GoogleReply, googleRequest, logGoogleReply, retryAfterSecondsOf } from "./google-request";
import {
  type AccessToken,
  type AuthorizationRequest,
  type GoogleGrant,
  type GoogleOAuth,
  IDENTITY_SCOPES,
  WEBMASTERS_READONLY,
} from "./port";

const TokenReplySchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().optional(),
  refresh_token: z.string().min(1).optional(),
  scope: z.string().optional(),
  id_token: z.string().optional(),
});

const OAuthErrorSchema = z.object({ error: z.string().optional() });

const IdTokenClaimsSchema = z.object({ sub: z.string().optional(), email: z.string().optional() });

/** Google's tokens live about an hour; assumed when `expires_in` is missing. */
const DEFAULT_EXPIRES_IN_SECONDS = 3600;

type TokenStep = "exchange" | "refresh";

/** Google's OAuth 2.0 for web-server apps (EXTERNAL_APIS-2 §2): PKCE S256, offline access, form-encoded token calls. */
export function createGoogleOAuthClient(deps: { google: GoogleConfig; fetch: typeof fetch; timeoutMs: number }): GoogleOAuth {
  const { google } = deps;

  async function tokenCall(step: TokenStep, form: Record<string, string>, redirectUri?: string) {
    const body = new URLSearchParams({ client_id: google.clientId, client_secret: google.clientSecret, ...form });
    const reply = await googleRequest(deps, google.tokenUrl, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
      body: body.toString(),
    });
    if (reply.status !== 200) throw tokenFailure(step, reply, google.tokenUrl, redirectUri);
    const parsed = TokenReplySchema.safeParse(reply.json);
    if (!parsed.success) {
      logGoogleReply("google_token_unexpected", google.tokenUrl, { ...reply, text: "(a 200 without an access token)" });
      throw new ProviderError("invalid_output", GOOGLE, `${GOOGLE} answered the token request in an unexpected form`);
    }
    return parsed.data;
  }

  return {
    authorizationUrl(request: AuthorizationRequest): string {
      const url = new URL(google.authUrl);
      const params: Record<string, string> = {
        client_id: google.clientId,
        redirect_uri: request.redirectUri,
        response_type: "code",
        scope: [WEBMASTERS_READONLY, ...IDENTITY_SCOPES].join(" "),
        // A refresh token for the background sync, and a fresh one on every reconnect.
        access_type: "offline",
        prompt: "consent",
        include_granted_scopes: "true",
        state: request.state,
        code_challenge: request.codeChallenge,
        code_challenge_method: "S256",
      };
      for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
      return url.toString();
    },

    async exchangeCode({ code, codeVerifier, redirectUri }): Promise<GoogleGrant> {
      const token = await tokenCall(
        "exchange",
        { code, code_verifier: codeVerifier, redirect_uri: redirectUri, grant_type: "authorization_code" },
        redirectUri,
      );
      const identity = identityOf(token.id_token);
      return {
        accessToken: token.access_token,
        expiresInSeconds: token.expires_in ?? DEFAULT_EXPIRES_IN_SECONDS,
        refreshToken: token.refresh_token ?? null,
        scopes: scopesOf(token.scope),
        email: identity.email ?? null,
        subject: identity.sub ?? null,
      };
    },

    async refresh(refreshToken: string): Promise<AccessToken> {
      const token = await tokenCall("refresh", { refresh_token: refreshToken, grant_type: "refresh_token" });
      return {
        accessToken: token.access_token,
        expiresInSeconds: token.expires_in ?? DEFAULT_EXPIRES_IN_SECONDS,
        scopes: scopesOf(token.scope),
      };
    },

    async revoke(token: string): Promise<void> {
      const reply = await googleRequest(deps, google.revokeUrl, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ token }).toString(),
      });
      // 400: Google no longer knows the token (revoked or expired before), which is what we wanted.
      if (reply.status === 200 || reply.status === 400) return;
      logGoogleReply("google_revoke_failed", google.revokeUrl, reply);
      if (reply.status === 429)
        throw new ProviderError("rate_limited", GOOGLE, `${GOOGLE} asked us to slow down`, retryAfterSecondsOf(reply, 60));
      if (reply.status >= 500)
        throw new ProviderError("unavailable", GOOGLE, `${GOOGLE} could not revoke the connection (HTTP ${reply.status})`);
      throw new ProviderError("bad_request", GOOGLE, `${GOOGLE} refused to revoke the connection (HTTP ${reply.status})`);
    },
  };
}

function scopesOf(scope: string | undefined): string[] {
  return (scope ?? "").split(/\s+/).filter(Boolean);
}

/**
 * `sub` and `email` from the ID token's payload. The token came straight from Google's token
 * endpoint over TLS, which OIDC Core §3.1.3.7 accepts in place of checking its signature.
 */
function identityOf(idToken: string | undefined): { sub?: string; email?: string } {
  const payload = idToken?.split(".")[1];
  if (!payload) return {};
  try {
    const base64 = payload
      .replace(/-/g, "+")
      .replace(/_/g, "/")
      .padEnd(Math.ceil(payload.length / 4) * 4, "=");
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const claims = IdTokenClaimsSchema.safeParse(JSON.parse(new TextDecoder().decode(bytes)));
    return claims.success ? claims.data : {};
  } catch {
    return {};
  }
}

/** A failed token call as a ProviderError; `error` codes are Google's fixed vocabulary (RFC 6749 §5.2), the description stays in the log. */
function tokenFailure(step: TokenStep, reply: GoogleReply, tokenUrl: string, redirectUri?: string): ProviderError {
  logGoogleReply(`google_${step}_failed`, tokenUrl, reply);
  const code = OAuthErrorSchema.safeParse(reply.json).data?.error;
  if (reply.status >= 500)
    return new ProviderError("unavailable", GOOGLE, `${GOOGLE}'s token endpoint failed (HTTP ${reply.status}); try again later`);
  if (reply.status === 429)
    return new ProviderError("rate_limited", GOOGLE, `${GOOGLE} asked us to slow down`, retryAfterSecondsOf(reply, 60));
  switch (code) {
    case "invalid_grant":
      return new ProviderError(
        "credentials_rejected",
        GOOGLE,
        step === "refresh"
          ? `${GOOGLE} no longer accepts this connection: it was revoked or expired; reconnect Search Console`
          : `${GOOGLE} refused the authorization code: it was already used, expired or does not match its verifier; connect again`,
      );
    case "invalid_client":
      return new ProviderError(
        "bad_request",
        GOOGLE,
        `${GOOGLE} does not accept the service's OAuth client (invalid_client): the operator checks GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET`,
      );
    case "redirect_uri_mismatch":
      return new ProviderError(
        "bad_request",
        GOOGLE,
        `${GOOGLE} refused the redirect URI ${redirectUri ?? ""} (redirect_uri_mismatch): the operator registers it as an authorized redirect URI of the OAuth client`,
      );
    case "invalid_request":
      return new ProviderError(
        "bad_request",
        GOOGLE,
        `${GOOGLE} found the token request malformed (invalid_request): the service's OAuth configuration needs a look`,
      );
    default:
      return new ProviderError("bad_request", GOOGLE, `${GOOGLE} refused the token request (HTTP ${reply.status})`);
  }
}
