import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/app";
import { decryptSecret } from "../../src/core/crypto";
import { sites } from "../../src/db/schema";
import { BASE, call, db, expectError, seedAccount, seedToken, testEnv, useFakeFetch } from "../harness";
import { connectFakeSite, installFakeWordPress } from "../fakes/wordpress-setup";

const connect = (token: string, json: unknown) => call("/api/sites", { method: "POST", token, json });
const body = (fake: { origin: string; appPassword: string }, extra: Record<string, unknown> = {}) => ({
  url: fake.origin,
  blogUsername: "admin",
  blogAppPassword: fake.appPassword,
  businessContext: "A bakery blog",
  ...extra,
});

async function storedSites(accountId: string) {
  return db().select().from(sites).where(eq(sites.accountId, accountId));
}

describe("POST /api/sites (WordPress)", () => {
  it("verifies the credentials with users/me, stores them encrypted and answers 201 with the Site record", async () => {
    const fake = installFakeWordPress();
    const { token, accountId } = await seedAccount();
    const res = await connect(token, body(fake, { language: "tr" }));
    expect(res.status).toBe(201);
    const site = (await res.json()) as Record<string, unknown>;
    expect(site).toMatchObject({
      url: "https://blog.example.com",
      platform: "blog",
      status: "CONNECTED",
      statusMessage: null,
      language: "tr",
      businessContext: "A bakery blog",
      blogUsername: "admin",
    });
    expect(site.id).toMatch(/^site_/);
    expect(JSON.stringify(site)).not.toContain("1234");

    const [me] = fake.calls("wp/v2/users/me");
    expect(me).toMatchObject({ method: "GET", authenticated: true });

    const [row] = await storedSites(accountId);
    expect(row!.blogAppPasswordEncrypted).toMatch(/^v1\./);
    expect(row!.blogAppPasswordEncrypted).not.toContain("1234");
    expect(await decryptSecret(testEnv.ENCRYPTION_KEY!, row!.blogAppPasswordEncrypted!)).toBe(fake.appPassword);
    expect(row!.blogApiRoot).toBe("https://blog.example.com/wp-json/");
  });

  it("accepts the e-mail as user name, a password without spaces and a URL with a trailing slash", async () => {
    const fake = installFakeWordPress();
    const { token } = await seedAccount();
    const res = await connect(
      token,
      body(fake, {
        url: "https://blog.example.com/",
        blogUsername: "admin@example.com",
        blogAppPassword: fake.appPassword.replace(/ /g, ""),
      }),
    );
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ url: "https://blog.example.com", language: "en" });
  });

  it("finds the REST API of a site without pretty permalinks through the discovery Link header", async () => {
    const fake = installFakeWordPress({ prettyPermalinks: false });
    const { token, accountId } = await seedAccount();
    expect((await connect(token, body(fake))).status).toBe(201);
    const [row] = await storedSites(accountId);
    expect(row!.blogApiRoot).toBe("https://blog.example.com/?rest_route=%2F");
    const sync = await call(`/api/sites/${row!.id}/sync`, { method: "POST", token });
    expect(await sync.json()).toEqual({ synced: 25 });
  });

  it("is 422 saying the credentials were rejected, and stores nothing", async () => {
    const fake = installFakeWordPress();
    const { token, accountId } = await seedAccount();
    const error = await expectError(
      await connect(token, body(fake, { blogAppPassword: "wrong pass word" })),
      422,
      "wordpress_credentials_rejected",
    );
    expect(error.message).toMatch(/rejected the user name or application password/);
    expect(await storedSites(accountId)).toHaveLength(0);
  });

  it("is 422 with a different message when the address is not a WordPress site, and stores nothing", async () => {
    const fake = installFakeWordPress();
    fake.failure = "not_wordpress";
    const { token, accountId } = await seedAccount();
    const error = await expectError(await connect(token, body(fake)), 422, "not_wordpress");
    expect(error.message).toMatch(/is not a WordPress site, or its REST API/);
    expect(error.message).not.toMatch(/rejected/);
    expect(await storedSites(accountId)).toHaveLength(0);
  });

  it("is 422 when nothing answers at the address", async () => {
    useFakeFetch(async () => {
      throw new TypeError("connection refused");
    });
    const { token } = await seedAccount();
    const error = await expectError(
      await connect(token, { url: "https://nothing.example.com", blogUsername: "a", blogAppPassword: "b" }),
      422,
      "site_unreachable",
    );
    expect(error.message).toMatch(/Could not reach https:\/\/nothing\.example\.com/);
  });

  it("is 502 when WordPress fails with a 500, without echoing its body", async () => {
    const fake = installFakeWordPress();
    fake.failure = "server_error";
    const { token, accountId } = await seedAccount();
    const error = await expectError(await connect(token, body(fake)), 502, "site_unavailable");
    expect(error.message).not.toMatch(/critical error/);
    expect(await storedSites(accountId)).toHaveLength(0);
  });

  it("is 504 when WordPress does not answer in time", async () => {
    const fake = installFakeWordPress();
    fake.failure = "slow";
    const { token, accountId } = await seedAccount();
    const error = await expectError(await connect(token, body(fake)), 504, "site_timeout");
    expect(error.message).toMatch(/did not answer within 1\.5 s/);
    expect(await storedSites(accountId)).toHaveLength(0);
  });

  it("refuses private and loopback addresses when ALLOW_PRIVATE_URLS is false, before calling them", async () => {
    const fake = installFakeWordPress({ origin: "http://127.0.0.1:8881" });
    const { token, accountId } = await seedAccount();
    for (const url of ["http://127.0.0.1:8881", "http://localhost:8881", "http://10.0.0.5", "http://[::1]/", "http://intranet"]) {
      const ctx = createExecutionContext();
      const res = await createApp().fetch(
        new Request(`${BASE}/api/sites`, {
          method: "POST",
          headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
          body: JSON.stringify(body(fake, { url })),
        }),
        { ...testEnv, ALLOW_PRIVATE_URLS: "false" },
        ctx,
      );
      await waitOnExecutionContext(ctx);
      const error = await expectError(res, 400, "invalid_address");
      expect(error.message).toMatch(/private, loopback or internal/);
    }
    expect(fake.requests).toHaveLength(0);
    expect(await storedSites(accountId)).toHaveLength(0);
  });

  it("allows a loopback address when ALLOW_PRIVATE_URLS is true (local development and tests)", async () => {
    const fake = installFakeWordPress({ origin: "http://127.0.0.1:8881" });
    const { token } = await seedAccount();
    expect((await connect(token, body(fake))).status).toBe(201);
  });

  it("is 409 when the same address is already connected to the account", async () => {
    const fake = installFakeWordPress();
    const { token } = await seedAccount();
    const first = await connectFakeSite(token, fake);
    const error = await expectError(await connect(token, body(fake, { url: "https://blog.example.com/" })), 409, "site_already_connected");
    expect(error.message).toContain(first.id);
  });

  it("connects one site when two connects of the same address race (201 and 409)", async () => {
    const fake = installFakeWordPress();
    // WordPress answers slowly, so both connects pass the "already connected?" lookup before either stores.
    useFakeFetch((async (input: RequestInfo | URL, init?: RequestInit) => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      return fake.fetch(input, init);
    }) as typeof fetch);
    const { token, accountId } = await seedAccount();
    const answers = await Promise.all([connect(token, body(fake)), connect(token, body(fake))]);
    expect(answers.map((res) => res.status).sort()).toEqual([201, 409]);
    expect(await storedSites(accountId)).toHaveLength(1);
  });

  it("answers bad input with 400 and stores nothing", async () => {
    const fake = installFakeWordPress();
    const { token, accountId } = await seedAccount();
    // The body's shape is checked first (invalid_request); a well-formed address the outbound check refuses is invalid_address.
    const cases: [unknown, string][] = [
      [{}, "invalid_request"],
      [{ url: fake.origin, blogUsername: "admin" }, "invalid_request"],
      [body(fake, { url: 42 }), "invalid_request"],
      [body(fake, { blogUsername: "" }), "invalid_request"],
      [body(fake, { language: "not a language" }), "invalid_request"],
      [body(fake, { businessContext: "x".repeat(5001) }), "invalid_request"],
      [body(fake, { unexpected: true }), "invalid_request"],
      [body(fake, { url: "ftp://blog.example.com" }), "invalid_address"],
      [body(fake, { url: "https://user:pw@blog.example.com" }), "invalid_address"],
      [body(fake, { url: "not a url" }), "invalid_address"],
    ];
    for (const [json, code] of cases) await expectError(await connect(token, json), 400, code);
    const malformed = await call("/api/sites", {
      method: "POST",
      token,
      body: "{not json",
      headers: { "Content-Type": "application/json" },
    });
    await expectError(malformed, 400, "invalid_request");
    expect(fake.requests).toHaveLength(0);
    expect(await storedSites(accountId)).toHaveLength(0);
  });

  it("needs a manage token", async () => {
    const fake = installFakeWordPress();
    const { accountId } = await seedAccount();
    await expectError(await call("/api/sites", { method: "POST", json: body(fake) }), 401, "unauthorized");
    const { token: readOnly } = await seedToken(accountId, "public:read");
    await expectError(await connect(readOnly, body(fake)), 403, "insufficient_scope");
    expect(fake.requests).toHaveLength(0);
  });
});
