import { describe, expect, it } from "vitest";
import { WordPressClient } from "../../src/adapters/wordpress/client";
import { readAllPosts } from "../../src/existing-posts/read-posts";
import { call, expectError, seedAccount } from "../harness";
import { connectPeer, peer, peerMissing, wp } from "./wordpress-peer";

describe.skipIf(peerMissing)(`connect and sync against the real WordPress at ${peer.url || "(WP_URL not set: skipped)"}`, () => {
  it("connects with the application password (201, CONNECTED) and refuses a wrong one with the 'rejected' 422", async () => {
    const { token } = await seedAccount();
    const site = await connectPeer(token);
    expect(site).toMatchObject({ status: "CONNECTED", platform: "blog" });

    const other = await seedAccount();
    const refused = await call("/api/sites", {
      method: "POST",
      token: other.token,
      json: { url: peer.url, blogUsername: peer.user, blogAppPassword: "aaaa bbbb cccc dddd eeee ffff" },
    });
    const error = await expectError(refused, 422, "wordpress_credentials_rejected");
    expect(error.message).toMatch(/rejected the user name or application password/);
  });

  it("says 'not a WordPress site / unreachable' for an address where nothing answers like WordPress", async () => {
    const { token } = await seedAccount();
    const closedPort = `${peer.url.replace(/:\d+$/, "")}:9`;
    const res = await call("/api/sites", {
      method: "POST",
      token,
      json: { url: closedPort, blogUsername: peer.user, blogAppPassword: peer.appPassword },
    });
    const error = await expectError(res, 422, "site_unreachable");
    expect(error.message).not.toMatch(/rejected/);
  });

  it("syncs every published post: the count equals the site's post count, and a re-sync never duplicates", async () => {
    const { token } = await seedAccount();
    const site = await connectPeer(token);
    const { headers } = await wp("wp/v2/posts?per_page=1");
    const postCount = Number(headers.get("X-WP-Total"));
    expect(postCount).toBe(25); // the seeded peer

    const first = await call(`/api/sites/${site.id}/sync`, { method: "POST", token });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ synced: postCount });
    expect(await (await call(`/api/sites/${site.id}/sync`, { method: "POST", token })).json()).toEqual({ synced: postCount });

    const listed = (await (await call(`/api/sites/${site.id}/posts?per_page=100`, { token })).json()) as {
      total: number;
      items: { remoteId: number; title: string; url: string; wordCount: number; modifiedAt: string }[];
    };
    expect(listed.total).toBe(postCount);
    expect(new Set(listed.items.map((p) => p.remoteId)).size).toBe(postCount);
    for (const post of listed.items) {
      expect(post.url.startsWith(peer.url)).toBe(true);
      expect(post.title).not.toMatch(/&#|<|>/);
      expect(post.wordCount).toBeGreaterThan(100);
      expect(post.modifiedAt).toMatch(/Z$/);
    }

    // The word count is of the text: check one post against WordPress's own rendered content.
    const sample = listed.items[0]!;
    const { body: raw } = await wp(`wp/v2/posts/${sample.remoteId}`);
    const text = String(raw.content.rendered).replace(/<[^>]*>/g, " ");
    expect(Math.abs(sample.wordCount - text.split(/\s+/).filter((w: string) => /[\p{L}\p{N}]/u.test(w)).length)).toBeLessThanOrEqual(5);
  });

  it("reads all pages when a page holds fewer posts than the site has (X-WP-TotalPages)", async () => {
    const client = new WordPressClient({
      baseUrl: peer.url,
      username: peer.user,
      appPassword: peer.appPassword,
      fetch: (input, init) => fetch(input, init),
      timeoutMs: 20_000,
      checkUrl: () => {},
    });
    const posts = await readAllPosts(client, 10);
    expect(posts).toHaveLength(25);
    expect(new Set(posts.map((p) => p.remoteId)).size).toBe(25);
  });
});
