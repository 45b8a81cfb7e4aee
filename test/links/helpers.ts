import { expect } from "vitest";
import { connectFakeSite } from "../fakes/wordpress-setup";
import { createFakeWordPress } from "../fakes/wordpress";
import { eq } from "drizzle-orm";
import { articles } from "../../src/db/schema";
import { call, db, seedAccount, seedArticle, testServices, useFakeFetch } from "../harness";
import { upkeepLinksAfterPublish } from "../../src/links/after-publish";

// A synced fake WordPress whose posts link to each other, and a new article published on it.

export const ORIGIN = "https://blog.example.com";
export const NEW_URL = `${ORIGIN}/rye-sourdough-guide/`;

/** Post 101's paragraph: the sentence a link to the new article goes in. */
export const RELATED_HTML =
  "<!-- wp:paragraph -->\n<p>Flour matters. A good rye sourdough needs a warm kitchen &amp; patience. Bake it on Sunday.</p>\n<!-- /wp:paragraph -->";

export interface Suggestion {
  id: string;
  fromUrl: string;
  fromPostId?: string;
  fromArticleId?: number;
  toUrl: string;
  anchor: string;
  sentence: string;
  linked: string;
  reason: string;
  state: string;
}

export async function linkedSite() {
  const owner = await seedAccount();
  const wp = createFakeWordPress({ postCount: 5 });
  const post = (id: number) => wp.content.posts.find((p) => p.id === id)!;
  // post-1 links to post-2, to post-3 under its old slug, and to a page that is gone.
  post(100).content =
    '<p>See <a href="https://blog.example.com/post-2/">the second post</a>, <a href="/old-three/">our rye notes</a> and <a href="https://blog.example.com/gone/">a lost page</a> for more.</p>';
  post(101).content = RELATED_HTML;
  post(101).title = "Rye sourdough at home";
  post(102).oldSlugs = ["old-three"];
  useFakeFetch(wp.fetch);
  const site = await connectFakeSite(owner.token, wp);
  expect((await call(`/api/sites/${site.id}/sync`, { method: "POST", token: owner.token })).status).toBe(200);
  return { ...owner, wp, site, post };
}

/** Publishes an article as a new post of the fake and runs the queue's link upkeep for it. */
export async function publishArticle(ctx: Awaited<ReturnType<typeof linkedSite>>, planItemId: string | null = null) {
  ctx.wp.content.posts.push({
    id: 300,
    type: "post",
    title: "Rye sourdough guide",
    content: "<p>Everything about rye sourdough, from starter to crust.</p>",
    excerpt: "",
    slug: "rye-sourdough-guide",
    status: "publish",
    dateGmt: "2026-11-27T08:00:00",
    modifiedGmt: "2026-11-27T08:00:00",
    categories: [1],
    tags: [],
    featuredMedia: 0,
  });
  const article = await seedArticle(ctx.accountId, {
    siteId: ctx.site.id,
    title: "Rye sourdough guide",
    status: "published",
    publicationUrl: NEW_URL,
    publishedAt: "2026-11-27T08:00:00Z",
    html: '<p>Everything about rye sourdough. Start with <a href="https://blog.example.com/post-4/">the fourth post</a>.</p>',
  });
  await db().update(articles).set({ remoteId: "300", targetKeyword: "rye sourdough", planItemId }).where(eq(articles.id, article.id));
  const made = await upkeepLinksAfterPublish(testServices(), { accountId: ctx.accountId, siteId: ctx.site.id, articleId: article.id });
  return { article, made };
}

export async function suggestions(token: string, siteId: string): Promise<Suggestion[]> {
  const res = await call(`/api/sites/${siteId}/links/suggestions`, { token });
  expect(res.status).toBe(200);
  return ((await res.json()) as { items: Suggestion[] }).items;
}

export const act = (token: string, siteId: string, id: string, action: "apply" | "revert") =>
  call(`/api/sites/${siteId}/links/suggestions/${id}/${action}`, { method: "POST", token });
