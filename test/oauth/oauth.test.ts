import { MCP_TOOLS } from "../../src/mcp/server";
import { describe, expect, it } from "vitest";
import { BASE, call, seedAccount } from "../harness";
import { decide, exchange, mcpClient, openConsent, ownerWithSession, REDIRECT, register } from "./helpers";

// Issue 21: OAuth 2.1 for MCP connectors, the consent page on the panel's session, and the grants
// listed and revoked beside the API tokens. Driven over HTTP as a connector and a browser would.

describe("OAuth for MCP connectors", () => {
  it("publishes authorization server and protected resource metadata, and /mcp challenges towards them", async () => {
    const server = (await (await call("/.well-known/oauth-authorization-server")).json()) as Record<string, unknown>;
    expect(server).toMatchObject({
      issuer: BASE,
      authorization_endpoint: `${BASE}/oauth/authorize`,
      token_endpoint: `${BASE}/oauth/token`,
      registration_endpoint: `${BASE}/oauth/register`,
      scopes_supported: ["autopilot"],
    });
    expect(server.code_challenge_methods_supported).toEqual(["S256"]);
    const resource = (await (await call("/.well-known/oauth-protected-resource/mcp")).json()) as Record<string, unknown>;
    expect(resource).toMatchObject({ resource: `${BASE}/mcp`, authorization_servers: [BASE] });

    const challenge = await call("/mcp", {
      method: "POST",
      json: { jsonrpc: "2.0", id: 1, method: "tools/list" },
      headers: { Accept: "application/json, text/event-stream" },
    });
    expect(challenge.status).toBe(401);
    expect(challenge.headers.get("WWW-Authenticate")).toContain(`resource_metadata="${BASE}/.well-known/oauth-protected-resource/mcp"`);
  });

  it("registers a client, asks the signed-in owner, exchanges the code with PKCE, and the token works at /mcp until the grant is revoked", async () => {
    const owner = await ownerWithSession();
    const clientId = await register();

    // Signed out: to the panel's sign-in, which comes back here.
    const signedOut = await call(`/oauth/authorize?client_id=${clientId}`, { redirect: "manual" });
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("Location")).toBe(`/sign-in?next=${encodeURIComponent(`/oauth/authorize?client_id=${clientId}`)}`);

    const consent = await openConsent(owner.sessionCookie, clientId);
    expect(consent.res.status).toBe(200);
    // The client's self-asserted name is shown as text, with where the access goes.
    expect(consent.html).toContain("Test &#60;b&#62;Connector&#60;/b&#62;");
    expect(consent.html).not.toContain("<b>Connector");
    expect(consent.html).toContain("127.0.0.1");
    expect(consent.html).toContain("This sends access to an app on your computer");
    expect(consent.handle).toBeTruthy();

    // A form posted from another site is refused and changes nothing.
    expect((await decide(owner.sessionCookie, consent, "approve", "https://evil.invalid")).status).toBe(403);

    const approved = await decide(owner.sessionCookie, consent, "approve");
    expect(approved.status).toBe(302);
    const location = new URL(approved.headers.get("Location")!);
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
    expect(location.searchParams.get("state")).toBe("state-123");
    expect(location.searchParams.get("iss")).toBe(BASE);
    const tokens = await exchange(clientId, location.searchParams.get("code")!, consent.verifier);
    expect(tokens).toMatchObject({ token_type: "bearer", scope: "autopilot" });

    const client = await mcpClient(tokens.access_token);
    // Every tool of the server: a connector's token reaches the same tools as an API token.
    expect((await client.listTools()).tools).toHaveLength(MCP_TOOLS.length);
    const balance = await client.callTool({ name: "get_balance", arguments: {} });
    expect(balance.structuredContent).toEqual(await (await call("/api/billing/balance", { token: owner.token })).json());
    await client.close();

    const grants = (await (await call("/api/oauth/grants", { token: owner.token })).json()) as {
      items: { id: string; clientId: string; clientName: string; scope: string[] }[];
    };
    expect(grants.items).toEqual([expect.objectContaining({ clientId, clientName: "Test <b>Connector</b>", scope: ["autopilot"] })]);
    // Another account sees none of them and cannot revoke them.
    const stranger = await seedAccount();
    expect(await (await call("/api/oauth/grants", { token: stranger.token })).json()).toEqual({ items: [], revoked: [] });
    expect((await call(`/api/oauth/grants/${grants.items[0]!.id}`, { method: "DELETE", token: stranger.token })).status).toBe(404);

    const revoked = await call(`/api/oauth/grants/${grants.items[0]!.id}`, { method: "DELETE", token: owner.token });
    expect(revoked.status).toBe(200);
    await expect(mcpClient(tokens.access_token)).rejects.toMatchObject({ code: 401, message: expect.stringContaining("invalid_token") });
    expect(await (await call("/api/oauth/grants", { token: owner.token })).json()).toEqual({ items: [], revoked: [] });
  });

  it("a denial goes back to the client as access_denied, and a handle works once", async () => {
    const owner = await ownerWithSession();
    const clientId = await register("Denied app");
    const consent = await openConsent(owner.sessionCookie, clientId);
    const denied = await decide(owner.sessionCookie, consent, "deny");
    expect(denied.status).toBe(302);
    const location = new URL(denied.headers.get("Location")!);
    expect(location.searchParams.get("error")).toBe("access_denied");
    expect(location.searchParams.get("state")).toBe("state-123");
    const again = await decide(owner.sessionCookie, consent, "approve");
    expect(again.status).toBe(400);
    expect(await again.text()).toContain("The authorization could not go on");
  });

  it("speaks Turkish to a Turkish browser, like the panel", async () => {
    const owner = await ownerWithSession();
    const consent = await openConsent(owner.sessionCookie, await register("Bağlayıcı"), "tr-TR,tr;q=0.9,en;q=0.8");
    expect(consent.html).toContain('<html lang="tr">');
    expect(consent.html).toContain("<strong>Bağlayıcı</strong> Content Autopilot hesabınızı kullanabilsin mi?");
    expect(consent.html).toContain(">İzin ver</button>");
    expect(consent.html).toContain("Erişim bilgisayarınızdaki bir uygulamaya gönderiliyor.");
  });

  it("refuses bad input with a 4xx: a malformed registration, a grant id that cannot be one, a form without its handle", async () => {
    const owner = await ownerWithSession();
    const malformed = await call("/oauth/register", { method: "POST", body: "{not json", headers: { "Content-Type": "application/json" } });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ error: expect.any(String) });
    const noRedirect = await call("/oauth/register", { method: "POST", json: { client_name: "No redirect" } });
    expect(noRedirect.status).toBe(400);

    const oversize = await call(`/api/oauth/grants/${"g".repeat(201)}`, { method: "DELETE", token: owner.token });
    expect(oversize.status).toBe(400);
    expect(await oversize.json()).toMatchObject({ success: false, code: "invalid_request" });

    const noHandle = await call("/oauth/authorize", {
      method: "POST",
      headers: { Cookie: owner.sessionCookie, Origin: BASE, "Content-Type": "application/x-www-form-urlencoded" },
      body: "decision=approve",
      redirect: "manual",
    });
    expect(noHandle.status).toBe(400);
    expect(noHandle.headers.get("Location")).toBeNull();
  });

  it("refuses an unknown client or redirect on the page itself, never redirecting there", async () => {
    const owner = await ownerWithSession();
    const res = await call(
      `/oauth/authorize?response_type=code&client_id=nobody&redirect_uri=${encodeURIComponent("https://evil.invalid/cb")}&code_challenge=x&code_challenge_method=S256`,
      {
        headers: { Cookie: owner.sessionCookie },
        redirect: "manual",
      },
    );
    expect(res.status).toBe(400);
    expect(res.headers.get("Location")).toBeNull();
  });
});
