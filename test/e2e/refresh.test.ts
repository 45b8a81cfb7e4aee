import { describe, expect, it } from "vitest";
import { call, seedAccount } from "../harness";
import { connectPeer, peer, peerMissing, wp } from "./wordpress-peer";

interface Improvement {
  status: string;
  suggestion: { title: string; html: string } | null;
}

describe.skipIf(peerMissing)(`improving an existing post on the real WordPress at ${peer.url || "(WP_URL not set: skipped)"}`, () => {
  it("syncs, improves (offline writer), applies, reads the changed post back, reverts, and reads the original back", async () => {
    const { token } = await seedAccount();
    const site = await connectPeer(token);
    expect((await call(`/api/sites/${site.id}/sync`, { method: "POST", token })).status).toBe(200);
    // The most recently modified post: after the revert it is still the first of the list.
    const listed = (await (await call(`/api/sites/${site.id}/posts?per_page=1`, { token })).json()) as {
      items: { id: string; remoteId: number }[];
    };
    const { id: postId, remoteId } = listed.items[0]!;
    const original = (await wp(`wp/v2/posts/${remoteId}?context=edit`)).body as { title: { raw: string }; content: { raw: string } };

    try {
      const improved = await call(`/api/sites/posts/${postId}/improve`, { method: "POST", token });
      expect(improved.status).toBe(200);
      const { suggestion } = (await improved.json()) as Improvement;
      expect(suggestion!.html).toContain("Offline draft");

      const applied = await call(`/api/sites/posts/${postId}/apply`, { method: "POST", token });
      expect(applied.status).toBe(200);
      expect(await applied.json()).toMatchObject({ status: "APPLIED" });
      const changed = (await wp(`wp/v2/posts/${remoteId}?context=edit`)).body as { title: { raw: string }; content: { raw: string } };
      expect(changed.title.raw).toBe(suggestion!.title);
      expect(changed.content.raw).toBe(suggestion!.html);

      const reverted = await call(`/api/sites/posts/${postId}/revert`, { method: "POST", token });
      expect(reverted.status).toBe(200);
      expect(await reverted.json()).toMatchObject({ status: "REVERTED" });
      const restored = (await wp(`wp/v2/posts/${remoteId}?context=edit`)).body as { title: { raw: string }; content: { raw: string } };
      expect(restored.title.raw).toBe(original.title.raw);
      expect(restored.content.raw).toBe(original.content.raw);
    } finally {
      // Whatever failed above, the shared peer gets its post back for the other e2e files.
      await wp(`wp/v2/posts/${remoteId}`, { method: "POST", json: { title: original.title.raw, content: original.content.raw } });
    }
  });
});
