import { describe, expect, it } from "vitest";
import { createGoogleOAuthClient } from "../../../src/adapters/google-oauth/client";
import { WEBMASTERS_READONLY } from "../../../src/adapters/google-oauth/port";
import {
  DEFAULT_GOOGLE_ACCOUNT,
  GOOGLE_AUTH_URL,
  GOOGLE_REVOKE_URL,
  GOOGLE_TOKEN_URL,
  pkcePair,
  TEST_GOOGLE_CLIENT,
  TEST_GOOGLE_REDIRECT_URI,
  USERINFO_EMAIL,
} from "../../fakes/google-oauth";
import { createGoogleFake, type GoogleFake } from "../../fakes/search-console";
import { failureOf } from "../provider-support";

function setup(options: { clientSecret?: string; timeoutMs?: number } = {}) {
  const fake = createGoogleFake();
  const google = createGoogleOAuthClient({
    google: {
      clientId: TEST_GOOGLE_CLIENT.clientId,
      clientSecret: options.clientSecret ?? TEST_GOOGLE_CLIENT.clientSecret,
      authUrl: GOOGLE_AUTH_URL,
      tokenUrl: GOOGLE_TOKEN_URL,
      revokeUrl: GOOGLE_REVOKE_URL,
      searchConsoleUrl: "https://searchconsole.googleapis.com",
    },
    fetch: fake.fetch,
    timeoutMs: options.timeoutMs ?? 5_000,
  });
  return { fake, google };
}

/** The consent round: our URL, the person's decision at Google, the code and our verifier. */
async function consented(fake: GoogleFake, google: ReturnType<typeof setup>["google"], grant?: string[]) {
  const { verifier, challenge } = await pkcePair();
  const url = google.authorizationUrl({ state: "state-abc", codeChallenge: challenge, redirectUri: TEST_GOOGLE_REDIRECT_URI });
  const callback = new URL(await fake.oauth.consent(url, { grant }));
  return { code: callback.searchParams.get("code")!, callback, verifier };
}

describe("Google OAuth: the authorization URL", () => {
  it("asks for read-only Search Console plus the e-mail, offline access, fresh consent and PKCE S256", async () => {
    const { google } = setup();
    const url = new URL(
      google.authorizationUrl({ state: "state-abc", codeChallenge: "challenge-xyz", redirectUri: TEST_GOOGLE_REDIRECT_URI }),
    );
    expect(`${url.origin}${url.pathname}`).toBe(GOOGLE_AUTH_URL);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: TEST_GOOGLE_CLIENT.clientId,
      redirect_uri: TEST_GOOGLE_REDIRECT_URI,
      response_type: "code",
      scope: `${WEBMASTERS_READONLY} openid email`,
      access_type: "offline",
      prompt: "consent",
      include_granted_scopes: "true",
      state: "state-abc",
      code_challenge: "challenge-xyz",
      code_challenge_method: "S256",
    });
  });

  it("Google sends the state back with the code, or with access_denied when the person refuses", async () => {
    const { fake, google } = setup();
    const { callback } = await consented(fake, google);
    expect(callback.searchParams.get("state")).toBe("state-abc");
    expect(callback.searchParams.get("code")).toBeTruthy();
    const url = google.authorizationUrl({
      state: "s2",
      codeChallenge: (await pkcePair()).challenge,
      redirectUri: TEST_GOOGLE_REDIRECT_URI,
    });
    const refused = new URL(await fake.oauth.consent(url, { deny: true }));
    expect(Object.fromEntries(refused.searchParams)).toEqual({ state: "s2", error: "access_denied" });
  });
});

describe("Google OAuth: exchanging the code", () => {
  it("posts a form with the client, the redirect URI and the verifier; returns the grant with the account from the ID token", async () => {
    const { fake, google } = setup();
    const { code, verifier } = await consented(fake, google);
    const grant = await google.exchangeCode({ code, codeVerifier: verifier, redirectUri: TEST_GOOGLE_REDIRECT_URI });
    expect(grant).toMatchObject({
      expiresInSeconds: 3599,
      scopes: [WEBMASTERS_READONLY, "openid", USERINFO_EMAIL],
      email: DEFAULT_GOOGLE_ACCOUNT.email,
      subject: DEFAULT_GOOGLE_ACCOUNT.sub,
    });
    expect(grant.accessToken).toMatch(/^ya29\./);
    expect(grant.refreshToken).toMatch(/^1\/\//);
    const sent = fake.oauth.received.token[0]!;
    expect(sent.contentType).toBe("application/x-www-form-urlencoded");
    expect(sent.form).toEqual({
      client_id: TEST_GOOGLE_CLIENT.clientId,
      client_secret: TEST_GOOGLE_CLIENT.clientSecret,
      code,
      code_verifier: verifier,
      redirect_uri: TEST_GOOGLE_REDIRECT_URI,
      grant_type: "authorization_code",
    });
    expect(fake.oauth.tokenInfo(grant.accessToken)?.account).toEqual(DEFAULT_GOOGLE_ACCOUNT);
  });

  it("a code works once: the second exchange is credentials_rejected", async () => {
    const { fake, google } = setup();
    const { code, verifier } = await consented(fake, google);
    await google.exchangeCode({ code, codeVerifier: verifier, redirectUri: TEST_GOOGLE_REDIRECT_URI });
    const error = await failureOf(google.exchangeCode({ code, codeVerifier: verifier, redirectUri: TEST_GOOGLE_REDIRECT_URI }));
    expect(error).toMatchObject({ failure: "credentials_rejected", provider: "Google", retryable: false });
  });

  it("a verifier that does not hash to the challenge is refused (PKCE)", async () => {
    const { fake, google } = setup();
    const { code } = await consented(fake, google);
    const other = await pkcePair();
    const error = await failureOf(google.exchangeCode({ code, codeVerifier: other.verifier, redirectUri: TEST_GOOGLE_REDIRECT_URI }));
    expect(error.failure).toBe("credentials_rejected");
    expect(error.message).not.toContain("Invalid code verifier");
  });

  it("only the scopes the person left ticked are granted; without email there is no e-mail", async () => {
    const { fake, google } = setup();
    const { code, verifier } = await consented(fake, google, ["openid"]);
    const grant = await google.exchangeCode({ code, codeVerifier: verifier, redirectUri: TEST_GOOGLE_REDIRECT_URI });
    expect(grant.scopes).toEqual(["openid"]);
    expect(grant).toMatchObject({ email: null, subject: DEFAULT_GOOGLE_ACCOUNT.sub });
  });

  it("a different redirect URI at the exchange is an operator error naming redirect_uri_mismatch", async () => {
    const { fake, google } = setup();
    const { code, verifier } = await consented(fake, google);
    const error = await failureOf(google.exchangeCode({ code, codeVerifier: verifier, redirectUri: "https://api.test/elsewhere" }));
    expect(error.failure).toBe("bad_request");
    expect(error.message).toContain("redirect_uri_mismatch");
  });

  it("a wrong client secret is an operator error naming invalid_client and the vars to check, without Google's text", async () => {
    const { fake, google } = setup({ clientSecret: "wrong" });
    const { code, verifier } = await consented(fake, google);
    const error = await failureOf(google.exchangeCode({ code, codeVerifier: verifier, redirectUri: TEST_GOOGLE_REDIRECT_URI }));
    expect(error.failure).toBe("bad_request");
    expect(error.message).toContain("invalid_client");
    expect(error.message).toContain("GOOGLE_CLIENT_SECRET");
    expect(error.message).not.toContain("Unauthorized");
  });

  it("an invalid_request is bad_request", async () => {
    const { fake, google } = setup();
    fake.oauth.failTokenEndpoint(400, { body: { error: "invalid_request", error_description: "Missing required parameter: code" } });
    const error = await failureOf(google.exchangeCode({ code: "x", codeVerifier: "y", redirectUri: TEST_GOOGLE_REDIRECT_URI }));
    expect(error.failure).toBe("bad_request");
    expect(error.message).toContain("invalid_request");
    expect(error.message).not.toContain("Missing required parameter");
  });

  it("a reconnect without prompt=consent gets no refresh token (null: keep the stored one)", async () => {
    const { fake, google } = setup();
    const first = await consented(fake, google);
    await google.exchangeCode({ code: first.code, codeVerifier: first.verifier, redirectUri: TEST_GOOGLE_REDIRECT_URI });
    const { verifier, challenge } = await pkcePair();
    const url = new URL(google.authorizationUrl({ state: "again", codeChallenge: challenge, redirectUri: TEST_GOOGLE_REDIRECT_URI }));
    url.searchParams.delete("prompt");
    const code = new URL(await fake.oauth.consent(url.toString())).searchParams.get("code")!;
    const grant = await google.exchangeCode({ code, codeVerifier: verifier, redirectUri: TEST_GOOGLE_REDIRECT_URI });
    expect(grant.refreshToken).toBeNull();
  });
});

describe("Google OAuth: refreshing", () => {
  it("trades the refresh token for a new access token", async () => {
    const { fake, google } = setup();
    const { code, verifier } = await consented(fake, google);
    const grant = await google.exchangeCode({ code, codeVerifier: verifier, redirectUri: TEST_GOOGLE_REDIRECT_URI });
    fake.oauth.expireAccessTokens();
    const token = await google.refresh(grant.refreshToken!);
    expect(token.accessToken).not.toBe(grant.accessToken);
    expect(token).toMatchObject({ expiresInSeconds: 3599, scopes: grant.scopes });
    expect(fake.oauth.tokenInfo(token.accessToken)).not.toBeNull();
    expect(fake.oauth.received.token.at(-1)!.form).toEqual({
      client_id: TEST_GOOGLE_CLIENT.clientId,
      client_secret: TEST_GOOGLE_CLIENT.clientSecret,
      refresh_token: grant.refreshToken,
      grant_type: "refresh_token",
    });
  });

  it("a revoked grant is credentials_rejected (reconnect), never retryable, without Google's description", async () => {
    const { fake, google } = setup();
    const { code, verifier } = await consented(fake, google);
    const grant = await google.exchangeCode({ code, codeVerifier: verifier, redirectUri: TEST_GOOGLE_REDIRECT_URI });
    fake.oauth.revokeAccess();
    const error = await failureOf(google.refresh(grant.refreshToken!));
    expect(error).toMatchObject({ failure: "credentials_rejected", retryable: false });
    expect(error.message).toContain("reconnect");
    expect(error.message).not.toContain("Token has been expired or revoked");
  });

  it("a 5xx is unavailable (retryable), a 429 rate_limited (60 s when Google sends no Retry-After)", async () => {
    const { fake, google } = setup();
    fake.oauth.failTokenEndpoint(503);
    expect(await failureOf(google.refresh("1//x"))).toMatchObject({ failure: "unavailable", retryable: true });
    fake.oauth.failTokenEndpoint(429, { body: { error: "rate_limit_exceeded" } });
    expect(await failureOf(google.refresh("1//x"))).toMatchObject({ failure: "rate_limited", retryAfterSeconds: 60 });
  });

  it("an answer slower than the timeout is a timeout; an unreachable host unavailable", async () => {
    const slow = setup({ timeoutMs: 50 });
    slow.fake.oauth.hangTokenEndpoint();
    expect(await failureOf(slow.google.refresh("1//x"))).toMatchObject({ failure: "timeout", retryable: true });

    const offline = createGoogleOAuthClient({
      google: {
        ...TEST_GOOGLE_CLIENT,
        authUrl: GOOGLE_AUTH_URL,
        tokenUrl: "https://nowhere.test/token",
        revokeUrl: GOOGLE_REVOKE_URL,
        searchConsoleUrl: "",
      },
      fetch: slow.fake.fetch,
      timeoutMs: 5_000,
    });
    expect(await failureOf(offline.refresh("1//x"))).toMatchObject({ failure: "unavailable" });
  });

  it("a 200 without an access token is invalid_output", async () => {
    const { fake, google } = setup();
    fake.oauth.failTokenEndpoint(200, { body: { token_type: "Bearer" } });
    expect((await failureOf(google.refresh("1//x"))).failure).toBe("invalid_output");
  });
});

describe("Google OAuth: revoking", () => {
  it("posts the token as a form; a second revoke (Google's 400) counts as done; the grant is dead", async () => {
    const { fake, google } = setup();
    const { code, verifier } = await consented(fake, google);
    const grant = await google.exchangeCode({ code, codeVerifier: verifier, redirectUri: TEST_GOOGLE_REDIRECT_URI });
    await google.revoke(grant.refreshToken!);
    await google.revoke(grant.refreshToken!);
    expect(fake.oauth.received.revoke).toEqual([
      { token: grant.refreshToken, from: "form" },
      { token: grant.refreshToken, from: "form" },
    ]);
    expect(fake.oauth.tokenInfo(grant.accessToken)).toBeNull();
    expect((await failureOf(google.refresh(grant.refreshToken!))).failure).toBe("credentials_rejected");
  });

  it("a 5xx from the revoke endpoint is unavailable", async () => {
    const { fake, google } = setup();
    fake.oauth.failTokenEndpoint(500);
    expect(await failureOf(google.revoke("1//x"))).toMatchObject({ failure: "unavailable", retryable: true });
  });
});
