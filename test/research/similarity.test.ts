import { describe, expect, it } from "vitest";
import { qualityOf } from "../../src/articles/quality";
import { storedSignatureOf } from "../../src/content/quality/minhash";
import { newId } from "../../src/core/ids";
import { articles, existingPosts } from "../../src/db/schema";
import { eq } from "drizzle-orm";
import { db, seedAccount, seedArticle, seedSite } from "../harness";

// Issue 29: the similarity of an article is against the site's other pages, never against itself:
// not its own row, and not its own post on the platform, which the sync reads back as an existing post.

const TEXT = Array.from({ length: 300 }, (_, i) => `word${i}`).join(" ");
const HTML = `<p>${TEXT}</p>`;

async function siteWithPost(remoteId: number, text: string) {
  const { accountId } = await seedAccount();
  const site = await seedSite(accountId, { platform: "blog" });
  await db()
    .insert(existingPosts)
    .values({
      id: newId("post"),
      accountId,
      siteId: site.id,
      remoteId,
      title: "A post",
      url: `https://blog.example/p/${remoteId}/`,
      wordCount: 300,
      syncId: "seeded",
      similaritySignature: storedSignatureOf(text),
    });
  return { accountId, siteId: site.id };
}

/** An article of the site with the same text, its signature stored as every article write stores it. */
async function articleWithText(accountId: string, siteId: string) {
  const article = await seedArticle(accountId, { siteId, html: HTML });
  await db()
    .update(articles)
    .set({ similaritySignature: storedSignatureOf(TEXT) })
    .where(eq(articles.id, article.id));
  return article;
}

const subject = (accountId: string, siteId: string, extra: Record<string, unknown> = {}) => ({
  accountId,
  siteId,
  html: HTML,
  language: "en",
  researchId: null,
  claims: [],
  ...extra,
});

describe("similarity to the site's own pages", () => {
  it("finds an existing post with the same text", async () => {
    const { accountId, siteId } = await siteWithPost(77, TEXT);
    expect((await qualityOf(db(), subject(accountId, siteId))).similarity).toBe(1);
  });

  it("leaves out the article's own post on the platform (its remote id) and its own row", async () => {
    const { accountId, siteId } = await siteWithPost(77, TEXT);
    expect((await qualityOf(db(), subject(accountId, siteId, { remoteId: "77" }))).similarity).toBe(0);
    const article = await articleWithText(accountId, siteId);
    expect((await qualityOf(db(), subject(accountId, siteId, { remoteId: "77", articleId: article.id }))).similarity).toBe(0);
    // Another article with the same text is another page.
    await articleWithText(accountId, siteId);
    expect((await qualityOf(db(), subject(accountId, siteId, { remoteId: "77", articleId: article.id }))).similarity).toBe(1);
  });
});
