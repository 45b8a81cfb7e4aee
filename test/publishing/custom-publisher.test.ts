import { describe, expect, it } from "vitest";
import { createCustomPublisher } from "../../src/publishing/custom";
import type { PublishableArticle } from "../../src/publishing/port";

const article: PublishableArticle = {
  title: "T",
  html: "<p>x</p>",
  excerpt: "",
  slug: "t",
  seoTitle: "",
  seoDesc: "",
  categories: [],
  tags: [],
  heroImage: null,
};

describe("custom publisher", () => {
  it("gives each publication its own remote id and no URL", async () => {
    const publisher = createCustomPublisher();
    const first = await publisher.publish(article);
    const second = await publisher.publish(article);
    expect(first).toEqual({ remoteId: expect.stringMatching(/^custom_[0-9a-f-]{36}$/), url: null });
    expect(second.remoteId).not.toBe(first.remoteId);
  });

  it("keeps the remote id on update", async () => {
    expect(await createCustomPublisher().update("custom_abc", article)).toEqual({ remoteId: "custom_abc", url: null });
  });
});
