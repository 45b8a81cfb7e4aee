import { describe, expect, it } from "vitest";
import { cachedProviderCount } from "../../src/oauth/provider";
import { BASE, call, callAt, seedAccount, useVars } from "../harness";
import { decide, exchange, mcpClient, openConsent, ownerWithSession, REDIRECT, register } from "./helpers";

// Issue 27: what a hostile probe found at the OAuth and MCP doors. Each case failed before its fix.

const form = { "Content-Type": "application/x-www-form-urlencoded" };
const MCP_ACCEPT = { Accept: "application/json, text/event-stream" };

/** An owner who allowed a new client: its id and first tokens. */
async function connectedApp(name = "Probe app") {
  const owner = await ownerWithSession();
  const clientId = await register(name);
  const consent = await openConsent(owner.sessionCookie, clientId);
  const code = new URL((await decide(owner.sessionCookie, consent, "approve")).headers.get("Location")!).searchParams.get("code")!;
  return { owner, clientId, tokens: await exchange(clientId, code, consent.verifier) };
}

const refresh = (clientId: string, refreshToken: string) =>
  call("/oauth/token", {
    method: "POST",
    headers: form,
    body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: refreshToken, client_id: clientId }).toString(),
  });

const register10 = (redirects: number, name: string, address = "198.51.100.60") =>
  call("/oauth/register", {
    method: "POST",
    headers: { "CF-Connecting-IP": address },
    json: {
      client_name: name,
      redirect_uris: Array.from({ length: redirects }, (_, i) => `http://127.0.0.1:${40000 + i}/cb`),
      token_endpoint_auth_method: "none",
    },
  });

describe("refresh token reuse", () => {
  it("a replaced refresh token presented again revokes the whole grant, and the owner sees why in API access", async () => {
    const { owner, clientId, tokens } = await connectedApp("Copied app");
    const first = await refresh(clientId, tokens.refresh_token);
    expect(first.status).toBe(200);
    const rotated = (await first.json()) as { access_token: string; refresh_token: string };
    expect(rotated.refresh_token).not.toBe(tokens.refresh_token);

    const reused = await refresh(clientId, tokens.refresh_token);
    expect(reused.status).toBe(400);
    expect(await reused.json()).toMatchObject({ error: "invalid_grant", error_description: expect.stringContaining("revoked") });
    // Both tokens of the grant are dead: the new refresh token and the new access token.
    expect((await refresh(clientId, rotated.refresh_token)).status).toBe(400);
    await expect(mcpClient(rotated.access_token)).rejects.toMatchObject({ code: 401 });

    const grants = (await (await call("/api/oauth/grants", { token: owner.token })).json()) as { items: unknown[]; revoked: unknown[] };
    expect(grants.items).toEqual([]);
    expect(grants.revoked).toEqual([
      {
        grantId: expect.any(String),
        clientId,
        clientName: "Copied app",
        reason: "refresh_token_reuse",
        revokedAt: expect.stringMatching(/Z$/),
      },
    ]);
    const stranger = await seedAccount();
    expect(await (await call("/api/oauth/grants", { token: stranger.token })).json()).toEqual({ items: [], revoked: [] });
  });

  it("is detected however the form's media type is spelled", async () => {
    const { clientId, tokens } = await connectedApp();
    expect((await refresh(clientId, tokens.refresh_token)).status).toBe(200);
    const reused = await call("/oauth/token", {
      method: "POST",
      headers: { "Content-Type": " Application/X-WWW-Form-Urlencoded ; charset=UTF-8" },
      body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: tokens.refresh_token, client_id: clientId }).toString(),
    });
    expect(reused.status).toBe(400);
    expect(await reused.json()).toMatchObject({ error: "invalid_grant", error_description: expect.stringContaining("revoked") });
  });

  it("the current refresh token keeps rotating as before", async () => {
    const { clientId, tokens } = await connectedApp();
    let refreshToken = tokens.refresh_token;
    for (let i = 0; i < 3; i += 1) {
      const res = await refresh(clientId, refreshToken);
      expect(res.status).toBe(200);
      refreshToken = ((await res.json()) as { refresh_token: string }).refresh_token;
    }
  });
});

describe("/mcp takes one message per request", () => {
  it("refuses a JSON-RPC batch with -32600 and runs none of its calls", async () => {
    const { token } = await seedAccount();
    const calls = Array.from({ length: 3 }, (_, i) => ({
      jsonrpc: "2.0",
      id: i + 1,
      method: "tools/call",
      params: { name: "get_balance", arguments: {} },
    }));
    const res = await call("/mcp", { method: "POST", token, json: calls, headers: MCP_ACCEPT });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      jsonrpc: "2.0",
      error: { code: -32600, message: expect.stringContaining("batches are not supported") },
      id: null,
    });
  });

  it("counts every tool call against the management limit", async () => {
    useVars({ MANAGEMENT_RATE_LIMIT_PER_MINUTE: "3" });
    const { token } = await seedAccount();
    const balance = (id: number) =>
      call("/mcp", {
        method: "POST",
        token,
        json: { jsonrpc: "2.0", id, method: "tools/call", params: { name: "get_balance", arguments: {} } },
        headers: MCP_ACCEPT,
      });
    for (let id = 1; id <= 3; id += 1) expect((await balance(id)).status).toBe(200);
    expect((await balance(4)).status).toBe(429);
  });

  it("answers tools/call with arguments that are not an object with a readable -32602", async () => {
    const { token } = await seedAccount();
    const res = await call("/mcp", {
      method: "POST",
      token,
      json: { jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "get_balance", arguments: ["x"] } },
      headers: MCP_ACCEPT,
    });
    const body = (await res.json()) as { id: number; error: { code: number; message: string } };
    expect(body).toMatchObject({
      id: 7,
      error: { code: -32602, message: "Invalid params: 'arguments' of get_balance must be an object of named arguments" },
    });
    expect(body.error.message).not.toMatch(/invalid_type|expected/);
  });
});

describe("Origin at /mcp", () => {
  it("refuses a browser page of another origin, before and after the token, and reflects no foreign origin", async () => {
    const { token } = await seedAccount();
    for (const auth of [{}, { token }]) {
      const res = await call("/mcp", {
        method: "POST",
        ...auth,
        json: { jsonrpc: "2.0", id: 1, method: "tools/list" },
        headers: { ...MCP_ACCEPT, Origin: "https://evil.invalid" },
      });
      expect(res.status).toBe(403);
      expect(res.headers.get("Access-Control-Allow-Origin")).toBeNull();
      expect(await res.json()).toMatchObject({ error: { message: expect.stringContaining("MCP_ALLOWED_ORIGINS") } });
    }
  });

  it("lets the service's own origin, a configured one and clients without Origin through", async () => {
    const { token } = await seedAccount();
    const list = (headers: Record<string, string>, vars = {}) =>
      call("/mcp", {
        method: "POST",
        token,
        vars,
        json: { jsonrpc: "2.0", id: 1, method: "tools/list" },
        headers: { ...MCP_ACCEPT, ...headers },
      });
    expect((await list({})).status).toBe(200);
    expect((await list({ Origin: BASE })).status).toBe(200);
    expect((await list({ Origin: "http://localhost:6274" })).status).toBe(403);
    const allowed = await list(
      { Origin: "http://localhost:6274" },
      { MCP_ALLOWED_ORIGINS: "http://localhost:6274, https://inspector.invalid" },
    );
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get("Access-Control-Allow-Origin")).toBe("http://localhost:6274");
  });
});

describe("plain http on a host that is not loopback", () => {
  const LAN = "http://panel.lan.invalid";

  it("the public and management APIs still answer; OAuth answers a 4xx JSON error instead of a 500", async () => {
    const { token } = await seedAccount();
    expect((await callAt(LAN, "/api/v1/public/articles", { token })).status).toBe(200);
    expect((await callAt(LAN, "/api/sites", { token })).status).toBe(200);
    expect((await callAt(LAN, "/")).status).not.toBe(500);
    for (const [path, method] of [
      ["/mcp", "POST"],
      ["/.well-known/oauth-authorization-server", "GET"],
      ["/oauth/token", "POST"],
      ["/oauth/register", "POST"],
      ["/api/oauth/grants", "GET"],
    ] as const) {
      const res = await callAt(LAN, path, { method, token, ...(method === "POST" ? { json: {} } : {}) });
      expect(res.status, path).toBe(400);
      expect(await res.json(), path).toMatchObject({ error: "invalid_request", error_description: expect.stringContaining("HTTPS") });
    }
  });

  it("loopback over plain http (wrangler dev) keeps OAuth", async () => {
    const metadata = await callAt("http://127.0.0.1:8787", "/.well-known/oauth-authorization-server");
    expect(metadata.status).toBe(200);
    expect(await metadata.json()).toMatchObject({ issuer: "http://127.0.0.1:8787" });
  });
});

describe("OAuth bodies and registrations", () => {
  it("the consent form takes only a form: JSON or text is a 415 page, an oversize form 413", async () => {
    const owner = await ownerWithSession();
    const bodies: [string, string][] = [
      ["application/json", JSON.stringify({ handle: "x", decision: "approve" })],
      ["text/plain", "handle=x&decision=approve"],
    ];
    for (const [type, body] of bodies) {
      const res = await call("/oauth/authorize", {
        method: "POST",
        headers: { Cookie: owner.sessionCookie, Origin: BASE, "Content-Type": type },
        body,
        redirect: "manual",
      });
      expect(res.status, type).toBe(415);
      expect(res.headers.get("Content-Type")).toContain("text/html");
      expect(await res.text()).toContain("This page takes the form it shows");
    }
    const oversize = await call("/oauth/authorize", {
      method: "POST",
      headers: { Cookie: owner.sessionCookie, Origin: BASE, ...form },
      body: `handle=${"h".repeat(20_000)}&decision=approve`,
    });
    expect(oversize.status).toBe(413);
  });

  it("token and registration bodies past 16 KB are 413", async () => {
    const token = await call("/oauth/token", {
      method: "POST",
      headers: form,
      body: `grant_type=refresh_token&refresh_token=${"r".repeat(20_000)}`,
    });
    expect(token.status).toBe(413);
    expect(await token.json()).toMatchObject({ error: "invalid_request" });
    const registration = await call("/oauth/register", {
      method: "POST",
      json: { client_name: "x".repeat(1024 * 1024), redirect_uris: [REDIRECT] },
    });
    expect(registration.status).toBe(413);
  });

  it("caps redirect URIs at 10 and the name at 100 characters without control or bidi characters", async () => {
    expect((await register10(11, "Many redirects")).status).toBe(400);
    expect(await (await register10(11, "Many redirects", "198.51.100.61")).json()).toMatchObject({ error: "invalid_redirect_uri" });
    for (const name of ["n".repeat(101), "Safe\u202Eppa.exe", "Line\nbreak", "   "]) {
      const res = await register10(1, name, "198.51.100.62");
      expect(res.status, JSON.stringify(name)).toBe(400);
      expect(await res.json()).toMatchObject({ error: "invalid_client_metadata" });
    }
    expect((await register10(10, "n".repeat(100), "198.51.100.63")).status).toBe(201);
  });

  it("an address registers 10 clients an hour; the 11th is 429 with Retry-After, another address still registers", async () => {
    for (let i = 0; i < 10; i += 1) expect((await register10(1, `Client ${i}`, "198.51.100.70")).status).toBe(201);
    const blocked = await register10(1, "One too many", "198.51.100.70");
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await register10(1, "Elsewhere", "198.51.100.71")).status).toBe(201);
  });
});

describe("the OAuth provider cache", () => {
  it("holds a few origins at most, however many Host names arrive", async () => {
    for (let i = 0; i < 20; i += 1)
      expect((await callAt(`https://host-${i}.invalid`, "/.well-known/oauth-authorization-server")).status).toBe(200);
    expect(cachedProviderCount()).toBeLessThanOrEqual(8);
  });
});
