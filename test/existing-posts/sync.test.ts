import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { decodeSignature, estimatedJaccard, signatureOf } from "../../src/content/quality/minhash";
import { newId } from "../../src/core/ids";
import { htmlToText } from "../../src/core/html-text";
import { existingPosts, sites } from "../../src/db/schema";
import { ROWS_PER_STATEMENT, upsertExistingPosts } from "../../src/existing-posts/store";
import { words } from "../fakes/wordpress-data";
import { call, db, expectError, seedAccount, seedToken, useFakeFetch } from "../harness";
import { connectFakeSite, installFakeWordPress } from "../fakes/wordpress-setup";

const sync = (token: string, siteId: string) => call(`/api/sites/${siteId}/sync`, { method: "POST", token });

async function existingPostsOf(siteId: string) {
  return db().select().from(existingPosts).where(eq(existingPosts.siteId, siteId)).orderBy(existingPosts.remoteId);
}

describe("POST /api/sites/{siteId}/sync", () => {
  it("stores every published post with title, URL, remote id, publication and modified dates and word count of the text", async () => {
    const fake = installFakeWordPress({ postCount: 25 });
    const { token, accountId } = await seedAccount();
    const site = await connectFakeSite(token, fake);
    const res = await sync(token, site.id);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ synced: 25 });

    const rows = await existingPostsOf(site.id);
    expect(rows).toHaveLength(25);
    expect(rows.map((r) => r.remoteId)).not.toContain(90); // drafts are not part of the existing posts
    const first = rows[0]!;
    expect(first).toMatchObject({
      accountId,
      remoteId: 100,
      title: "Post 1 & friends",
      url: "https://blog.example.com/post-1/",
      modifiedAt: "2026-11-20T00:00:00Z",
      publishedAt: "2026-11-20T00:00:00Z",
      wordCount: 10,
      improvementStatus: "NONE",
    });
    // Word counts are of the text, not the HTML: no tags or block comments counted.
    expect(rows.map((r) => r.wordCount)).toEqual(Array.from({ length: 25 }, (_, i) => 10 * (i + 1)));
  });

  it("reads all pages, 100 posts each, up to X-WP-TotalPages", async () => {
    const fake = installFakeWordPress({ postCount: 250 });
    const { token } = await seedAccount();
    const site = await connectFakeSite(token, fake);
    expect(await (await sync(token, site.id)).json()).toEqual({ synced: 250 });
    const pages = fake.calls("wp/v2/posts", "GET").map((r) => [r.query.page, r.query.per_page]);
    expect(pages.sort()).toEqual([
      ["1", "100"],
      ["2", "100"],
      ["3", "100"],
    ]);
    expect(new Set((await existingPostsOf(site.id)).map((r) => r.remoteId)).size).toBe(250);
  });

  it("reads on until a short page when a proxy strips X-WP-Total and X-WP-TotalPages", async () => {
    const fake = installFakeWordPress({ postCount: 200 });
    const { token } = await seedAccount();
    const site = await connectFakeSite(token, fake);
    useFakeFetch(async (input, init) => {
      const response = await fake.fetch(input, init);
      const headers = new Headers(response.headers);
      headers.delete("X-WP-Total");
      headers.delete("X-WP-TotalPages");
      return new Response(response.body, { status: response.status, headers });
    });
    expect(await (await sync(token, site.id)).json()).toEqual({ synced: 200 });
    // Pages 1 and 2 are full, page 3 is past the end (WordPress answers 400 there).
    expect(
      fake
        .calls("wp/v2/posts", "GET")
        .map((r) => r.query.page)
        .slice(0, 3),
    ).toEqual(["1", "2", "3"]);
    expect(await existingPostsOf(site.id)).toHaveLength(200);
  });

  it("updates changed posts, adds new ones, removes deleted ones and never duplicates; ids and improvement status survive", async () => {
    const fake = installFakeWordPress({ postCount: 12 });
    const { token } = await seedAccount();
    const site = await connectFakeSite(token, fake);
    await sync(token, site.id);
    const before = await existingPostsOf(site.id);
    await db()
      .update(existingPosts)
      .set({ improvementStatus: "SUGGESTED" })
      .where(and(eq(existingPosts.siteId, site.id), eq(existingPosts.remoteId, 101)));

    const posts = fake.content.posts;
    const changed = posts.find((p) => p.id === 101)!;
    changed.title = "Renamed";
    changed.content = "<p>only three words</p>";
    changed.modifiedGmt = "2026-11-21T10:00:00";
    fake.content.posts = posts.filter((p) => p.id !== 105);
    fake.content.posts.push({ ...changed, id: 500, title: "Brand new", slug: "brand-new", dateGmt: "2026-11-21T12:00:00" });

    expect(await (await sync(token, site.id)).json()).toEqual({ synced: 12 });
    expect(await (await sync(token, site.id)).json()).toEqual({ synced: 12 });
    const after = await existingPostsOf(site.id);
    expect(after.map((r) => r.remoteId)).toEqual([100, 101, 102, 103, 104, 106, 107, 108, 109, 110, 111, 500]);
    const renamed = after.find((r) => r.remoteId === 101)!;
    expect(renamed).toMatchObject({ title: "Renamed", wordCount: 3, modifiedAt: "2026-11-21T10:00:00Z", improvementStatus: "SUGGESTED" });
    expect(renamed.id).toBe(before.find((r) => r.remoteId === 101)!.id);
  });

  it("stores each post's MinHash signature of its text, and a re-sync of changed text replaces it", async () => {
    const fake = installFakeWordPress({ postCount: 12 });
    const { token } = await seedAccount();
    const site = await connectFakeSite(token, fake);
    await sync(token, site.id);
    const before = await existingPostsOf(site.id);
    // The signature is of the text the post shows, not of its HTML: it equals the text's own.
    const changing = fake.content.posts.find((p) => p.id === 101)!;
    const stored = decodeSignature(before.find((r) => r.remoteId === 101)!.similaritySignature);
    expect(stored).toEqual(signatureOf(htmlToText(changing.content)));
    expect(before.every((r) => decodeSignature(r.similaritySignature) !== null)).toBe(true);

    changing.content = `<!-- wp:paragraph --><p>${words(60, 3)} rye starter notes from the bakery</p><!-- /wp:paragraph -->`;
    changing.modifiedGmt = "2026-11-21T10:00:00";
    fake.content.posts.find((p) => p.id === 102)!.content = "<p>two words</p>";
    await sync(token, site.id);
    const after = await existingPostsOf(site.id);
    const changed = decodeSignature(after.find((r) => r.remoteId === 101)!.similaritySignature)!;
    expect(changed).toEqual(signatureOf(htmlToText(changing.content)));
    expect(estimatedJaccard(changed, stored!)).toBeLessThan(1);
    // Under five words a text has no shingle, so no signature.
    expect(after.find((r) => r.remoteId === 102)!.similaritySignature).toBeNull();
    // The posts that did not change keep theirs.
    expect(after.find((r) => r.remoteId === 100)!.similaritySignature).toBe(before.find((r) => r.remoteId === 100)!.similaritySignature);
  });

  it("binds at most D1's 100 values in one INSERT of existing posts", () => {
    const row = {
      id: "post_x",
      accountId: "acc_x",
      siteId: "site_x",
      remoteId: 1,
      title: "t",
      url: "u",
      modifiedAt: null,
      publishedAt: null,
      wordCount: 1,
      similaritySignature: null,
      syncId: "s",
      updatedAt: "2026-11-20T00:00:00Z",
    };
    const statement = upsertExistingPosts(
      db(),
      Array.from({ length: ROWS_PER_STATEMENT }, (_, i) => ({ ...row, remoteId: i })),
    );
    expect(statement.toSQL().params.length).toBeLessThanOrEqual(100);
    expect(statement.toSQL().params.length + 13).toBeGreaterThan(100);
  });

  it("empties the existing posts when the site has no posts left", async () => {
    const fake = installFakeWordPress({ postCount: 3 });
    const { token } = await seedAccount();
    const site = await connectFakeSite(token, fake);
    await sync(token, site.id);
    fake.content.posts = fake.content.posts.filter((p) => p.status !== "publish" || p.type !== "post");
    expect(await (await sync(token, site.id)).json()).toEqual({ synced: 0 });
    expect(await existingPostsOf(site.id)).toHaveLength(0);
  });

  it("changes nothing when WordPress fails part-way (502) or is slow (504)", async () => {
    const fake = installFakeWordPress({ postCount: 150 });
    const { token } = await seedAccount();
    const site = await connectFakeSite(token, fake);
    await sync(token, site.id);
    fake.content.posts = fake.content.posts.filter((p) => p.id !== 100);
    const realFetch = fake.fetch;
    useFakeFetch(async (input, init) => {
      const url = new URL(new Request(input, init).url);
      if (url.pathname.endsWith("/wp/v2/posts") && url.searchParams.get("page") === "2")
        return new Response("<h1>Fatal error</h1>", { status: 500 });
      return realFetch(input, init);
    });
    const error = await expectError(await sync(token, site.id), 502, "site_unavailable");
    expect(error.message).not.toMatch(/Fatal/);
    expect(await existingPostsOf(site.id)).toHaveLength(150);

    useFakeFetch(fake.fetch);
    fake.failure = "slow";
    await expectError(await sync(token, site.id), 504, "site_timeout");
    expect(await existingPostsOf(site.id)).toHaveLength(150);
  });

  it("is 409 for a forum or custom site, 404 for a foreign or disconnected one", async () => {
    const fake = installFakeWordPress();
    const { token, accountId } = await seedAccount();
    const forumId = newId("site");
    await db().insert(sites).values({ id: forumId, accountId, platform: "forum", url: "https://forum.example.com" });
    const conflict = await expectError(await sync(token, forumId), 409, "wrong_platform");
    expect(conflict.message).toMatch(/forum site/);

    const site = await connectFakeSite(token, fake);
    const stranger = await seedAccount();
    await expectError(await sync(stranger.token, site.id), 404, "not_found");
    await call(`/api/sites/${site.id}`, { method: "DELETE", token });
    await expectError(await sync(token, site.id), 404, "not_found");
    expect(fake.calls("wp/v2/posts")).toHaveLength(0);
  });

  it("needs a manage token", async () => {
    const { accountId } = await seedAccount();
    await expectError(await call("/api/sites/site_x/sync", { method: "POST" }), 401, "unauthorized");
    const { token } = await seedToken(accountId, "public:read");
    await expectError(await sync(token, "site_x"), 403, "insufficient_scope");
  });
});
