import { Hono, type Context } from "hono";
import { WEBMASTERS_READONLY } from "../../src/adapters/google-oauth/port";
import { abortablePeer } from "./abortable-peer";

// Google's OAuth 2.0 for web-server apps (EXTERNAL_APIS-2 §2.6), three endpoints on two hosts:
// accounts.google.com/o/oauth2/v2/auth redirects with `code`+`state` (the test picks the account
// and the granted scopes) or `error=access_denied`, and shows an error page (no redirect) for an
// unknown client or an unregistered redirect URI; oauth2.googleapis.com/token takes forms only,
// checks the client (401 invalid_client), the redirect URI, the S256 verifier, single-use codes,
// gives a refresh token only for offline access on first consent or prompt=consent, refreshes,
// and says invalid_grant "Token has been expired or revoked." for a grant the user revoked;
// oauth2.googleapis.com/revoke answers 200 once and 400 afterwards. Incremental authorization
// (include_granted_scopes) is not modelled: a grant holds what that consent granted.

export const TEST_GOOGLE_CLIENT = {
  clientId: "123456789012-fake.apps.googleusercontent.com",
  clientSecret: "GOCSPX-fake-client-secret",
};
/** The callback the service registers at Google: the harness's BASE plus the integration's route. */
export const TEST_GOOGLE_REDIRECT_URI = "https://api.test/api/integrations/google/callback";
export const GOOGLE_AUTH_URL = "https://accounts.google.com/o/oauth2/v2/auth";
export const GOOGLE_TOKEN_URL = "https://oauth2.googleapis.com/token";
export const GOOGLE_REVOKE_URL = "https://oauth2.googleapis.com/revoke";
/** What Google writes in a token's `scope` for the requested `email`. */
export const USERINFO_EMAIL = "https://www.googleapis.com/auth/userinfo.email";

export interface GoogleAccount {
  sub: string;
  email: string;
}
export const DEFAULT_GOOGLE_ACCOUNT: GoogleAccount = { sub: "104729000000000000001", email: "owner@bakery.example" };

/** What the person at Google's consent screen does. */
export interface ConsentDecision {
  account?: GoogleAccount;
  /** Deny: the redirect carries `error=access_denied`. */
  deny?: boolean;
  /** The requested scopes left ticked, as requested (`openid`, `email`, WEBMASTERS_READONLY…); all by default. */
  grant?: string[];
}

interface AuthCode {
  clientId: string;
  redirectUri: string;
  account: GoogleAccount;
  scopes: string[];
  challenge: string | null;
  method: string;
  offline: boolean;
  forcedConsent: boolean;
  expiresAt: number;
  used: boolean;
}

interface Grant {
  account: GoogleAccount;
  scopes: string[];
  refreshToken: string | null;
  accessTokens: Map<string, { expired: boolean }>;
  revoked: boolean;
}

export interface TokenRequestRecord {
  form: Record<string, string>;
  contentType: string | null;
  authorization: string | null;
}

const CODE_LIFETIME_MS = 10 * 60_000;
const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;

function base64url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

// Read as bytes: workerd warns when a form body is read with .text().
const formOf = async (c: Context) => new URLSearchParams(new TextDecoder().decode(await c.req.arrayBuffer()));

const encodeJson = (value: unknown) => base64url(new TextEncoder().encode(JSON.stringify(value)));

async function s256(verifier: string): Promise<string> {
  return base64url(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier))));
}

/** A verifier and its S256 challenge, as the service makes them. */
export async function pkcePair(): Promise<{ verifier: string; challenge: string }> {
  const verifier = base64url(crypto.getRandomValues(new Uint8Array(32)));
  return { verifier, challenge: await s256(verifier) };
}

/** `email` in a request is `…/auth/userinfo.email` in what Google grants. */
const grantedForm = (scope: string) => (scope === "email" ? USERINFO_EMAIL : scope);

type Scripted = { status: number; body: unknown; times: number } | "hang";

export function createGoogleOAuthFake(
  options: { clientId?: string; clientSecret?: string; redirectUris?: string[]; now?: () => Date } = {},
) {
  const clientId = options.clientId ?? TEST_GOOGLE_CLIENT.clientId;
  const clientSecret = options.clientSecret ?? TEST_GOOGLE_CLIENT.clientSecret;
  const redirectUris = options.redirectUris ?? [TEST_GOOGLE_REDIRECT_URI];
  const now = () => (options.now ?? (() => new Date()))().getTime();

  const codes = new Map<string, AuthCode>();
  const grants: Grant[] = [];
  /** Accounts that consented before with offline access: a later consent without prompt=consent gets no refresh token. */
  const consented = new Set<string>();
  const received = {
    auth: [] as Record<string, string>[],
    token: [] as TokenRequestRecord[],
    revoke: [] as { token: string | null; from: "query" | "form" }[],
  };
  let serial = 0;
  let nextDecision: ConsentDecision | null = null;
  let tokenScript: Scripted | null = null;

  const grantOfAccess = (token: string) => grants.find((grant) => grant.accessTokens.has(token));
  const grantOfRefresh = (token: string) => grants.find((grant) => grant.refreshToken === token);

  function issueAccess(grant: Grant): string {
    serial += 1;
    const token = `ya29.fake-access-${serial}`;
    grant.accessTokens.set(token, { expired: false });
    return token;
  }

  function idToken(grant: Grant): string | undefined {
    if (!grant.scopes.includes("openid")) return undefined;
    const issuedAt = Math.floor(now() / 1000);
    const claims: Record<string, unknown> = {
      iss: "https://accounts.google.com",
      aud: clientId,
      sub: grant.account.sub,
      iat: issuedAt,
      exp: issuedAt + 3600,
    };
    if (grant.scopes.includes(USERINFO_EMAIL)) Object.assign(claims, { email: grant.account.email, email_verified: true });
    return `${encodeJson({ alg: "RS256", kid: "fake", typ: "JWT" })}.${encodeJson(claims)}.ZmFrZS1zaWduYXR1cmU`;
  }

  const errorPage = (c: Context, error: string, detail: string) =>
    c.html(`<!doctype html><title>Error 400: ${error}</title><h1>Access blocked: authorization error</h1><p>${detail}</p>`, 400);

  const accounts = new Hono();
  accounts.get("/o/oauth2/v2/auth", (c) => {
    const params = Object.fromEntries(new URL(c.req.url).searchParams);
    received.auth.push(params);
    const decision = nextDecision ?? {};
    nextDecision = null;
    if (params.client_id !== clientId) return errorPage(c, "invalid_client", "The OAuth client was not found.");
    if (!params.redirect_uri || !redirectUris.includes(params.redirect_uri))
      return errorPage(
        c,
        "redirect_uri_mismatch",
        "You can't sign in to this app because it doesn't comply with Google's OAuth 2.0 policy.",
      );
    if (params.response_type !== "code") return errorPage(c, "unsupported_response_type", "Invalid response_type.");
    if (!params.scope) return errorPage(c, "invalid_request", "Missing required parameter: scope");
    const method = params.code_challenge_method ?? "plain";
    if (params.code_challenge && method !== "S256" && method !== "plain")
      return errorPage(c, "invalid_request", "Invalid code_challenge_method.");

    const back = new URL(params.redirect_uri);
    if (params.state !== undefined) back.searchParams.set("state", params.state);
    if (decision.deny) {
      back.searchParams.set("error", "access_denied");
      return c.redirect(back.toString(), 302);
    }
    const requested = params.scope.split(/\s+/).filter(Boolean);
    const ticked = decision.grant ?? requested;
    const scopes = requested.filter((scope) => ticked.includes(scope)).map(grantedForm);
    serial += 1;
    const code = `4/0Afake-code-${serial}`;
    const prompts = (params.prompt ?? "").split(/\s+/);
    codes.set(code, {
      clientId,
      redirectUri: params.redirect_uri,
      account: decision.account ?? DEFAULT_GOOGLE_ACCOUNT,
      scopes,
      challenge: params.code_challenge ?? null,
      method,
      offline: params.access_type === "offline",
      forcedConsent: prompts.includes("consent"),
      expiresAt: now() + CODE_LIFETIME_MS,
      used: false,
    });
    back.searchParams.set("code", code);
    back.searchParams.set("scope", scopes.join(" "));
    back.searchParams.set("authuser", "0");
    back.searchParams.set("prompt", "consent");
    return c.redirect(back.toString(), 302);
  });

  const oauthError = (c: Context, status: 400 | 401, error: string, description: string) =>
    c.json({ error, error_description: description }, status);

  const tokens = new Hono();
  tokens.post("/token", async (c) => {
    const contentType = c.req.header("Content-Type") ?? null;
    const isForm = contentType?.toLowerCase().startsWith("application/x-www-form-urlencoded") ?? false;
    const form = isForm ? Object.fromEntries(await formOf(c)) : {};
    received.token.push({ form, contentType, authorization: c.req.header("Authorization") ?? null });
    const script = tokenScript;
    if (script === "hang") return new Promise<Response>(() => {});
    if (script) {
      if (--script.times <= 0) tokenScript = null;
      return c.json(script.body, script.status as 500);
    }
    if (!isForm) return oauthError(c, 400, "invalid_request", "Invalid request: the body must be application/x-www-form-urlencoded.");

    let client = { id: form.client_id, secret: form.client_secret };
    const basic = /^Basic (.+)$/.exec(c.req.header("Authorization") ?? "");
    if (basic) {
      const [id, secret] = atob(basic[1]!).split(":");
      client = { id, secret };
    }
    if (client.id !== clientId) return oauthError(c, 401, "invalid_client", "The OAuth client was not found.");
    if (client.secret !== clientSecret) return oauthError(c, 401, "invalid_client", "Unauthorized");

    if (form.grant_type === "authorization_code") {
      if (!form.code) return oauthError(c, 400, "invalid_request", "Missing required parameter: code");
      const code = codes.get(form.code);
      if (!code || code.expiresAt < now()) return oauthError(c, 400, "invalid_grant", "Malformed auth code.");
      if (code.used) return oauthError(c, 400, "invalid_grant", "Bad Request");
      if (form.redirect_uri !== code.redirectUri) return oauthError(c, 400, "redirect_uri_mismatch", "Bad Request");
      if (code.challenge) {
        if (!form.code_verifier) return oauthError(c, 400, "invalid_grant", "Missing code verifier.");
        const expected = code.method === "S256" ? await s256(form.code_verifier) : form.code_verifier;
        if (!VERIFIER.test(form.code_verifier) || expected !== code.challenge)
          return oauthError(c, 400, "invalid_grant", "Invalid code verifier.");
      }
      code.used = true;
      const firstConsent = !consented.has(code.account.sub);
      const withRefresh = code.offline && (firstConsent || code.forcedConsent);
      if (code.offline) consented.add(code.account.sub);
      serial += 1;
      const grant: Grant = {
        account: code.account,
        scopes: code.scopes,
        refreshToken: withRefresh ? `1//fake-refresh-${serial}` : null,
        accessTokens: new Map(),
        revoked: false,
      };
      grants.push(grant);
      const idTokenValue = idToken(grant);
      return c.json({
        access_token: issueAccess(grant),
        expires_in: 3599,
        ...(grant.refreshToken ? { refresh_token: grant.refreshToken } : {}),
        scope: grant.scopes.join(" "),
        token_type: "Bearer",
        ...(idTokenValue ? { id_token: idTokenValue } : {}),
      });
    }

    if (form.grant_type === "refresh_token") {
      if (!form.refresh_token) return oauthError(c, 400, "invalid_request", "Missing required parameter: refresh_token");
      const grant = grantOfRefresh(form.refresh_token);
      if (!grant || grant.revoked) return oauthError(c, 400, "invalid_grant", "Token has been expired or revoked.");
      const idTokenValue = idToken(grant);
      return c.json({
        access_token: issueAccess(grant),
        expires_in: 3599,
        scope: grant.scopes.join(" "),
        token_type: "Bearer",
        ...(idTokenValue ? { id_token: idTokenValue } : {}),
      });
    }

    return oauthError(c, 400, "unsupported_grant_type", `Invalid grant_type: ${form.grant_type ?? ""}`);
  });

  tokens.post("/revoke", async (c) => {
    const fromQuery = new URL(c.req.url).searchParams.get("token");
    const isForm = (c.req.header("Content-Type") ?? "").toLowerCase().startsWith("application/x-www-form-urlencoded");
    const fromForm = isForm ? (await formOf(c)).get("token") : null;
    const token = fromQuery ?? fromForm;
    received.revoke.push({ token, from: fromQuery !== null ? "query" : "form" });
    const script = tokenScript;
    if (script === "hang") return new Promise<Response>(() => {});
    if (script) {
      if (--script.times <= 0) tokenScript = null;
      return c.json(script.body, script.status as 500);
    }
    const grant = token ? (grantOfRefresh(token) ?? grantOfAccess(token)) : undefined;
    if (!grant || grant.revoked) return c.json({ error: "invalid_token", error_description: "Token expired or revoked" }, 400);
    // Revoking either token ends the whole grant, and the next consent counts as the first.
    grant.revoked = true;
    consented.delete(grant.account.sub);
    return c.json({});
  });

  return {
    accountsPeer: abortablePeer("accounts.google.com", accounts),
    tokenPeer: abortablePeer("oauth2.googleapis.com", tokens),
    clientId,
    clientSecret,
    received,

    /**
     * The consent step: the browser opens the authorization URL, the person decides, Google
     * redirects. Returns the callback URL (with `code`+`state`, or `error=access_denied`); throws
     * with Google's error page text when Google would not redirect.
     */
    async consent(authorizationUrl: string, decision: ConsentDecision = {}): Promise<string> {
      nextDecision = decision;
      const response = await accounts.fetch(new Request(authorizationUrl));
      nextDecision = null;
      const location = response.headers.get("Location");
      if (response.status !== 302 || !location) throw new Error(`Google showed an error page: ${await response.text()}`);
      return location;
    },

    /** A live access token with these scopes (all of the service's by default), as if the account had connected. */
    accessTokenFor(grantOptions: { account?: GoogleAccount; scopes?: string[] } = {}): string {
      const grant: Grant = {
        account: grantOptions.account ?? DEFAULT_GOOGLE_ACCOUNT,
        scopes: grantOptions.scopes ?? [WEBMASTERS_READONLY, "openid", USERINFO_EMAIL],
        refreshToken: null,
        accessTokens: new Map(),
        revoked: false,
      };
      grants.push(grant);
      return issueAccess(grant);
    },

    /** Who an access token speaks for and what it may do; null when Google would answer 401. */
    tokenInfo(accessToken: string): { account: GoogleAccount; scopes: string[] } | null {
      const grant = grantOfAccess(accessToken);
      if (!grant || grant.revoked || grant.accessTokens.get(accessToken)?.expired) return null;
      return { account: grant.account, scopes: grant.scopes };
    },

    /** The access tokens issued so far expire (the API answers 401); refresh tokens still work. */
    expireAccessTokens() {
      for (const grant of grants) for (const entry of grant.accessTokens.values()) entry.expired = true;
    },

    /** The person removes the app in their Google account: every grant of the account dies (refresh → invalid_grant). */
    revokeAccess(account: GoogleAccount = DEFAULT_GOOGLE_ACCOUNT) {
      for (const grant of grants) if (grant.account.sub === account.sub) grant.revoked = true;
      consented.delete(account.sub);
    },

    /** The next `times` token or revoke calls answer this status and body. */
    failTokenEndpoint(status: number, options: { body?: unknown; times?: number } = {}) {
      tokenScript = {
        status,
        body: options.body ?? { error: "internal_failure", error_description: "Backend Error" },
        times: options.times ?? 1,
      };
    },

    /** Token and revoke calls from now on never answer. */
    hangTokenEndpoint() {
      tokenScript = "hang";
    },
  };
}

export type GoogleOAuthFake = ReturnType<typeof createGoogleOAuthFake>;
