import { abortAllDurableObjects } from "cloudflare:test";
import { clientAddressKey } from "../../src/http/client-address";
import { describe, expect, it } from "vitest";
import { call, expectError, seedAccount, seedToken, useVars } from "../harness";

const limitHeaders = (res: Response) => ({
  limit: res.headers.get("X-RateLimit-Limit"),
  remaining: res.headers.get("X-RateLimit-Remaining"),
  reset: Number(res.headers.get("X-RateLimit-Reset")),
});

describe("management API rate limit (per account, MANAGEMENT_RATE_LIMIT_PER_MINUTE)", () => {
  it("is 600 per minute by default, counted down in X-RateLimit-* on every management answer, errors included", async () => {
    const { token } = await seedAccount();
    const first = await call("/api/auth/me", { token });
    expect(first.status).toBe(200);
    expect(limitHeaders(first)).toMatchObject({ limit: "600", remaining: "599" });
    expect(limitHeaders(first).reset).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) + 58);
    const notFound = await call("/api/sites/site_nothing", { token });
    expect(notFound.status).toBe(404);
    expect(limitHeaders(notFound)).toMatchObject({ limit: "600", remaining: "598" });
  });

  it("answers 429 with Retry-After once the account's tokens together used the minute, and does not count the public API", async () => {
    useVars({ MANAGEMENT_RATE_LIMIT_PER_MINUTE: "3" });
    const { accountId, token } = await seedAccount();
    const { token: second } = await seedToken(accountId, "manage");
    const { token: reader } = await seedToken(accountId, "public:read");
    expect((await call("/api/auth/me", { token })).status).toBe(200);
    expect((await call("/api/tokens", { token: second })).status).toBe(200);
    // Public reads have their own limit.
    expect((await call("/api/v1/public/articles", { token: reader })).status).toBe(200);
    expect((await call("/api/sites", { token })).status).toBe(200);

    const refused = await call("/api/sites", { token: second, method: "GET" });
    const body = await expectError(refused, 429, "rate_limited");
    expect(body.message).toContain("3 management requests per minute");
    const retryAfter = Number(refused.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limitHeaders(refused)).toMatchObject({ limit: "3", remaining: "0" });
    expect(refused.headers.get("Cache-Control")).toBe("no-store");

    // A refused write changes nothing.
    const create = await call("/api/tokens", { method: "POST", token, json: { name: "late" } });
    await expectError(create, 429, "rate_limited");
    // Another account is not affected.
    const other = await seedAccount();
    expect((await call("/api/auth/me", { token: other.token })).status).toBe(200);
  });

  it("is not spent by requests refused before it (no token, a public:read token)", async () => {
    useVars({ MANAGEMENT_RATE_LIMIT_PER_MINUTE: "1" });
    const { accountId, token } = await seedAccount();
    const { token: reader } = await seedToken(accountId, "public:read");
    await expectError(await call("/api/sites"), 401, "unauthorized");
    await expectError(await call("/api/sites", { token: reader }), 403, "insufficient_scope");
    expect((await call("/api/sites", { token })).status).toBe(200);
  });
});

describe("operator logins (ADMIN_TOKEN): failures limited per address", () => {
  const admin = (token: string, address: string) =>
    call("/api/admin/accounts", {
      method: "POST",
      token,
      headers: { "CF-Connecting-IP": address },
      json: { email: `op-${crypto.randomUUID()}@example.com` },
    });

  it("answers 401 to ten wrong tokens, then 429 with Retry-After to every attempt from that address, the right token included", async () => {
    const address = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
    for (let i = 0; i < 10; i += 1) await expectError(await admin(`wrong-${i}`, address), 401, "unauthorized");
    const blocked = await admin("wrong-again", address);
    const body = await expectError(blocked, 429, "rate_limited");
    expect(body.message).toContain("failed operator logins");
    const retryAfter = Number(blocked.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    await expectError(await admin("test-admin-token", address), 429, "rate_limited");

    // Another address is unaffected, and the right token is never counted as a failure there.
    const other = `203.0.113.${Math.floor(Math.random() * 250) + 1}`;
    for (let i = 0; i < 12; i += 1) expect((await admin("test-admin-token", other)).status).toBe(201);
  });

  it("keeps the count through the object's eviction (issue 18, item 5)", async () => {
    const address = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
    for (let i = 0; i < 10; i += 1) await expectError(await admin(`wrong-${i}`, address), 401, "unauthorized");
    await abortAllDurableObjects();
    await expectError(await admin("test-admin-token", address), 429, "rate_limited");
  });

  it("counts variants of the address header as the same client: a list, padding, IPv6 within one /64, IPv4-mapped IPv6", async () => {
    const n = Math.floor(Math.random() * 250) + 1;
    const ipv4Variants = [`192.0.2.${n}`, `192.0.2.${n}, x`, ` 192.0.2.${n} ,10.0.0.1`, `::ffff:192.0.2.${n}`, `[::ffff:192.0.2.${n}]`];
    for (let i = 0; i < 10; i += 1)
      await expectError(await admin(`wrong-${i}`, ipv4Variants[i % ipv4Variants.length]!), 401, "unauthorized");
    for (const variant of ipv4Variants) await expectError(await admin("test-admin-token", variant), 429, "rate_limited");

    const prefix = `2001:db8:${n.toString(16)}:7`;
    for (let i = 0; i < 10; i += 1)
      await expectError(await admin(`wrong-${i}`, `${prefix}:${i.toString(16)}::${i + 1}`), 401, "unauthorized");
    await expectError(await admin("test-admin-token", `${prefix}:ffff:ffff:ffff:fff0`), 429, "rate_limited");
    await expectError(await admin("test-admin-token", `2001:0db8:${n.toString(16).padStart(4, "0")}:0007::1`), 429, "rate_limited");
    // The next /64 is another client.
    expect((await admin("test-admin-token", `2001:db8:${n.toString(16)}:8::1`)).status).toBe(201);
  });
});

describe("clientAddressKey", () => {
  it.each([
    ["203.0.113.7", "ip4:203.0.113.7"],
    ["203.0.113.7, 10.0.0.1", "ip4:203.0.113.7"],
    ["203.000.113.007", "ip4:203.0.113.7"],
    ["::ffff:203.0.113.7", "ip4:203.0.113.7"],
    ["2001:db8::1", "ip6:2001:db8:0:0::/64"],
    ["2001:DB8:0:0:ffff::1", "ip6:2001:db8:0:0::/64"],
    ["[2001:db8:1:2:3:4:5:6]:443", "ip6:2001:db8:1:2::/64"],
    ["fe80::1%eth0", "ip6:fe80:0:0:0::/64"],
    ["not an address", "unparsed"],
    ["999.1.1.1", "unparsed"],
    ["", "unparsed"],
    [undefined, "unparsed"],
  ])("%s → %s", (header, key) => {
    expect(clientAddressKey(header)).toBe(key);
  });
});
