import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { expect } from "vitest";
import { bytesToBase64 } from "../../src/core/crypto";
import { startSession } from "../../src/sessions/service";
import { BASE, call, db, seedAccount } from "../harness";

// The OAuth dance as a connector and a browser go through it, over the Worker's HTTP surface.

export const REDIRECT = "http://127.0.0.1:33333/callback";
const base64url = (bytes: Uint8Array) => bytesToBase64(bytes).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

export async function pkce() {
  const verifier = base64url(crypto.getRandomValues(new Uint8Array(32)));
  const challenge = base64url(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier))));
  return { verifier, challenge };
}

export async function register(name = "Test <b>Connector</b>") {
  const res = await call("/oauth/register", {
    method: "POST",
    json: {
      client_name: name,
      redirect_uris: [REDIRECT],
      token_endpoint_auth_method: "none",
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
    },
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { client_id: string }).client_id;
}

export const cookieHeader = (cookies: string[]) => cookies.map((cookie) => cookie.split(";")[0]).join("; ");

/** The consent page for a new authorization request, as the signed-in owner sees it. */
export async function openConsent(sessionCookie: string, clientId: string, language = "en-GB") {
  const { verifier, challenge } = await pkce();
  const query = new URLSearchParams({
    response_type: "code",
    client_id: clientId,
    redirect_uri: REDIRECT,
    code_challenge: challenge,
    code_challenge_method: "S256",
    state: "state-123",
    scope: "autopilot",
    resource: `${BASE}/mcp`,
  });
  const res = await call(`/oauth/authorize?${query}`, { headers: { Cookie: sessionCookie, "Accept-Language": language } });
  const html = await res.text();
  return { res, html, verifier, handle: /name="handle" value="([^"]+)"/.exec(html)?.[1], consentCookies: res.headers.getSetCookie() };
}

export async function decide(
  sessionCookie: string,
  consent: Awaited<ReturnType<typeof openConsent>>,
  decision: "approve" | "deny",
  origin = BASE,
) {
  return call("/oauth/authorize", {
    method: "POST",
    headers: {
      Cookie: `${sessionCookie}; ${cookieHeader(consent.consentCookies)}`,
      Origin: origin,
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({ handle: consent.handle!, decision }).toString(),
    redirect: "manual",
  });
}

export async function exchange(clientId: string, code: string, verifier: string) {
  const res = await call("/oauth/token", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code,
      redirect_uri: REDIRECT,
      client_id: clientId,
      code_verifier: verifier,
      resource: `${BASE}/mcp`,
    }).toString(),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { access_token: string; refresh_token: string; token_type: string; scope: string };
}

export async function mcpClient(token: string) {
  const client = new Client({ name: "oauth-test", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${BASE}/mcp`), {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
      fetch: (input, init) => call(new URL(String(input)).pathname, init),
    }),
  );
  return client;
}

export async function ownerWithSession() {
  const owner = await seedAccount();
  const session = await startSession({ db: db() }, owner, new Date());
  return { ...owner, sessionCookie: `__Host-session=${session}` };
}
