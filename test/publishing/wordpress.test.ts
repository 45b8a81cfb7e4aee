import { describe, expect, it } from "vitest";
import { WordPressClient } from "../../src/adapters/wordpress/client";
import { WordPressError } from "../../src/adapters/wordpress/errors";
import type { PublishableArticle } from "../../src/publishing/port";
import { createWordPressPublisher, wordPressPlatformForSite } from "../../src/publishing/wordpress";
import { getSite } from "../../src/sites/service";
import { parseConfig } from "../../src/config";
import { db, seedAccount, testEnv } from "../harness";
import { createFakeWordPress, type FakeWordPress } from "../fakes/wordpress";
import { connectFakeSite, installFakeWordPress } from "../fakes/wordpress-setup";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

function article(overrides: Partial<PublishableArticle> = {}): PublishableArticle {
  return {
    title: "Sourdough & Rye: A Guide",
    html: "<h2>Start</h2><p>Feed the starter.</p>",
    excerpt: "How to bake rye sourdough.",
    slug: "sourdough-rye-guide",
    seoTitle: "Sourdough and rye",
    seoDesc: "A guide",
    categories: ["News", "Recipes"],
    tags: ["php", "baking", "Baking "],
    heroImage: { fileName: "hero-sourdough.webp", alt: "A loaf on a board", contentType: "image/webp", bytes: PNG },
    status: "publish",
    origin: null,
    structuredData: null,
    ...overrides,
  };
}

function publisherFor(fake: FakeWordPress) {
  const client = new WordPressClient({
    baseUrl: fake.origin,
    username: "admin",
    appPassword: fake.appPassword,
    fetch: fake.fetch,
    timeoutMs: 1_000,
    checkUrl: () => {},
  });
  return createWordPressPublisher(client);
}

describe("WordPress publisher", () => {
  it("reuses the hero an earlier try uploaded before it could create the post (issue 18, item 18)", async () => {
    const fake = createFakeWordPress();
    let refused = 1;
    const fetch: typeof globalThis.fetch = async (input, init) => {
      const request = new Request(input, init);
      // The connection drops before the post is created, after the hero was uploaded.
      if (request.method === "POST" && new URL(request.url).pathname.endsWith("/wp/v2/posts") && refused-- > 0)
        throw new TypeError("Network connection lost");
      return fake.fetch(request);
    };
    const client = new WordPressClient({
      baseUrl: fake.origin,
      username: "admin",
      appPassword: fake.appPassword,
      fetch,
      timeoutMs: 1_000,
      checkUrl: () => {},
    });
    const publisher = createWordPressPublisher(client);
    const mediaBefore = fake.content.media.length;
    await expect(publisher.publish(article())).rejects.toThrow();
    expect(fake.content.media.length).toBe(mediaBefore + 1);

    const ref = await publisher.publish(article());
    expect(fake.content.media.length).toBe(mediaBefore + 1);
    const post = fake.content.posts.find((p) => String(p.id) === ref.remoteId)!;
    const hero = fake.content.media.find((m) => m.id === post.featuredMedia)!;
    expect(hero).toMatchObject({ fileName: "hero-sourdough.webp", altText: "A loaf on a board", post: post.id });
  });

  it("publishes a post with title, HTML, excerpt, slug, terms by name and the hero image as featured media", async () => {
    const fake = createFakeWordPress();
    const ref = await publisherFor(fake).publish(article());

    const post = fake.content.posts.find((p) => String(p.id) === ref.remoteId)!;
    expect(ref.url).toBe("https://blog.example.com/sourdough-rye-guide/");
    expect(post).toMatchObject({
      title: "Sourdough & Rye: A Guide",
      content: "<h2>Start</h2><p>Feed the starter.</p>",
      excerpt: "How to bake rye sourdough.",
      slug: "sourdough-rye-guide",
      status: "publish",
    });

    const recipes = fake.content.terms.find((t) => t.name === "Recipes" && t.taxonomy === "category")!;
    const baking = fake.content.terms.filter((t) => t.name.toLowerCase() === "baking");
    expect(post.categories).toEqual([2, recipes.id]);
    expect(baking).toHaveLength(1);
    expect(post.tags).toEqual([6, baking[0]!.id]);

    const media = fake.content.media.find((m) => m.id === post.featuredMedia)!;
    expect(media).toMatchObject({
      fileName: "hero-sourdough.webp",
      mimeType: "image/webp",
      altText: "A loaf on a board",
      bytes: PNG.byteLength,
    });
    const upload = fake.calls("wp/v2/media", "POST")[0]!;
    expect(upload.contentType).toBe("image/webp");
  });

  it("does not publish twice when retried after a lost answer: the earlier post is updated", async () => {
    const fake = createFakeWordPress();
    const publisher = publisherFor(fake);
    const first = await publisher.publish(article());
    const again = await publisher.publish(article({ html: "<p>Second try</p>" }));
    expect(again.remoteId).toBe(first.remoteId);
    expect(fake.content.posts.filter((p) => p.slug.startsWith("sourdough-rye-guide"))).toHaveLength(1);
    expect(fake.content.posts.find((p) => String(p.id) === first.remoteId)!.content).toBe("<p>Second try</p>");
    expect(fake.content.media.filter((m) => m.fileName === "hero-sourdough.webp")).toHaveLength(1);
  });

  it("publishes a new post when another post with the same slug is someone else's", async () => {
    const fake = createFakeWordPress();
    const ref = await publisherFor(fake).publish(article({ slug: "post-1", title: "A different title", heroImage: null }));
    expect(ref.remoteId).not.toBe("100");
    expect(fake.content.posts.find((p) => p.id === 100)!.title).toBe("Post 1 &amp; friends");
  });

  it("updates a post; keeps the featured image when it is the same file, uploads a new one otherwise", async () => {
    const fake = createFakeWordPress();
    const publisher = publisherFor(fake);
    const { remoteId } = await publisher.publish(article());
    const mediaBefore = fake.content.media.length;

    const edited = await publisher.update(remoteId, article({ title: "Rye Sourdough, Revised", categories: [], tags: [] }));
    expect(edited).toEqual({ remoteId, url: "https://blog.example.com/sourdough-rye-guide/" });
    const post = fake.content.posts.find((p) => String(p.id) === remoteId)!;
    expect(post).toMatchObject({ title: "Rye Sourdough, Revised", categories: [], tags: [] });
    expect(fake.content.media.length).toBe(mediaBefore);

    await publisher.update(
      remoteId,
      article({ heroImage: { fileName: "new-hero.webp", alt: "New", contentType: "image/webp", bytes: PNG } }),
    );
    expect(fake.content.media.length).toBe(mediaBefore + 1);
    expect(fake.content.media.find((m) => m.id === post.featuredMedia)!.fileName).toBe("new-hero.webp");
  });

  it("is a 404 WordPressError for a post that does not exist", async () => {
    const fake = createFakeWordPress();
    const error = await publisherFor(fake)
      .update("99999", article())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WordPressError);
    expect(error).toMatchObject({ status: 404 });
    expect(
      await publisherFor(fake)
        .update("not-an-id", article())
        .catch((e: unknown) => e),
    ).toMatchObject({ status: 404 });
  });

  it("for a connected site: rejected credentials turn the site to ERROR", async () => {
    const fake = installFakeWordPress();
    const { token, accountId } = await seedAccount();
    const { id } = await connectFakeSite(token, fake);
    const deps = { db: db(), fetch: fake.fetch, config: parseConfig(testEnv), encryptionKey: testEnv.ENCRYPTION_KEY };
    const platform = wordPressPlatformForSite(deps, await getSite(db(), accountId, id));
    expect((await platform.publish(article({ heroImage: null }))).url).toBe("https://blog.example.com/sourdough-rye-guide/");

    fake.revokeAppPassword();
    const error = await platform.publish(article({ slug: "another" })).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 422 });
    expect((await getSite(db(), accountId, id)).status).toBe("ERROR");
  });
});
