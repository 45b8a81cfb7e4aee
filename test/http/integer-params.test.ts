import { describe, expect, it } from "vitest";
import { call, expectError, seedAccount } from "../harness";

// Only plain decimal digits are whole numbers (hardening issue: `page=0x10` answered page 16).
const NOT_DECIMAL = ["0x10", "1e3", "%201", "+1", "1.0", "Infinity", "0b1"];

describe("whole-number query parameters take plain decimal digits only", () => {
  it.each([
    ["/api/uploads", "page"],
    ["/api/uploads", "per_page"],
    ["/api/autopilot/plans", "page"],
    ["/api/autopilot/articles", "per_page"],
    ["/api/sites/site_doesnotexist0000/blog/categories", "page"],
    ["/api/sites/site_doesnotexist0000/blog/pages", "per_page"],
  ])("%s refuses other spellings of %s with 400 naming it", async (path, parameter) => {
    const { token } = await seedAccount();
    for (const value of NOT_DECIMAL) {
      const body = await expectError(await call(`${path}?${parameter}=${value}`, { token }), 400, "invalid_request");
      expect(body.message, `${parameter}=${value}`).toContain(parameter);
    }
    expect((await call(`${path}?${parameter}=02`, { token })).status).not.toBe(400);
  });

  it("a WordPress id in a path is refused the same way", async () => {
    const { token } = await seedAccount();
    await expectError(await call("/api/sites/site_doesnotexist0000/blog/media/0x10", { method: "DELETE", token }), 400, "invalid_request");
  });
});
