import { describe, expect, it } from "vitest";
import { articleImages } from "../../src/db/schema";
import { BASE, call, db, expectError, seedAccount, seedArticle } from "../harness";

const ARTICLE_FIELDS = [
  "content",
  "created_at",
  "excerpt",
  "featured_image",
  "id",
  "images",
  "language",
  "meta",
  "published_at",
  "site_id",
  "slug",
  "status",
  "title",
  "updated_at",
  "url",
  "word_count",
];

async function seedIllustrated(accountId: string) {
  return seedArticle(
    accountId,
    {
      title: "Sourdough Basics",
      html: "<p>Flour, water and salt.</p>",
      excerpt: "The three ingredients.",
      seoDesc: "How sourdough works",
      keywords: ["sourdough", "bread"],
      language: "en",
      status: "published",
      publishedAt: "2026-02-03T04:05:06Z",
      images: [
        { url: "https://cdn.example.com/first.webp", altText: "First in the text", isFeatured: false },
        { url: "/api/media/hero.webp", altText: "The hero", isFeatured: true },
        { url: "/api/media/third.webp", altText: "", isFeatured: false },
      ],
    },
    new Date(Date.UTC(2026, 1, 3, 4, 0, 0)),
  );
}

describe("GET /api/v1/public/articles/{id}", () => {
  it("answers {success, data} with the whole article, images in display order and the featured image's URL", async () => {
    const { token, accountId } = await seedAccount();
    const article = await seedIllustrated(accountId);
    const res = await call(`/api/v1/public/articles/${article.id}`, { token });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
    const body = (await res.json()) as { success: boolean; data: Record<string, unknown> };
    expect(Object.keys(body).sort()).toStrictEqual(["data", "success"]);
    expect(body.success).toBe(true);
    expect(Object.keys(body.data).sort()).toStrictEqual(ARTICLE_FIELDS);
    expect(body.data).toStrictEqual({
      id: article.id,
      site_id: null,
      title: "Sourdough Basics",
      slug: "sourdough-basics",
      url: null,
      content: "<p>Flour, water and salt.</p>",
      excerpt: "The three ingredients.",
      featured_image: `${BASE}/api/media/hero.webp`,
      images: [
        { id: expect.any(Number), url: "https://cdn.example.com/first.webp", alt_text: "First in the text", is_featured: false },
        { id: expect.any(Number), url: `${BASE}/api/media/hero.webp`, alt_text: "The hero", is_featured: true },
        { id: expect.any(Number), url: `${BASE}/api/media/third.webp`, alt_text: "", is_featured: false },
      ],
      meta: { description: "How sourdough works", keywords: ["sourdough", "bread"] },
      word_count: 4,
      language: "en",
      status: "published",
      published_at: "2026-02-03T04:05:06Z",
      created_at: "2026-02-03T04:00:00Z",
      updated_at: "2026-02-03T04:00:00Z",
    });
  });

  it("gives featured_image null and images [] for an article without images, and published_at null for a draft", async () => {
    const { token, accountId } = await seedAccount();
    const article = await seedArticle(accountId, { title: "Bare", status: "draft" });
    const body = (await (await call(`/api/v1/public/articles/${article.id}`, { token })).json()) as { data: Record<string, unknown> };
    expect(body.data).toMatchObject({
      id: article.id,
      featured_image: null,
      images: [],
      status: "draft",
      published_at: null,
      meta: { description: "", keywords: [] },
    });
  });

  it("is 404 for another account's article, identical to a missing one", async () => {
    const mine = await seedAccount();
    const other = await seedAccount();
    const theirs = await seedIllustrated(other.accountId);
    const foreign = await expectError(await call(`/api/v1/public/articles/${theirs.id}`, { token: mine.token }), 404, "not_found");
    const missing = await expectError(await call(`/api/v1/public/articles/999999999`, { token: mine.token }), 404, "not_found");
    expect(foreign).toStrictEqual(missing);
    expect(foreign.message).toBe("Article not found");
  });

  it("is a 404 JSON error for ids that are not positive integers", async () => {
    const { token, accountId } = await seedAccount();
    const article = await seedArticle(accountId);
    for (const id of [
      "abc",
      "0",
      "-1",
      `-${article.id}`,
      "1.5",
      `${article.id}.0`,
      "1e3",
      "0x1",
      "99999999999999999999999",
      "9007199254740993",
      "%20",
      `${article.id}abc`,
      "NaN",
    ]) {
      await expectError(await call(`/api/v1/public/articles/${id}`, { token }), 404, "not_found");
    }
  });
});

describe("GET /api/v1/public/articles/{id}/images", () => {
  it("answers {success, data: Image[]} in display order", async () => {
    const { token, accountId } = await seedAccount();
    const article = await seedIllustrated(accountId);
    const res = await call(`/api/v1/public/articles/${article.id}/images`, { token });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { success: boolean; data: Record<string, unknown>[] };
    expect(Object.keys(body).sort()).toStrictEqual(["data", "success"]);
    expect(body.data.map((image) => Object.keys(image).sort())).toStrictEqual(Array(3).fill(["alt_text", "id", "is_featured", "url"]));
    expect(body.data.map((image) => [image.url, image.is_featured])).toStrictEqual([
      ["https://cdn.example.com/first.webp", false],
      [`${BASE}/api/media/hero.webp`, true],
      [`${BASE}/api/media/third.webp`, false],
    ]);
    const detail = (await (await call(`/api/v1/public/articles/${article.id}`, { token })).json()) as { data: { images: unknown } };
    expect(body.data).toStrictEqual(detail.data.images);
  });

  it("orders images by their position, not by when they were added", async () => {
    const { token, accountId } = await seedAccount();
    const article = await seedArticle(accountId);
    await db()
      .insert(articleImages)
      .values([
        { articleId: article.id, accountId, url: "/api/media/third.webp", altText: "third", isFeatured: false, position: 2 },
        { articleId: article.id, accountId, url: "/api/media/first.webp", altText: "first", isFeatured: true, position: 0 },
        { articleId: article.id, accountId, url: "/api/media/second.webp", altText: "second", isFeatured: false, position: 1 },
      ]);
    const images = (await (await call(`/api/v1/public/articles/${article.id}/images`, { token })).json()) as {
      data: { alt_text: string }[];
    };
    expect(images.data.map((image) => image.alt_text)).toStrictEqual(["first", "second", "third"]);
    const detail = (await (await call(`/api/v1/public/articles/${article.id}`, { token })).json()) as {
      data: { images: { alt_text: string }[]; featured_image: string };
    };
    expect(detail.data.images.map((image) => image.alt_text)).toStrictEqual(["first", "second", "third"]);
    expect(detail.data.featured_image).toBe(`${BASE}/api/media/first.webp`);
    const list = (await (await call(`/api/v1/public/articles`, { token })).json()) as { data: { images: { alt_text: string }[] }[] };
    expect(list.data[0]!.images.map((image) => image.alt_text)).toStrictEqual(["first", "second", "third"]);
  });

  it("answers an empty list for an article without images", async () => {
    const { token, accountId } = await seedAccount();
    const article = await seedArticle(accountId);
    expect(await (await call(`/api/v1/public/articles/${article.id}/images`, { token })).json()).toStrictEqual({ success: true, data: [] });
  });

  it("is 404 for another account's article and for ids that are not positive integers", async () => {
    const mine = await seedAccount();
    const other = await seedAccount();
    const theirs = await seedIllustrated(other.accountId);
    await expectError(await call(`/api/v1/public/articles/${theirs.id}/images`, { token: mine.token }), 404, "not_found");
    for (const id of ["abc", "0", "-3", "99999999999999999999999"]) {
      await expectError(await call(`/api/v1/public/articles/${id}/images`, { token: mine.token }), 404, "not_found");
    }
  });

  it("is 404 JSON for unknown paths under the public API", async () => {
    const { token, accountId } = await seedAccount();
    const article = await seedArticle(accountId);
    await expectError(await call(`/api/v1/public/articles/${article.id}/comments`, { token }), 404, "not_found");
    await expectError(await call(`/api/v1/public/nothing`, { token }), 404, "not_found");
    await expectError(await call(`/api/v2/public/articles`, { token }), 404, "not_found");
  });
});
