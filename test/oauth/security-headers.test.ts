import { describe, expect, it } from "vitest";
import { bytesToBase64 } from "../../src/core/crypto";
import { startSession } from "../../src/sessions/service";
import { BASE, call, db, seedAccount } from "../harness";

// Issue 27: the answers of the OAuth provider in front of the app (metadata, token, registration,
// the /mcp challenge) say nosniff like the app's own, and the pages the Worker renders itself (the
// consent page and its error page) carry a strict Content-Security-Policy and are never framed.

const REDIRECT = "http://127.0.0.1:33333/callback";

async function sha256Base64(text: string): Promise<string> {
  return bytesToBase64(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text))));
}

/** The page's CSP, directive by directive. */
function policyOf(response: Response): Map<string, string[]> {
  const header = response.headers.get("Content-Security-Policy") ?? "";
  return new Map(
    header
      .split(";")
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!, sources]),
  );
}

/** A Worker-rendered page: its one inline style allowed by hash, nothing else loaded, never framed or sniffed. */
async function expectPageHeaders(response: Response) {
  const html = await response.text();
  expect(response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
  expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
  expect(response.headers.get("X-Frame-Options")).toBe("DENY");
  expect(response.headers.get("Referrer-Policy")).toBe("same-origin");
  const policy = policyOf(response);
  expect(policy.get("default-src")).toEqual(["'none'"]);
  expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
  expect(policy.get("base-uri")).toEqual(["'none'"]);
  expect(policy.has("script-src")).toBe(false);
  const styles = [...html.matchAll(/<style>([^<]*)<\/style>/g)].map((match) => match[1]!);
  expect(styles).toHaveLength(1);
  expect(policy.get("style-src")).toEqual([`'sha256-${await sha256Base64(styles[0]!)}'`]);
  expect(html).not.toMatch(/<script|\sstyle=/i);
}

describe("security headers of the OAuth doors", () => {
  it("the provider's own answers say nosniff: metadata, token and registration errors, the /mcp challenge", async () => {
    const answers = {
      server: await call("/.well-known/oauth-authorization-server"),
      resource: await call("/.well-known/oauth-protected-resource/mcp"),
      token: await call("/oauth/token", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          grant_type: "authorization_code",
          code: "not-a-code",
          redirect_uri: REDIRECT,
          client_id: "nobody",
        }).toString(),
      }),
      register: await call("/oauth/register", { method: "POST", body: "{not json", headers: { "Content-Type": "application/json" } }),
      mcp: await call("/mcp", {
        method: "POST",
        json: { jsonrpc: "2.0", id: 1, method: "tools/list" },
        headers: { Accept: "application/json, text/event-stream" },
      }),
    };
    expect(answers.server.status).toBe(200);
    expect(answers.resource.status).toBe(200);
    expect(answers.token.status).toBeGreaterThanOrEqual(400);
    expect(answers.register.status).toBe(400);
    expect(answers.mcp.status).toBe(401);
    for (const [name, response] of Object.entries(answers)) expect(response.headers.get("X-Content-Type-Options"), name).toBe("nosniff");
  });

  it("the consent page and its error page: a strict policy with the page's style by hash, never framed", async () => {
    const owner = await seedAccount();
    const cookie = `__Host-session=${await startSession({ db: db() }, owner, new Date())}`;
    const registered = await call("/oauth/register", {
      method: "POST",
      json: {
        client_name: "Headers test",
        redirect_uris: [REDIRECT],
        token_endpoint_auth_method: "none",
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    });
    const { client_id: clientId } = (await registered.json()) as { client_id: string };
    const query = new URLSearchParams({
      response_type: "code",
      client_id: clientId,
      redirect_uri: REDIRECT,
      code_challenge: "x".repeat(43),
      code_challenge_method: "S256",
      state: "s",
      scope: "autopilot",
      resource: `${BASE}/mcp`,
    });

    const consent = await call(`/oauth/authorize?${query}`, { headers: { Cookie: cookie } });
    expect(consent.status).toBe(200);
    expect(consent.headers.get("Cache-Control")).toBe("no-store");
    await expectPageHeaders(consent);

    // An unknown client cannot be sent back to: the error is shown here, under the same headers.
    query.set("client_id", "unknown-client");
    const failed = await call(`/oauth/authorize?${query}`, { headers: { Cookie: cookie } });
    expect(failed.status).toBe(400);
    await expectPageHeaders(failed);
  });
});
