import { beforeEach, describe, expect, it } from "vitest";
import { call, expectError, seedAccount, seedToken, useFakeFetch } from "../harness";
import { decrypt, siteRow, sitesOf, withPrivateUrlsRefused } from "./forum-helpers";

const outboundCalls: string[] = [];
beforeEach(() => {
  outboundCalls.length = 0;
  // Connecting a custom site calls nothing; any outbound request is recorded and fails.
  useFakeFetch(async (input) => {
    outboundCalls.push(String(input instanceof Request ? input.url : input));
    throw new TypeError("no network in this test");
  });
});

const connectCustom = (token: string, json: unknown) => call("/api/platforms/custom/connect", { method: "POST", token, json });

describe("POST /api/platforms/custom/connect", () => {
  it("answers 201 with the site id and a 32-byte hex secret, stored encrypted", async () => {
    const { token, accountId } = await seedAccount();
    const res = await connectCustom(token, {
      url: "https://www.example.com/",
      webhookUrl: "https://hooks.example.com/autopilot",
      businessContext: "Bakery supplies",
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { id: string; webhookSecret: string };
    expect(body).toEqual({ id: expect.stringMatching(/^site_[0-9A-Za-z]{16}$/), webhookSecret: expect.stringMatching(/^[0-9a-f]{64}$/) });

    const row = await siteRow(body.id);
    expect(row).toMatchObject({
      accountId,
      platform: "custom",
      url: "https://www.example.com",
      webhookUrl: "https://hooks.example.com/autopilot",
      status: "CONNECTED",
      businessContext: "Bakery supplies",
    });
    expect(row.webhookSecretEncrypted).not.toContain(body.webhookSecret);
    expect(await decrypt(row.webhookSecretEncrypted!)).toBe(body.webhookSecret);
    expect(outboundCalls).toEqual([]);
  });

  it("connects without webhookUrl (the site pulls its articles)", async () => {
    const { token } = await seedAccount();
    const res = await connectCustom(token, { url: "https://www.example.com", businessContext: "" });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    expect(await siteRow(id)).toMatchObject({ webhookUrl: null, platform: "custom" });
  });

  it("takes language like POST /sites: stored lower-cased, en by default, 400 when not a language code", async () => {
    const { token, accountId } = await seedAccount();
    expect((await connectCustom(token, { url: "https://www.example.com", language: "DE" })).status).toBe(201);
    expect((await connectCustom(token, { url: "https://shop.example.com" })).status).toBe(201);
    expect((await sitesOf(accountId)).map((site) => site.language).sort()).toEqual(["de", "en"]);
    await expectError(await connectCustom(token, { url: "https://www.example.com", language: "12" }), 400, "invalid_request");
    expect(await sitesOf(accountId)).toHaveLength(2);
  });

  it("gives every site its own secret", async () => {
    const { token } = await seedAccount();
    const secrets = new Set<string>();
    for (let i = 0; i < 3; i++)
      secrets.add(
        ((await (await connectCustom(token, { url: "https://www.example.com" })).json()) as { webhookSecret: string }).webhookSecret,
      );
    expect(secrets.size).toBe(3);
  });

  it("shows the secret only once: the site list does not carry it", async () => {
    const { token } = await seedAccount();
    const { webhookSecret } = (await (
      await connectCustom(token, { url: "https://www.example.com", webhookUrl: "https://hooks.example.com/x" })
    ).json()) as { webhookSecret: string };
    const list = await call("/api/sites", { token });
    expect(list.status).toBe(200);
    const text = await list.text();
    expect(text).toContain("https://hooks.example.com/x");
    expect(text).not.toContain(webhookSecret);
    expect(text).not.toMatch(/secret|encrypted/i);
  });

  it.each([
    ["url missing", { businessContext: "x" }, "invalid_request"],
    ["url not a URL", { url: "example" }, "invalid_address"],
    ["url with another scheme", { url: "javascript:alert(1)" }, "invalid_address"],
    ["url with credentials", { url: "https://a:b@example.com" }, "invalid_address"],
    ["webhookUrl not a URL", { url: "https://example.com", webhookUrl: "hooks" }, "invalid_address"],
    ["webhookUrl empty", { url: "https://example.com", webhookUrl: "" }, "invalid_request"],
    ["webhookUrl null", { url: "https://example.com", webhookUrl: null }, "invalid_request"],
    ["webhookUrl with another scheme", { url: "https://example.com", webhookUrl: "ftp://hooks.example.com/" }, "invalid_address"],
    ["businessContext not a string", { url: "https://example.com", businessContext: ["x"] }, "invalid_request"],
    ["an unknown field", { url: "https://example.com", webhookSecret: "mine" }, "invalid_request"],
  ] as const)("refuses %s with 400 and stores nothing", async (_, json, code) => {
    const { token, accountId } = await seedAccount();
    await expectError(await connectCustom(token, json as Record<string, unknown>), 400, code);
    expect(await sitesOf(accountId)).toHaveLength(0);
  });

  it("refuses malformed JSON and a non-JSON body with 400", async () => {
    const { token, accountId } = await seedAccount();
    await expectError(
      await call("/api/platforms/custom/connect", { method: "POST", token, headers: { "Content-Type": "application/json" }, body: "{" }),
      400,
      "invalid_request",
    );
    await expectError(
      await call("/api/platforms/custom/connect", {
        method: "POST",
        token,
        headers: { "Content-Type": "text/plain" },
        body: "url=https://example.com",
      }),
      400,
    );
    expect(await sitesOf(accountId)).toHaveLength(0);
  });

  it("refuses private site and webhook addresses when ALLOW_PRIVATE_URLS is false, naming the field", async () => {
    const { token, accountId } = await seedAccount();
    await withPrivateUrlsRefused(async () => {
      const site = await expectError(await connectCustom(token, { url: "http://127.0.0.1:8787" }), 400, "invalid_address");
      expect(site.message).toBe("url points to a private, loopback or internal address, which is not allowed");
      const hook = await expectError(
        await connectCustom(token, { url: "https://example.com", webhookUrl: "http://169.254.169.254/latest/meta-data" }),
        400,
        "invalid_address",
      );
      expect(hook.message).toBe("webhookUrl points to a private, loopback or internal address, which is not allowed");
      await expectError(
        await connectCustom(token, { url: "https://example.com", webhookUrl: "http://intranet.local/hook" }),
        400,
        "invalid_address",
      );
    });
    expect(await sitesOf(accountId)).toHaveLength(0);
  });

  it("accepts loopback addresses when ALLOW_PRIVATE_URLS is true (local development)", async () => {
    const { token } = await seedAccount();
    expect((await connectCustom(token, { url: "http://localhost:3000", webhookUrl: "http://127.0.0.1:3000/hook" })).status).toBe(201);
  });

  it("needs a token (401) with the manage scope (403)", async () => {
    await expectError(
      await call("/api/platforms/custom/connect", { method: "POST", json: { url: "https://example.com" } }),
      401,
      "unauthorized",
    );
    const { accountId } = await seedAccount();
    const { token } = await seedToken(accountId, "public:read");
    await expectError(await connectCustom(token, { url: "https://example.com" }), 403, "insufficient_scope");
    expect(await sitesOf(accountId)).toHaveLength(0);
  });
});
