import { describe, expect, it } from "vitest";
import { newId } from "../../src/core/ids";
import { sites } from "../../src/db/schema";
import { call, db, expectError, seedAccount, seedToken } from "../harness";
import { connectFakeSite, installFakeWordPress } from "../fakes/wordpress-setup";

/** The twelve live blog administration routes, each with a valid request. */
const ROUTES: { method: string; path: string; json?: unknown; needsCredentials: boolean }[] = [
  { method: "GET", path: "categories", needsCredentials: false },
  { method: "POST", path: "categories", json: { name: "New category" }, needsCredentials: true },
  { method: "GET", path: "tags", needsCredentials: false },
  { method: "POST", path: "tags", json: { name: "new-tag" }, needsCredentials: true },
  { method: "GET", path: "comments?status=hold", needsCredentials: true },
  { method: "POST", path: "comments/4", json: { status: "spam" }, needsCredentials: true },
  { method: "GET", path: "pages", needsCredentials: false },
  { method: "POST", path: "pages", json: { title: "T", content: "C", status: "draft" }, needsCredentials: true },
  { method: "GET", path: "media", needsCredentials: false },
  { method: "DELETE", path: "media/41", needsCredentials: true },
  { method: "GET", path: "settings", needsCredentials: true },
  { method: "POST", path: "settings", json: { title: "T" }, needsCredentials: true },
];

const request = (siteId: string, route: (typeof ROUTES)[number], token?: string) =>
  call(`/api/sites/${siteId}/blog/${route.path}`, { method: route.method, token, json: route.json });

describe("live blog administration: errors and security on every route", () => {
  it("every route works on a connected WordPress site", async () => {
    const fake = installFakeWordPress();
    const { token } = await seedAccount();
    const site = await connectFakeSite(token, fake);
    for (const route of ROUTES) {
      const res = await request(site.id, route, token);
      expect([200, 201], `${route.method} ${route.path}`).toContain(res.status);
    }
  });

  it("401 without a token, 403 with a public:read token; WordPress is never called", async () => {
    const fake = installFakeWordPress();
    const { token, accountId } = await seedAccount();
    const site = await connectFakeSite(token, fake);
    const { token: readOnly } = await seedToken(accountId, "public:read");
    const before = fake.requests.length;
    for (const route of ROUTES) {
      await expectError(await request(site.id, route), 401, "unauthorized");
      await expectError(await request(site.id, route, readOnly), 403, "insufficient_scope");
    }
    expect(fake.requests.length).toBe(before);
  });

  it("404 for another account's site and for a missing one", async () => {
    const fake = installFakeWordPress();
    const owner = await seedAccount();
    const site = await connectFakeSite(owner.token, fake);
    const stranger = await seedAccount();
    const before = fake.requests.length;
    for (const route of ROUTES) {
      await expectError(await request(site.id, route, stranger.token), 404, "not_found");
      await expectError(await request("site_missing000000", route, stranger.token), 404, "not_found");
    }
    expect(fake.requests.length).toBe(before);
  });

  it("409 for a forum or a custom site", async () => {
    const { token, accountId } = await seedAccount();
    for (const platform of ["forum", "custom"] as const) {
      const id = newId("site");
      await db()
        .insert(sites)
        .values({ id, accountId, platform, url: `https://${platform}.example.com` });
      for (const route of ROUTES) {
        const error = await expectError(await request(id, route, token), 409, "wrong_platform");
        expect(error.message).toContain(`is a ${platform} site`);
      }
    }
  });

  it("502 with our own message when WordPress fails or stops answering like WordPress", async () => {
    const fake = installFakeWordPress();
    const { token } = await seedAccount();
    const site = await connectFakeSite(token, fake);
    for (const failure of ["server_error", "not_wordpress"] as const) {
      fake.failure = failure;
      for (const route of ROUTES) {
        const error = await expectError(await request(site.id, route, token), 502, "site_unavailable");
        expect(error.message).not.toMatch(/<|critical/);
      }
    }
  });

  it("504 when WordPress is too slow", async () => {
    const fake = installFakeWordPress();
    const { token } = await seedAccount();
    const site = await connectFakeSite(token, fake);
    fake.failure = "slow";
    await expectError(await request(site.id, ROUTES[1]!, token), 504, "site_timeout");
  });

  it("422 and site status ERROR on every route that needs the credentials once they are rejected", async () => {
    const fake = installFakeWordPress();
    const { token } = await seedAccount();
    const site = await connectFakeSite(token, fake);
    fake.revokeAppPassword();
    for (const route of ROUTES.filter((r) => r.needsCredentials)) {
      const error = await expectError(await request(site.id, route, token), 422, "site_credentials_rejected");
      expect(error.message, `${route.method} ${route.path}`).toMatch(/rejected the stored/);
    }
    expect(await (await call(`/api/sites/${site.id}`, { token })).json()).toMatchObject({ status: "ERROR" });
  });

  it("documents every route and its records in the OpenAPI document", async () => {
    const doc = (await (await call("/api/openapi.json")).json()) as {
      paths: Record<string, Record<string, unknown>>;
      components: { schemas: Record<string, unknown> };
    };
    const paths = {
      "/api/sites/{siteId}/blog/categories": ["get", "post"],
      "/api/sites/{siteId}/blog/tags": ["get", "post"],
      "/api/sites/{siteId}/blog/comments": ["get"],
      "/api/sites/{siteId}/blog/comments/{commentId}": ["post"],
      "/api/sites/{siteId}/blog/pages": ["get", "post"],
      "/api/sites/{siteId}/blog/media": ["get"],
      "/api/sites/{siteId}/blog/media/{id}": ["delete"],
      "/api/sites/{siteId}/blog/settings": ["get", "post"],
      "/api/sites": ["get", "post"],
      "/api/sites/{siteId}": ["get", "patch", "delete"],
      "/api/sites/{siteId}/sync": ["post"],
      "/api/sites/{siteId}/posts": ["get"],
    };
    for (const [path, methods] of Object.entries(paths))
      expect(Object.keys(doc.paths[path] ?? {}), path).toEqual(expect.arrayContaining(methods));
    for (const schema of ["BlogCategory", "BlogTag", "BlogComment", "BlogPage", "BlogMedia", "BlogSettings", "ExistingPost", "Site"]) {
      expect(doc.components.schemas, schema).toHaveProperty(schema);
    }
  });
});
