import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { newId } from "../../src/core/ids";
import { existingPosts, sites } from "../../src/db/schema";
import { call, db, expectError, seedAccount, seedToken, useFakeFetch } from "../harness";
import { fakeNetwork } from "../fakes/network";
import { createFakeWordPress } from "../fakes/wordpress";
import { connectFakeSite, installFakeWordPress } from "../fakes/wordpress-setup";

async function siteRow(siteId: string) {
  const [row] = await db().select().from(sites).where(eq(sites.id, siteId));
  return row!;
}

describe("GET /api/sites and /api/sites/{siteId}", () => {
  it("lists the account's sites and shows one; never a credential", async () => {
    const fake = createFakeWordPress();
    const other = createFakeWordPress({ origin: "https://other.example.org" });
    useFakeFetch(fakeNetwork(fake.peer, other.peer));
    const { token } = await seedAccount();
    const first = await connectFakeSite(token, fake);
    const second = await connectFakeSite(token, other);
    const list = await call("/api/sites", { token });
    expect(list.status).toBe(200);
    const items = (await list.json()) as { id: string }[];
    expect(items.map((s) => s.id).sort()).toEqual([first.id, second.id].sort());
    expect(JSON.stringify(items)).not.toMatch(/1234|Password|apiKey/i);

    const one = await call(`/api/sites/${first.id}`, { token });
    expect(one.status).toBe(200);
    expect(await one.json()).toMatchObject({ id: first.id, url: "https://blog.example.com", platform: "blog", status: "CONNECTED" });
  });

  it("hides other accounts' sites: 404 alike for foreign and missing ids", async () => {
    const fake = installFakeWordPress();
    const owner = await seedAccount();
    const site = await connectFakeSite(owner.token, fake);
    const stranger = await seedAccount();
    expect(await (await call("/api/sites", { token: stranger.token })).json()).toEqual([]);
    const foreign = await expectError(await call(`/api/sites/${site.id}`, { token: stranger.token }), 404, "not_found");
    const missing = await expectError(await call("/api/sites/site_doesnotexist00", { token: stranger.token }), 404, "not_found");
    expect(foreign.message).toBe(missing.message);
  });

  it("needs a manage token", async () => {
    const { accountId } = await seedAccount();
    await expectError(await call("/api/sites"), 401, "unauthorized");
    const { token } = await seedToken(accountId, "public:read");
    await expectError(await call("/api/sites", { token }), 403, "insufficient_scope");
    await expectError(await call("/api/sites/site_x", { token }), 403, "insufficient_scope");
  });
});

describe("PATCH /api/sites/{siteId}", () => {
  it("changes businessContext and language", async () => {
    const fake = installFakeWordPress();
    const { token } = await seedAccount();
    const site = await connectFakeSite(token, fake);
    const res = await call(`/api/sites/${site.id}`, {
      method: "PATCH",
      token,
      json: { businessContext: "Sourdough for beginners", language: "TR" },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      id: site.id,
      businessContext: "Sourdough for beginners",
      language: "tr",
      status: "CONNECTED",
    });
    expect(await siteRow(site.id)).toMatchObject({ businessContext: "Sourdough for beginners", language: "tr" });
  });

  it("verifies new credentials before storing them; a refused password changes nothing", async () => {
    const fake = installFakeWordPress();
    const { token } = await seedAccount();
    const site = await connectFakeSite(token, fake);
    const before = await siteRow(site.id);

    const refused = await expectError(
      await call(`/api/sites/${site.id}`, { method: "PATCH", token, json: { blogAppPassword: "nope", businessContext: "changed" } }),
      422,
      "wordpress_credentials_rejected",
    );
    expect(refused.message).toMatch(/rejected/);
    expect(await siteRow(site.id)).toMatchObject({
      blogAppPasswordEncrypted: before.blogAppPasswordEncrypted,
      businessContext: "A bakery blog",
    });

    fake.appPassword = "NEW1 NEW2 NEW3 NEW4 NEW5 NEW6";
    const res = await call(`/api/sites/${site.id}`, {
      method: "PATCH",
      token,
      json: { blogUsername: "admin@example.com", blogAppPassword: fake.appPassword },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ blogUsername: "admin@example.com", status: "CONNECTED" });
    expect((await siteRow(site.id)).blogAppPasswordEncrypted).not.toBe(before.blogAppPasswordEncrypted);
  });

  it("answers bad input with 400 and foreign ids with 404", async () => {
    const fake = installFakeWordPress();
    const { token } = await seedAccount();
    const site = await connectFakeSite(token, fake);
    for (const json of [{}, { language: "english please" }, { businessContext: 5 }, { status: "ERROR" }, { blogUsername: "someone" }]) {
      await expectError(await call(`/api/sites/${site.id}`, { method: "PATCH", token, json }), 400, "invalid_request");
    }
    const stranger = await seedAccount();
    await expectError(
      await call(`/api/sites/${site.id}`, { method: "PATCH", token: stranger.token, json: { language: "de" } }),
      404,
      "not_found",
    );
    expect((await siteRow(site.id)).language).toBe("en");
  });

  it("is 409 for credentials on a forum or custom site", async () => {
    const { token, accountId } = await seedAccount();
    const id = newId("site");
    await db().insert(sites).values({ id, accountId, platform: "custom", url: "https://shop.example.com" });
    const error = await expectError(
      await call(`/api/sites/${id}`, { method: "PATCH", token, json: { blogAppPassword: "x" } }),
      409,
      "wrong_platform",
    );
    expect(error.message).toMatch(/custom site/);
  });
});

describe("DELETE /api/sites/{siteId}", () => {
  it("disconnects: credentials erased, existing posts removed, the site a 404 from then on", async () => {
    const fake = installFakeWordPress();
    const { token } = await seedAccount();
    const site = await connectFakeSite(token, fake);
    await call(`/api/sites/${site.id}/sync`, { method: "POST", token });
    expect(await db().select().from(existingPosts).where(eq(existingPosts.siteId, site.id))).toHaveLength(25);

    const res = await call(`/api/sites/${site.id}`, { method: "DELETE", token });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: site.id, status: "DISCONNECTED", blogUsername: null });

    const row = await siteRow(site.id);
    expect(row).toMatchObject({ status: "DISCONNECTED", blogUsername: null, blogAppPasswordEncrypted: null });
    expect(await db().select().from(existingPosts).where(eq(existingPosts.siteId, site.id))).toHaveLength(0);
    await expectError(await call(`/api/sites/${site.id}`, { token }), 404, "not_found");
    await expectError(await call(`/api/sites/${site.id}/blog/categories`, { token }), 404, "not_found");
    expect(await (await call("/api/sites", { token })).json()).toEqual([]);
    await expectError(await call(`/api/sites/${site.id}`, { method: "DELETE", token }), 404, "not_found");
  });

  it("is 404 for another account's site, which stays connected", async () => {
    const fake = installFakeWordPress();
    const owner = await seedAccount();
    const site = await connectFakeSite(owner.token, fake);
    const stranger = await seedAccount();
    await expectError(await call(`/api/sites/${site.id}`, { method: "DELETE", token: stranger.token }), 404, "not_found");
    expect((await siteRow(site.id)).status).toBe("CONNECTED");
  });
});
