import { describe, expect, it } from "vitest";
import { call, seedAccount } from "../harness";

describe("security headers", () => {
  it("answers that carry a secret once are never stored by a cache", async () => {
    const { token } = await seedAccount();
    const created = await call("/api/tokens", { method: "POST", token, json: { name: "ci" } });
    expect(created.status).toBe(201);
    expect(created.headers.get("Cache-Control")).toBe("no-store");
    const custom = await call("/api/platforms/custom/connect", {
      method: "POST",
      token,
      json: { url: "https://shop.example.invalid", businessContext: "A shop" },
    });
    expect(custom.status).toBe(201);
    expect(custom.headers.get("Cache-Control")).toBe("no-store");
    const account = await call("/api/admin/accounts", {
      method: "POST",
      headers: { Authorization: "Bearer test-admin-token" },
      json: { email: `ops-${Date.now()}@example.com` },
    });
    expect(account.status).toBe(201);
    expect(account.headers.get("Cache-Control")).toBe("no-store");
  });

  it("every JSON answer says nosniff: management, errors, the public API and its 304s", async () => {
    const { token } = await seedAccount();
    for (const response of [
      await call("/api/auth/me", { token }),
      await call("/api/auth/me"),
      await call("/api/nothing-here", { token }),
      await call("/api/v1/public/articles", { token }),
      await call("/api/openapi.json"),
    ]) {
      expect(response.headers.get("X-Content-Type-Options"), response.url).toBe("nosniff");
    }
    const list = await call("/api/v1/public/articles", { token });
    expect(list.headers.get("Cache-Control")).toBe("private, no-cache");
    const revalidated = await call("/api/v1/public/articles", { token, headers: { "If-None-Match": list.headers.get("ETag")! } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });
});
