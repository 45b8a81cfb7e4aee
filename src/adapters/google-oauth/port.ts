/** The scope the search loop asks for: every Search Console read. */
export const WEBMASTERS_READONLY = "https://www.googleapis.com/auth/webmasters.readonly";
/** Asked beside it so the integration can say which Google account is connected. */
export const IDENTITY_SCOPES = ["openid", "email"] as const;

export interface AuthorizationRequest {
  state: string;
  /** base64url(SHA-256(verifier)), sent with code_challenge_method=S256. */
  codeChallenge: string;
  redirectUri: string;
}

/** What the token endpoint gave for an authorization code. */
export interface GoogleGrant {
  accessToken: string;
  expiresInSeconds: number;
  /** Null when Google sent none (a reconnect without consent): keep the stored one. */
  refreshToken: string | null;
  /** The scopes granted (the user may untick some). */
  scopes: string[];
  /** From the ID token's payload (taken straight from the token endpoint over TLS); null without `openid email`. */
  email: string | null;
  subject: string | null;
}

export interface AccessToken {
  accessToken: string;
  expiresInSeconds: number;
  scopes: string[];
}

/**
 * Google's OAuth 2.0 for web-server apps (EXTERNAL_APIS-2.md §2). Failures are ProviderErrors:
 * `credentials_rejected` for `invalid_grant` (the grant is revoked or expired: redo the
 * connection, never retry), `unavailable`/`timeout` for 5xx and network failures.
 */
export interface GoogleOAuth {
  /** The URL the owner's browser goes to: offline access, consent, PKCE S256, the state. */
  authorizationUrl(request: AuthorizationRequest): string;
  exchangeCode(input: { code: string; codeVerifier: string; redirectUri: string }): Promise<GoogleGrant>;
  refresh(refreshToken: string): Promise<AccessToken>;
  /** Revokes the whole grant; a token Google no longer knows counts as revoked. */
  revoke(token: string): Promise<void>;
}
