import { describe, expect, it } from "vitest";
import { newId } from "../../src/core/ids";
import { sites } from "../../src/db/schema";
import { call, db, expectError, seedAccount, seedToken } from "../harness";
import { connectFakeSite, installFakeWordPress } from "../fakes/wordpress-setup";

interface PostPage {
  items: {
    id: string;
    siteId: string;
    remoteId: number;
    title: string;
    url: string;
    modifiedAt: string;
    wordCount: number;
    improvementStatus: string;
    syncedAt: string;
  }[];
  page: number;
  perPage: number;
  total: number;
  totalPages: number;
}

async function syncedSite(postCount: number) {
  const fake = installFakeWordPress({ postCount });
  const { token, accountId } = await seedAccount();
  const site = await connectFakeSite(token, fake);
  await call(`/api/sites/${site.id}/sync`, { method: "POST", token });
  return { fake, token, accountId, site };
}

describe("GET /api/sites/{siteId}/posts", () => {
  it("pages through the existing posts, most recently modified first, with word count and improvement status", async () => {
    const { token, site } = await syncedSite(25);
    const res = await call(`/api/sites/${site.id}/posts`, { token });
    expect(res.status).toBe(200);
    const first = (await res.json()) as PostPage;
    expect(first).toMatchObject({ page: 1, perPage: 10, total: 25, totalPages: 3 });
    expect(first.items).toHaveLength(10);
    expect(first.items[0]).toEqual({
      id: expect.stringMatching(/^post_/),
      siteId: site.id,
      remoteId: 100,
      title: "Post 1 & friends",
      url: "https://blog.example.com/post-1/",
      modifiedAt: "2026-11-20T00:00:00Z",
      wordCount: 10,
      improvementStatus: "NONE",
      suggestedAt: null,
      syncedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      // No Search Console figures for this site yet.
      search: null,
      decay: null,
    });

    const last = (await (await call(`/api/sites/${site.id}/posts?page=3&per_page=10`, { token })).json()) as PostPage;
    expect(last.items.map((p) => p.remoteId)).toEqual([120, 121, 122, 123, 124]);
    const all = (await (await call(`/api/sites/${site.id}/posts?per_page=100`, { token })).json()) as PostPage;
    expect(all.items).toHaveLength(25);
    expect(new Set(all.items.map((p) => p.id)).size).toBe(25);
  });

  it("gives an empty page past the end, and an empty list before any sync", async () => {
    const { token, site } = await syncedSite(5);
    expect(await (await call(`/api/sites/${site.id}/posts?page=2`, { token })).json()).toEqual({
      items: [],
      page: 2,
      perPage: 10,
      total: 5,
      totalPages: 1,
    });

    const other = await seedAccount();
    const fresh = await connectFakeSite(other.token, installFakeWordPress());
    expect(await (await call(`/api/sites/${fresh.id}/posts`, { token: other.token })).json()).toEqual({
      items: [],
      page: 1,
      perPage: 10,
      total: 0,
      totalPages: 0,
    });
  });

  it("answers bad paging parameters with 400", async () => {
    const { token, site } = await syncedSite(1);
    for (const query of ["per_page=101", "per_page=0", "page=0", "page=abc", "page=1.5"]) {
      await expectError(await call(`/api/sites/${site.id}/posts?${query}`, { token }), 400, "invalid_request");
    }
  });

  it("is 404 for another account's site and 409 for a custom site", async () => {
    const { site } = await syncedSite(2);
    const stranger = await seedAccount();
    await expectError(await call(`/api/sites/${site.id}/posts`, { token: stranger.token }), 404, "not_found");
    const customId = newId("site");
    await db().insert(sites).values({ id: customId, accountId: stranger.accountId, platform: "custom", url: "https://shop.example.com" });
    await expectError(await call(`/api/sites/${customId}/posts`, { token: stranger.token }), 409, "wrong_platform");
  });

  it("needs a manage token", async () => {
    const { accountId, site } = await syncedSite(1);
    await expectError(await call(`/api/sites/${site.id}/posts`), 401, "unauthorized");
    const { token } = await seedToken(accountId, "public:read");
    await expectError(await call(`/api/sites/${site.id}/posts`, { token }), 403, "insufficient_scope");
  });
});
