import { describe, expect, it } from "vitest";
import { call, expectError, seedAccount } from "../harness";

const admin = { Authorization: "Bearer test-admin-token" };

describe("POST /api/admin/accounts/{accountId}/tokens (operator)", () => {
  it("issues a working token for an existing account, shown once", async () => {
    const { accountId } = await seedAccount();
    const res = await call(`/api/admin/accounts/${accountId}/tokens`, { method: "POST", headers: admin, json: { name: "recovery" } });
    expect(res.status).toBe(201);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const created = (await res.json()) as { token: string; scope: string; name: string };
    expect(created).toMatchObject({ name: "recovery", scope: "manage", token: expect.stringMatching(/^sap_[0-9A-Za-z]{40}$/) });
    const me = (await (await call("/api/auth/me", { token: created.token })).json()) as { id: string };
    expect(me.id).toBe(accountId);
  });

  it("is 404 for an unknown account, 401 without or with a wrong operator token, 400 for a bad body", async () => {
    const { accountId, token } = await seedAccount();
    await expectError(
      await call("/api/admin/accounts/acc_doesnotexist0000/tokens", { method: "POST", headers: admin, json: { name: "x" } }),
      404,
      "not_found",
    );
    await expectError(await call(`/api/admin/accounts/${accountId}/tokens`, { method: "POST", json: { name: "x" } }), 401);
    await expectError(await call(`/api/admin/accounts/${accountId}/tokens`, { method: "POST", token, json: { name: "x" } }), 401);
    await expectError(
      await call(`/api/admin/accounts/${accountId}/tokens`, { method: "POST", headers: admin, json: { name: "" } }),
      400,
      "invalid_request",
    );
    await expectError(
      await call(`/api/admin/accounts/${accountId}/tokens`, { method: "POST", headers: admin, json: { name: "x", scope: "root" } }),
      400,
      "invalid_request",
    );
  });
});
