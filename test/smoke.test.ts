import { describe, expect, it } from "vitest";
import { call, expectError, seedAccount } from "./harness";

describe("smoke", () => {
  it("serves /api/auth/me for a fresh account", async () => {
    const { token, account } = await seedAccount();
    const res = await call("/api/auth/me", { token });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: account.id, billingMode: "CREDITS", creditBalance: "100.00" });
  });

  it("answers unknown routes with a 404 JSON error", async () => {
    await expectError(await call("/nope"), 404, "not_found");
  });
});
