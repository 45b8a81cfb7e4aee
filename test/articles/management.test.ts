import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { webhookDeliveries } from "../../src/db/schema";
import { connectFakeSite, installFakeWordPress } from "../fakes/wordpress-setup";
import { call, db, expectError, seedAccount, seedArticle, seedSite, seedToken } from "../harness";
import { encodePng } from "../media/images";
import { upload, uploadRows } from "../media/media-harness";
import { offlinePlan, runNow } from "../pipeline/helpers";

interface Article {
  id: string;
  siteId: string | null;
  planId: string | null;
  planItemId: string | null;
  title: string;
  slug: string;
  status: string;
  url: string | null;
  seoTitle: string;
  seoDesc: string;
  html: string;
  wordCount: number;
  targetKeyword: string | null;
  featuredImage: string | null;
  cost: { credits: string; usage: { textProvider: string } | null };
  images: { url: string; isFeatured: boolean; altText: string }[];
  blogUpdated?: boolean;
  warnings?: string[];
}

/** An article written by the pipeline for a new plan of the site. */
async function generated(token: string, siteId: string, publishMode = "publish") {
  const plan = await offlinePlan(token, siteId, { articleCount: 1, publishMode });
  const res = await runNow(token, plan.items[0]!.id);
  if (res.status !== 200) throw new Error(`run failed: ${res.status} ${await res.text()}`);
  const { articleId } = (await res.json()) as { articleId: string };
  return { plan, articleId };
}

const get = async (token: string, path: string) => {
  const res = await call(path, { token });
  return { status: res.status, body: (await res.json()) as any };
};
const patch = (token: string, id: string, json: unknown) => call(`/api/autopilot/articles/${id}`, { method: "PATCH", token, json });
const publish = (token: string, id: string) => call(`/api/autopilot/articles/${id}/publish`, { method: "POST", token });

describe("GET /api/autopilot/articles", () => {
  it("lists the account's articles newest first with status, URL, SEO title, word count and cost; filters by site, plan and status", async () => {
    const { accountId, token } = await seedAccount();
    const siteA = await seedSite(accountId, { platform: "custom" });
    const siteB = await seedSite(accountId, { platform: "custom" });
    const first = await generated(token, siteA.id);
    const second = await generated(token, siteB.id, "review");
    const handMade = await seedArticle(accountId, { title: "Written by hand", status: "draft" });

    const all = await get(token, "/api/autopilot/articles");
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ page: 1, perPage: 20, total: 3, totalPages: 1 });
    expect(all.body.items.map((a: Article) => a.id)).toEqual([String(handMade.id), second.articleId, first.articleId]);
    const [, pending, published] = all.body.items as Article[];
    expect(published).toMatchObject({
      siteId: siteA.id,
      planId: first.plan.id,
      status: "published",
      cost: { credits: "5.00", usage: { textProvider: "offline" } },
    });
    expect(published!.wordCount).toBeGreaterThanOrEqual(800);
    expect(published!.featuredImage).toMatch(/^\/api\/media\/heroes\//);
    expect(pending).toMatchObject({ status: "pending", url: null });
    expect(all.body.items[0]).toMatchObject({ planId: null, cost: { credits: "0.00", usage: null } });

    expect((await get(token, `/api/autopilot/articles?siteId=${siteB.id}`)).body.items.map((a: Article) => a.id)).toEqual([
      second.articleId,
    ]);
    expect((await get(token, `/api/autopilot/articles?planId=${first.plan.id}`)).body.items.map((a: Article) => a.id)).toEqual([
      first.articleId,
    ]);
    expect((await get(token, "/api/autopilot/articles?status=pending")).body.items.map((a: Article) => a.id)).toEqual([second.articleId]);
    const paged = (await get(token, "/api/autopilot/articles?per_page=2&page=2")).body;
    expect(paged).toMatchObject({ total: 3, totalPages: 2, items: [{ id: first.articleId }] });
  });

  it("shows nothing of another account, and refuses bad filters with 400", async () => {
    const owner = await seedAccount();
    const site = await seedSite(owner.accountId, { platform: "custom" });
    await generated(owner.token, site.id);
    const stranger = await seedAccount();
    expect((await get(stranger.token, "/api/autopilot/articles")).body).toMatchObject({ total: 0, items: [] });
    expect((await get(stranger.token, `/api/autopilot/articles?siteId=${site.id}`)).body).toMatchObject({ total: 0, items: [] });
    await expectError(await call("/api/autopilot/articles?status=live", { token: owner.token }), 400, "invalid_request");
    await expectError(await call("/api/autopilot/articles?per_page=101", { token: owner.token }), 400, "invalid_request");
    await expectError(await call("/api/autopilot/articles?page=0", { token: owner.token }), 400, "invalid_request");
    await expectError(await call("/api/autopilot/articles"), 401);
    await expectError(await call("/api/autopilot/articles", { token: (await seedToken(owner.accountId, "public:read")).token }), 403);
  });
});

describe("GET /api/autopilot/articles/{articleId}", () => {
  it("has the full HTML, SEO fields, images, cost, plan item and keyword; 404 for another account's or a malformed id", async () => {
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId, { platform: "custom" });
    const { plan, articleId } = await generated(token, site.id);
    const { status, body } = await get(token, `/api/autopilot/articles/${articleId}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: articleId,
      planItemId: plan.items[0]!.id,
      targetKeyword: plan.items[0]!.targetKeyword,
      keywords: [plan.items[0]!.targetKeyword],
    });
    expect(body.html).toMatch(/<h2>/);
    expect(body.images).toEqual([expect.objectContaining({ isFeatured: true, url: body.featuredImage })]);
    const stranger = await seedAccount();
    await expectError(await call(`/api/autopilot/articles/${articleId}`, { token: stranger.token }), 404, "not_found");
    await expectError(await call("/api/autopilot/articles/abc", { token }), 404, "not_found");
  });
});

describe("PATCH /api/autopilot/articles/{articleId}", () => {
  it("stores the edit with the HTML sanitised and the word count followed; lengths outside the ranges are accepted with warnings", async () => {
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId, { platform: "custom" });
    const { articleId } = await generated(token, site.id);
    const res = await patch(token, articleId, {
      title: "A better title",
      html: '<h2>One</h2><p onclick="x()">Two words <a href="javascript:alert(1)">here</a></p><script>alert(1)</script>',
      seoTitle: "Short",
      seoDesc: "Also short",
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Article;
    expect(body).toMatchObject({ title: "A better title", seoTitle: "Short", seoDesc: "Also short", blogUpdated: false });
    expect(body.html).toBe("<h2>One</h2><p>Two words <a>here</a></p>");
    expect(body.wordCount).toBe(4);
    expect(body.warnings).toEqual([
      "seoTitle has 5 characters; 50–70 is recommended",
      "seoDesc has 10 characters; 150–160 is recommended",
      "Custom sites read articles through GET /api/autopilot/articles (or the public API); there is no platform to update",
    ]);
    expect((await get(token, `/api/autopilot/articles/${articleId}`)).body).toMatchObject({ title: "A better title", wordCount: 4 });
    // The public API and its search follow the edit.
    const found = (await get(token, "/api/v1/public/articles?search=better")).body;
    expect(found.data.map((a: { id: number }) => String(a.id))).toEqual([articleId]);
  });

  it("updates the post on WordPress (marker kept), and keeps the local edit with a warning when WordPress is down", async () => {
    const wp = installFakeWordPress();
    const { token } = await seedAccount();
    const site = await connectFakeSite(token, wp);
    const { plan, articleId } = await generated(token, site.id);
    const post = () => wp.content.posts.find((p) => p.content.includes(`content-autopilot:${plan.items[0]!.id}`))!;
    const postId = post().id;

    const res = await patch(token, articleId, { title: "Edited on our side", html: "<h2>New</h2><p>Fresh text.</p>" });
    const body = (await res.json()) as Article;
    expect(res.status).toBe(200);
    expect(body.blogUpdated).toBe(true);
    expect(post()).toMatchObject({ id: postId, title: "Edited on our side", status: "publish" });
    expect(post().content).toBe(`<!-- content-autopilot:${plan.items[0]!.id} -->\n<h2>New</h2><p>Fresh text.</p>`);

    wp.failure = "server_error";
    const down = await patch(token, articleId, { title: "Edited while down" });
    const downBody = (await down.json()) as Article;
    expect(down.status).toBe(200);
    expect(downBody).toMatchObject({ title: "Edited while down", blogUpdated: false });
    expect(downBody.warnings!.at(-1)).toMatch(/^The edit is stored here but WordPress was not updated: /);
    wp.failure = null;
    expect(post().title).toBe("Edited on our side");
  });

  it("refuses bad bodies with 400 and changes nothing; 404 for another account; 401 and 403", async () => {
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId, { platform: "custom" });
    const { articleId } = await generated(token, site.id);
    const before = (await get(token, `/api/autopilot/articles/${articleId}`)).body;
    for (const body of [{}, { title: "" }, { title: "   " }, { colour: "red" }, { title: 5 }, { html: "x".repeat(500_001) }, [1]]) {
      await expectError(await patch(token, articleId, body), 400, "invalid_request");
    }
    await expectError(
      await call(`/api/autopilot/articles/${articleId}`, {
        method: "PATCH",
        token,
        body: "{not json",
        headers: { "Content-Type": "application/json" },
      }),
      400,
    );
    expect((await get(token, `/api/autopilot/articles/${articleId}`)).body).toEqual(before);
    const stranger = await seedAccount();
    await expectError(await patch(stranger.token, articleId, { title: "Mine now" }), 404);
    await expectError(await call(`/api/autopilot/articles/${articleId}`, { method: "PATCH", json: { title: "x" } }), 401);
    await expectError(await patch((await seedToken(accountId, "public:read")).token, articleId, { title: "x" }), 403);
  });
});

describe("POST /api/autopilot/articles/{articleId}/publish", () => {
  it("publishes a pending article on WordPress once; a second call is 409", async () => {
    const wp = installFakeWordPress();
    const { token } = await seedAccount();
    const site = await connectFakeSite(token, wp);
    const { articleId } = await generated(token, site.id, "review");
    expect(wp.calls("wp/v2/posts", "POST")).toHaveLength(0);

    const [a, b] = await Promise.all([publish(token, articleId), publish(token, articleId)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(wp.calls("wp/v2/posts", "POST")).toHaveLength(1);
    const body = (await get(token, `/api/autopilot/articles/${articleId}`)).body as Article;
    const post = wp.content.posts.find((p) => p.slug === body.slug)!;
    expect(body).toMatchObject({ status: "published", url: `${wp.origin}/${post.slug}/` });
    const again = await expectError(await publish(token, articleId), 409, "article_already_published");
    expect(again.message).toContain("already published");
  });

  it("switches a WordPress draft post to published (the same post)", async () => {
    const wp = installFakeWordPress();
    const { token } = await seedAccount();
    const site = await connectFakeSite(token, wp);
    const { articleId } = await generated(token, site.id, "draft");
    const draft = wp.content.posts.find((p) => p.status === "draft" && p.content.includes("content-autopilot:"))!;
    expect((await publish(token, articleId)).status).toBe(200);
    expect(wp.content.posts.find((p) => p.id === draft.id)).toMatchObject({ status: "publish" });
    expect(wp.calls("wp/v2/posts", "POST")).toHaveLength(1);
  });

  it("records the article.published delivery for a custom site with a webhook, and none without", async () => {
    const { accountId, token } = await seedAccount();
    const withHook = await seedSite(accountId, { platform: "custom", webhookUrl: "https://hooks.example.invalid/in" });
    const without = await seedSite(accountId, { platform: "custom" });
    const hooked = await generated(token, withHook.id, "review");
    const plain = await generated(token, without.id, "review");
    expect(await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.siteId, withHook.id))).toEqual([]);

    expect((await publish(token, hooked.articleId)).status).toBe(200);
    expect((await publish(token, plain.articleId)).status).toBe(200);
    const rows = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.accountId, accountId));
    expect(rows.map((r) => [r.articleId, r.event, r.status])).toEqual([[Number(hooked.articleId), "article.published", "pending"]]);
  });

  it("puts the status back when the platform fails, and is 404 for another account", async () => {
    const wp = installFakeWordPress();
    const { token } = await seedAccount();
    const site = await connectFakeSite(token, wp);
    const { articleId } = await generated(token, site.id, "review");
    wp.failure = "server_error";
    await expectError(await publish(token, articleId), 502);
    expect((await get(token, `/api/autopilot/articles/${articleId}`)).body).toMatchObject({ status: "pending", url: null });
    wp.failure = null;
    const stranger = await seedAccount();
    await expectError(await publish(stranger.token, articleId), 404);
  });
});

describe("PATCH: excerpt, tags, categories and the featured image (issue 19)", () => {
  it("stores them and re-syncs the post: excerpt, terms by name and the new featured image reach WordPress", async () => {
    const wp = installFakeWordPress();
    const { accountId, token } = await seedAccount();
    const site = await connectFakeSite(token, wp);
    const { plan, articleId } = await generated(token, site.id);
    const post = () => wp.content.posts.find((p) => p.content.includes(`content-autopilot:${plan.items[0]!.id}`))!;
    const heroBefore = post().featuredMedia;
    expect((await upload(token, await encodePng(1200, 800), "new-hero.png", "image/png")).status).toBe(201);
    const uploaded = (await uploadRows(accountId)).find((row) => row.originalName === "new-hero.png");

    const res = await patch(token, articleId, {
      excerpt: "A short summary.",
      tags: ["rye", "starter"],
      categories: ["Baking"],
      featuredImage: uploaded!.id,
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Article & { excerpt: string; tags: string[]; categories: string[] };
    expect(body).toMatchObject({
      blogUpdated: true,
      excerpt: "A short summary.",
      tags: ["rye", "starter"],
      categories: ["Baking"],
      featuredImage: `/api/media/${uploaded!.objectKey}`,
    });
    expect(body.images.filter((image) => image.isFeatured)).toHaveLength(1);
    expect(post().excerpt).toBe("A short summary.");
    const names = (ids: number[]) => ids.map((id) => wp.content.terms.find((t) => t.id === id)!.name);
    expect(names(post().tags)).toEqual(["rye", "starter"]);
    expect(names(post().categories)).toEqual(["Baking"]);
    expect(post().featuredMedia).not.toBe(heroBefore);
    expect(wp.content.media.find((m) => m.id === post().featuredMedia)!.fileName).toBe(uploaded!.fileName);

    const removed = (await (await patch(token, articleId, { featuredImage: null })).json()) as Article;
    expect(removed.featuredImage).toBeNull();
    expect(removed.images.filter((image) => image.isFeatured)).toEqual([]);
  });

  it("refuses markup in a tag, an empty category, too many tags and another account's upload with 400, and changes nothing", async () => {
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId, { platform: "custom" });
    const { articleId } = await generated(token, site.id);
    const before = (await get(token, `/api/autopilot/articles/${articleId}`)).body;
    const stranger = await seedAccount();
    expect((await upload(stranger.token, await encodePng(400, 300), "theirs.png", "image/png")).status).toBe(201);
    const [theirs] = await uploadRows(stranger.accountId);
    for (const body of [
      { tags: ["<b>rye</b>"] },
      { categories: [" "] },
      { tags: Array.from({ length: 21 }, (_, i) => `tag ${i}`) },
      { excerpt: "a\u0007b" },
      { featuredImage: theirs!.id },
    ]) {
      await expectError(await patch(token, articleId, body), 400, "invalid_request");
    }
    expect((await get(token, `/api/autopilot/articles/${articleId}`)).body).toEqual(before);
  });
});
