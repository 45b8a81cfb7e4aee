import { describe, expect, it } from "vitest";
import { call, expectError, seedAccount } from "../harness";
import { connectFakeSite, installFakeWordPress } from "../fakes/wordpress-setup";

/** A platform that starts rejecting the stored credentials turns the site to ERROR, with a clear 422. */
describe("site status when WordPress rejects the stored credentials", () => {
  it("turns the site to ERROR with a 422 telling how to reconnect, then CONNECTED after the next success", async () => {
    const fake = installFakeWordPress();
    const { token } = await seedAccount();
    const site = await connectFakeSite(token, fake);
    const original = fake.appPassword;
    fake.revokeAppPassword();

    const error = await expectError(await call(`/api/sites/${site.id}/blog/settings`, { token }), 422, "site_credentials_rejected");
    expect(error.message).toMatch(/rejected the stored user name or application password/);
    expect(error.message).toContain(`PATCH /api/sites/${site.id}`);
    const errored = await (await call(`/api/sites/${site.id}`, { token })).json();
    expect(errored).toMatchObject({ status: "ERROR", statusMessage: expect.stringMatching(/rejected/) });
    expect(await (await call("/api/sites", { token })).json()).toMatchObject([{ id: site.id, status: "ERROR" }]);

    // A public list still answers (WordPress serves it as to a visitor) but does not hide the error.
    await expectError(await call(`/api/sites/${site.id}/blog/tags`, { token }), 422, "site_credentials_rejected");
    expect(await (await call(`/api/sites/${site.id}`, { token })).json()).toMatchObject({ status: "ERROR" });

    // The user re-enables the password in WordPress: the next call that works heals the status.
    fake.appPassword = original;
    expect((await call(`/api/sites/${site.id}/blog/settings`, { token })).status).toBe(200);
    expect(await (await call(`/api/sites/${site.id}`, { token })).json()).toMatchObject({ status: "CONNECTED", statusMessage: null });
  });

  it("is noticed by a sync although WordPress serves public post lists to rejected credentials", async () => {
    const fake = installFakeWordPress();
    const { token } = await seedAccount();
    const site = await connectFakeSite(token, fake);
    fake.revokeAppPassword();
    await expectError(await call(`/api/sites/${site.id}/sync`, { method: "POST", token }), 422, "site_credentials_rejected");
    expect(await (await call(`/api/sites/${site.id}`, { token })).json()).toMatchObject({ status: "ERROR" });
    expect(fake.calls("wp/v2/posts")).toHaveLength(0);
  });

  it("is fixed by PATCHing a new application password", async () => {
    const fake = installFakeWordPress();
    const { token } = await seedAccount();
    const site = await connectFakeSite(token, fake);
    fake.revokeAppPassword();
    const createTag = () => call(`/api/sites/${site.id}/blog/tags`, { method: "POST", token, json: { name: "sourdough" } });
    await expectError(await createTag(), 422, "site_credentials_rejected");
    const res = await call(`/api/sites/${site.id}`, { method: "PATCH", token, json: { blogAppPassword: fake.appPassword } });
    expect(await res.json()).toMatchObject({ status: "CONNECTED", statusMessage: null });
    expect((await createTag()).status).toBe(201);
  });

  it("does not turn the site to ERROR for a WordPress outage (502) or a slow answer (504)", async () => {
    const fake = installFakeWordPress();
    const { token } = await seedAccount();
    const site = await connectFakeSite(token, fake);
    fake.failure = "server_error";
    await expectError(await call(`/api/sites/${site.id}/blog/categories`, { token }), 502, "site_unavailable");
    fake.failure = "slow";
    await expectError(await call(`/api/sites/${site.id}/blog/categories`, { token }), 504, "site_timeout");
    expect(await (await call(`/api/sites/${site.id}`, { token })).json()).toMatchObject({ status: "CONNECTED" });
  });
});
