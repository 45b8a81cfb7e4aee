import { describe, expect, it } from "vitest";
import { WordPressClient } from "../../src/adapters/wordpress/client";
import { createWordPressPublisher } from "../../src/publishing/wordpress";
import { peer, peerMissing, TINY_PNG, unique, wp } from "./wordpress-peer";

describe.skipIf(peerMissing)(`publishing through the adapter to the real WordPress at ${peer.url || "(WP_URL not set: skipped)"}`, () => {
  it("publishes a post with terms and a featured image, updates it, and WordPress gives it back", async () => {
    const client = new WordPressClient({
      baseUrl: peer.url,
      username: peer.user,
      appPassword: peer.appPassword,
      fetch: (input, init) => fetch(input, init),
      timeoutMs: 20_000,
      checkUrl: () => {},
    });
    const publisher = createWordPressPublisher(client);
    const title = unique("E2E Sourdough & Rye");
    const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, "-");
    const newCategory = unique("E2E Recipes");
    const newTag = unique("e2e-baking");
    const created: { post?: string; media: number[]; categories: number[]; tags: number[] } = { media: [], categories: [], tags: [] };
    try {
      const ref = await publisher.publish({
        title,
        html: "<h2>Starter</h2><p>Feed it twice a day.</p>",
        excerpt: "A rye sourdough guide.",
        slug,
        seoTitle: "",
        seoDesc: "",
        categories: ["News", newCategory],
        tags: ["php", newTag],
        heroImage: { fileName: "e2e-hero.png", alt: "A loaf", contentType: "image/png", bytes: TINY_PNG },
        status: "publish",
        origin: null,
        structuredData: null,
      });
      created.post = ref.remoteId;
      expect(ref.url).toBe(`${peer.url}/${slug}/`);

      const { body: post } = await wp(`wp/v2/posts/${ref.remoteId}?context=edit`);
      created.media.push(post.featured_media);
      created.categories.push(...post.categories.filter((id: number) => id !== 2));
      created.tags.push(...post.tags.filter((id: number) => id !== 6));
      expect(post).toMatchObject({
        status: "publish",
        slug,
        content: { raw: "<h2>Starter</h2><p>Feed it twice a day.</p>" },
        excerpt: { raw: "A rye sourdough guide." },
      });
      expect(post.title.raw.replace(/&amp;/g, "&")).toBe(title);
      expect(post.categories).toContain(2);
      expect(post.categories).toHaveLength(2);
      expect(post.tags).toContain(6);
      expect(post.tags).toHaveLength(2);
      const { body: categories } = await wp(`wp/v2/categories?include=${post.categories.join(",")}`);
      expect(categories.map((c: { name: string }) => c.name)).toContain(newCategory);
      const { body: media } = await wp(`wp/v2/media/${post.featured_media}`);
      expect(media).toMatchObject({ mime_type: "image/png", alt_text: "A loaf" });
      expect((await fetch(ref.url!)).status).toBe(200);

      // A retry (the answer was lost) finds the post instead of publishing it twice.
      const again = await publisher.publish({
        title,
        html: "<p>Retried</p>",
        excerpt: "",
        slug,
        seoTitle: "",
        seoDesc: "",
        categories: [],
        tags: [],
        heroImage: null,
        status: "publish",
        origin: null,
        structuredData: null,
      });
      expect(again.remoteId).toBe(ref.remoteId);

      const updated = await publisher.update(ref.remoteId, {
        title: `${title} (revised)`,
        html: "<p>Revised.</p>",
        excerpt: "Revised.",
        slug,
        seoTitle: "",
        seoDesc: "",
        categories: ["News"],
        tags: [],
        heroImage: { fileName: "e2e-hero.png", alt: "A loaf", contentType: "image/png", bytes: TINY_PNG },
        status: "publish",
        origin: null,
        structuredData: null,
      });
      expect(updated.remoteId).toBe(ref.remoteId);
      const { body: revised } = await wp(`wp/v2/posts/${ref.remoteId}?context=edit`);
      expect(revised).toMatchObject({
        content: { raw: "<p>Revised.</p>" },
        categories: [2],
        tags: [],
        featured_media: post.featured_media,
      });
      expect(revised.title.raw.replace(/&amp;/g, "&")).toBe(`${title} (revised)`);
    } finally {
      if (created.post) await wp(`wp/v2/posts/${created.post}?force=true`, { method: "DELETE" });
      for (const id of created.media) if (id) await wp(`wp/v2/media/${id}?force=true`, { method: "DELETE" });
      for (const id of created.categories) await wp(`wp/v2/categories/${id}?force=true`, { method: "DELETE" });
      for (const id of created.tags) await wp(`wp/v2/tags/${id}?force=true`, { method: "DELETE" });
    }
  });
});
