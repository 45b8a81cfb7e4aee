import {
  discoverAuthorizationServerMetadata,
  refreshAuthorization,
  UnauthorizedError,
  type OAuthClientProvider,
} from "@modelcontextprotocol/sdk/client/auth.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { OAuthClientInformationMixed, OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";
import { expect, test } from "@playwright/test";
import { DEMO, expectAccessible, screenshot } from "./support";

// Issue 21: an MCP client that cannot send a header connects through OAuth, with the SDK's own
// auth flow (discovery from the 401, dynamic registration, PKCE, code exchange), against
// `npm run dev`. The browser part is the owner's: sign in to the panel, allow on the consent
// page. The client's redirect address is never listened on: the browser's visit to it is caught.

const REDIRECT = "http://127.0.0.1:9/oauth-callback";

/**
 * The client's requests come from an address of their own: `npm run dev` keeps its state between
 * runs, and registrations are limited to 10 an hour per address (all of loopback is one).
 */
const clientAddress = `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
const clientFetch: typeof fetch = (input, init) => {
  const headers = new Headers(init?.headers);
  headers.set("CF-Connecting-IP", clientAddress);
  return fetch(input, { ...init, headers });
};

/** What an MCP client keeps between the steps of its OAuth flow, in memory. */
function memoryAuthProvider(name: string) {
  const state: { client?: OAuthClientInformationMixed; tokens?: OAuthTokens; verifier?: string; authorizationUrl?: URL } = {};
  const provider: OAuthClientProvider = {
    get redirectUrl() {
      return REDIRECT;
    },
    get clientMetadata() {
      return {
        client_name: name,
        redirect_uris: [REDIRECT],
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
        token_endpoint_auth_method: "none",
      };
    },
    clientInformation: () => state.client,
    saveClientInformation: (client) => void (state.client = client),
    tokens: () => state.tokens,
    saveTokens: (tokens) => void (state.tokens = tokens),
    redirectToAuthorization: (url) => void (state.authorizationUrl = url),
    saveCodeVerifier: (verifier) => void (state.verifier = verifier),
    codeVerifier: () => state.verifier!,
  };
  return { provider, state };
}

test("an MCP client connects through OAuth: the owner signs in on the panel, allows it, and can revoke it", async ({ page, baseURL }) => {
  const mcpUrl = new URL("/mcp", baseURL);
  const { provider, state } = memoryAuthProvider(`Playwright MCP client ${Date.now()}`);

  // 1. The client is refused, finds the authorization server from the challenge, registers and asks for a code.
  const first = new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider, fetch: clientFetch });
  await expect(new Client({ name: "playwright", version: "1.0.0" }).connect(first)).rejects.toBeInstanceOf(UnauthorizedError);
  expect(state.client?.client_id).toBeTruthy();
  expect(state.authorizationUrl?.pathname).toBe("/oauth/authorize");

  // 2. The owner: signed out, the consent page goes through the panel's sign-in and comes back.
  await page.route("http://127.0.0.1:9/**", (route) =>
    route.fulfill({ status: 200, contentType: "text/plain", body: "You can close this window." }),
  );
  await page.goto(state.authorizationUrl!.toString());
  await expect(page).toHaveURL(/\/sign-in\?next=%2Foauth%2Fauthorize/);
  await page.getByLabel("Email").fill(DEMO.email);
  await page.getByLabel("Password", { exact: true }).fill(DEMO.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Playwright MCP client");
  await expect(page.getByText("This sends access to an app on your computer")).toBeVisible();
  await expect(page.getByText(`Signed in as ${DEMO.email}`)).toBeVisible();
  await expectAccessible(page, "oauth consent");
  await screenshot(page, "oauth-consent");
  await page.setViewportSize({ width: 375, height: 800 });
  await screenshot(page, "oauth-consent-phone");
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.getByRole("button", { name: "Allow" }).click();
  await page.waitForURL(/^http:\/\/127\.0\.0\.1:9\/oauth-callback\?/);
  const callback = new URL(page.url());
  expect(callback.searchParams.get("iss")).toBe(new URL(baseURL!).origin);

  // 3. The client exchanges the code (PKCE) and works.
  await first.finishAuth(callback.searchParams.get("code")!);
  const client = new Client({ name: "playwright", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider, fetch: clientFetch }));
  expect((await client.listTools()).tools).toHaveLength(41);
  const balance = await client.callTool({ name: "get_balance", arguments: {} });
  expect(balance.structuredContent).toMatchObject({ billingMode: "CREDITS" });
  await client.close();

  // 4. The panel lists the app beside the API tokens; revoking it stops its tokens.
  await page.goto("/api-access");
  const row = page.getByRole("row", { name: new RegExp(provider.clientMetadata.client_name!) });
  await expect(row).toBeVisible();
  page.once("dialog", (dialog) => void dialog.accept());
  await row.getByRole("button").click();
  await expect(row).toHaveCount(0);
  const afterRevoke = await fetch(mcpUrl, {
    method: "POST",
    headers: {
      Authorization: `Bearer ${state.tokens!.access_token}`,
      "Content-Type": "application/json",
      Accept: "application/json, text/event-stream",
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
  });
  expect(afterRevoke.status).toBe(401);
});

test("a copied refresh token: the replaced one presented again revokes the app, and API access says why", async ({ page, baseURL }) => {
  const mcpUrl = new URL("/mcp", baseURL);
  const name = `Copied MCP client ${Date.now()}`;
  const { provider, state } = memoryAuthProvider(name);
  await page.route("http://127.0.0.1:9/**", (route) =>
    route.fulfill({ status: 200, contentType: "text/plain", body: "You can close this window." }),
  );
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(DEMO.email);
  await page.getByLabel("Password", { exact: true }).fill(DEMO.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();

  const first = new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider, fetch: clientFetch });
  await expect(new Client({ name: "playwright", version: "1.0.0" }).connect(first)).rejects.toBeInstanceOf(UnauthorizedError);
  await page.goto(state.authorizationUrl!.toString());
  await page.getByRole("button", { name: "Allow" }).click();
  await page.waitForURL(/^http:\/\/127\.0\.0\.1:9\/oauth-callback\?/);
  await first.finishAuth(new URL(page.url()).searchParams.get("code")!);
  const original = state.tokens!;

  // The SDK's own refresh: the rightful client rotates its refresh token…
  const metadata = await discoverAuthorizationServerMetadata(baseURL!);
  const refreshWith = (refreshToken: string) =>
    refreshAuthorization(baseURL!, { metadata, clientInformation: state.client!, refreshToken, resource: mcpUrl });
  const refreshed = await refreshWith(original.refresh_token!);
  expect(refreshed.refresh_token).not.toBe(original.refresh_token);
  // …and a copy of the replaced one, presented again, is refused and ends the grant.
  await expect(refreshWith(original.refresh_token!)).rejects.toThrow(/already used/);
  await expect(refreshWith(refreshed.refresh_token!)).rejects.toThrow();
  const withNewToken = await fetch(mcpUrl, {
    method: "POST",
    headers: {
      Authorization: `Bearer ${refreshed.access_token}`,
      "Content-Type": "application/json",
      Accept: "application/json, text/event-stream",
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
  });
  expect(withNewToken.status).toBe(401);

  await page.goto("/api-access");
  await expect(page.getByText(new RegExp(`the access of the app "${name}" was revoked by the service`))).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(name) })).toHaveCount(0);
  await screenshot(page, "oauth-revoked-for-reuse");
});
