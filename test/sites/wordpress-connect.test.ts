import { describe, expect, it } from "vitest";
import { call, expectError, seedAccount } from "../harness";
import { connectFakeSite, installFakeWordPress } from "../fakes/wordpress-setup";

describe("POST /api/sites (WordPress)", () => {
  it("verifies the credentials with users/me and answers 201 with the Site record", async () => {
    const fake = installFakeWordPress();
    const { token } = await seedAccount();
    const site = await connectFakeSite(token, fake);
    expect(site).toMatchObject({ url: "https://blog.example.com", platform: "blog", status: "CONNECTED" });
    expect(fake.calls("wp/v2/users/me")).toHaveLength(1);
  });
});
