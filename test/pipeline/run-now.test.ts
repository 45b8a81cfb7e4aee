import { eq } from "drizzle-orm";
import { accounts, articles } from "../../src/db/schema";
import { describe, expect, it } from "vitest";
import { webhookDeliveries } from "../../src/db/schema";
import { MAX_STORED_WIDTH } from "../../src/media/convert";
import { installFakeWordPress, connectFakeSite } from "../fakes/wordpress-setup";
import { BASE, call, db, expectError, seedAccount, seedSite, seedToken, testEnv } from "../harness";
import { planVia } from "../plans/helpers";
import { articlesOfItem, chargesOf, imagesOf, itemRow, offlinePlan, runNow, uploadsOf, watchRun } from "./helpers";

const OFFLINE_PRICE_KURUS = 500;

async function balanceOf(token: string) {
  const res = await call("/api/billing/balance", { token });
  return ((await res.json()) as { creditBalance: string }).creditBalance;
}

describe("POST /api/autopilot/items/{itemId}/run: a custom site", () => {
  it("writes, illustrates and stores the article once, charges its price once, and answers its id and address", async () => {
    const { accountId, token } = await seedAccount({ creditKurus: 10_000 });
    const site = await seedSite(accountId, { platform: "custom", language: "en", businessContext: "Sourdough baking at home" });
    const plan = await offlinePlan(token, site.id);
    const item = plan.items[0]!;

    const res = await runNow(token, item.id);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { articleId: string; url: string };
    expect(body.url).toBe(`/api/v1/public/articles/${body.articleId}`);

    const [article] = await articlesOfItem(item.id);
    expect(article).toMatchObject({
      id: Number(body.articleId),
      accountId,
      siteId: site.id,
      planId: plan.id,
      status: "published",
      targetKeyword: item.targetKeyword,
      generationCostKurus: OFFLINE_PRICE_KURUS,
      remoteId: null,
      publicationUrl: null,
    });
    expect(article!.generationUsage).toMatchObject({ textProvider: "offline", textModel: "offline-draft", imageProvider: "offline" });
    expect(article!.wordCount).toBeGreaterThanOrEqual(800);
    expect([...article!.seoTitle].length).toBeGreaterThanOrEqual(50);
    expect([...article!.seoDesc].length).toBeGreaterThanOrEqual(150);
    expect(article!.slug).toMatch(/^[a-z0-9-]+$/);

    // The hero image: webp, in the uploads list, the article's featured image.
    const [hero] = await imagesOf(article!.id);
    expect(hero).toMatchObject({ isFeatured: true });
    expect(hero!.altText.length).toBeGreaterThan(0);
    const [upload] = await uploadsOf(accountId);
    expect(upload).toMatchObject({ contentType: "image/webp", objectKey: expect.stringMatching(/^heroes\//) });
    expect(upload!.width).toBeLessThanOrEqual(MAX_STORED_WIDTH);
    expect(upload!.width).toBeGreaterThanOrEqual(1024);
    expect(hero!.url).toBe(`/api/media/${upload!.objectKey}`);
    const stored = await testEnv.MEDIA.get(upload!.objectKey);
    expect(stored?.httpMetadata?.contentType).toBe("image/webp");
    const listed = (await (await call("/api/uploads", { token })).json()) as {
      uploads: { fileName: string; originalName: string | null }[];
    };
    expect(listed.uploads.map((u) => u.fileName)).toContain(upload!.fileName);
    // Named by what it shows, as its alt text says (not by an item id).
    expect(upload!.originalName).toBe(hero!.altText);
    expect(upload!.originalName).toContain(item.targetKeyword);

    // Item and plan show it; the charge is settled once.
    expect(await itemRow(item.id)).toMatchObject({ status: "PUBLISHED", articleId: article!.id, attempts: 1, failureReason: null });
    const detail = (await planVia(token, plan.id)).body;
    expect(detail.items[0]).toMatchObject({ status: "PUBLISHED", articleId: body.articleId });
    expect((await chargesOf(accountId)).map((c) => [c.reference, c.status, c.amountKurus])).toEqual([
      [`${item.id}:a1`, "settled", OFFLINE_PRICE_KURUS],
    ]);
    expect(await balanceOf(token)).toBe("95.00");

    // The public read API shows it with its SEO fields and image.
    const publicRes = await call(`/api/v1/public/articles/${body.articleId}`, { token });
    expect(publicRes.status).toBe(200);
    const publicArticle = ((await publicRes.json()) as { data: Record<string, unknown> }).data;
    expect(publicArticle).toMatchObject({
      status: "published",
      featured_image: `${BASE}${hero!.url}`,
      meta: { description: article!.seoDesc, keywords: [item.targetKeyword] },
    });

    // No webhook URL: no delivery.
    expect(await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.siteId, site.id))).toEqual([]);
  });

  it("records an article.published delivery with the article when the custom site has a webhook URL", async () => {
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId, { platform: "custom", webhookUrl: "https://hooks.example.invalid/articles" });
    const plan = await offlinePlan(token, site.id, { articleCount: 1 });
    const res = await runNow(token, plan.items[0]!.id);
    expect(res.status).toBe(200);
    const { articleId } = (await res.json()) as { articleId: string };
    const deliveries = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.siteId, site.id));
    expect(deliveries.map((d) => [d.articleId, d.event, d.status, d.attempts])).toEqual([
      [Number(articleId), "article.published", "pending", 0],
    ]);
  });

  it("answers 409 naming the article for an item already published, and never writes a second article", async () => {
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId, { platform: "custom" });
    const plan = await offlinePlan(token, site.id, { articleCount: 1 });
    const item = plan.items[0]!;
    const first = (await (await runNow(token, item.id)).json()) as { articleId: string };
    const again = await expectError(await runNow(token, item.id), 409, "item_already_published");
    expect(again.message).toContain(`article ${first.articleId}`);
    expect(await articlesOfItem(item.id)).toHaveLength(1);
    expect(await chargesOf(accountId)).toHaveLength(1);
    // Completion is for approved plans: a DRAFT plan run by hand stays DRAFT (approving it then completes it).
    expect((await planVia(token, plan.id)).body.status).toBe("DRAFT");
    expect((await planVia(token, plan.id, "approve")).body.status).toBe("COMPLETED");
  });

  it("joins the run in flight: two concurrent calls give one article and one charge", async () => {
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId, { platform: "custom" });
    const plan = await offlinePlan(token, site.id, { articleCount: 1 });
    const item = plan.items[0]!;
    const [a, b] = await Promise.all([runNow(token, item.id), runNow(token, item.id)]);
    const bodies = [a, b].map((r) => r.status);
    // Both answer the same article, or the later one learns it is published (409) — never a second article.
    expect(bodies.every((status) => status === 200 || status === 409)).toBe(true);
    expect(await articlesOfItem(item.id)).toHaveLength(1);
    expect((await chargesOf(accountId)).filter((c) => c.status !== "refunded")).toHaveLength(1);
  });
});

describe("POST /api/autopilot/items/{itemId}/run: billing first", () => {
  it("is 402 before any work when the balance is short, and leaves the item as it was", async () => {
    const { accountId, token } = await seedAccount({ creditKurus: 100 });
    const site = await seedSite(accountId, { platform: "custom" });
    const plan = await offlinePlan(token, site.id, { articleCount: 1 });
    const item = plan.items[0]!;
    const error = await expectError(await runNow(token, item.id), 402, "insufficient_credit");
    expect(error.message).toMatch(/5\.00 TRY/);
    expect(await itemRow(item.id)).toMatchObject({ status: "PLANNED", attempts: 0 });
    expect(await chargesOf(accountId)).toEqual([]);
    expect(await articlesOfItem(item.id)).toEqual([]);
  });

  it("is 403 for a BYOK account without its key or licence, before any work", async () => {
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId, { platform: "custom" });
    const plan = await offlinePlan(token, site.id, { articleCount: 1 });
    await db().update(accounts).set({ billingMode: "BYOK_MONTHLY" }).where(eq(accounts.id, accountId));
    const error = await expectError(await runNow(token, plan.items[0]!.id), 403, "byok_key_missing");
    expect(error.message).toMatch(/^BYOK/);
    expect(await itemRow(plan.items[0]!.id)).toMatchObject({ status: "PLANNED", attempts: 0 });
    expect(await chargesOf(accountId)).toEqual([]);
  });

  it("is 404 for another account's item and 403 for a public:read token", async () => {
    const owner = await seedAccount();
    const site = await seedSite(owner.accountId, { platform: "custom" });
    const plan = await offlinePlan(owner.token, site.id, { articleCount: 1 });
    const stranger = await seedAccount();
    await expectError(await runNow(stranger.token, plan.items[0]!.id), 404, "not_found");
    await expectError(await runNow(owner.token, "item_doesnotexist0000"), 404, "not_found");
    const { token: readOnly } = await seedToken(owner.accountId, "public:read");
    await expectError(await runNow(readOnly, plan.items[0]!.id), 403);
    await expectError(await call(`/api/autopilot/items/${plan.items[0]!.id}/run`, { method: "POST" }), 401);
    expect(await itemRow(plan.items[0]!.id)).toMatchObject({ status: "PLANNED", attempts: 0 });
  });
});

describe("POST /api/autopilot/items/{itemId}/run: slugs", () => {
  it("transliterates Turkish titles to ASCII and keeps slugs unique in the site", async () => {
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId, { platform: "custom", language: "tr", businessContext: "Ev yapımı ekmek" });
    const plan = await offlinePlan(token, site.id, { articleCount: 2 });
    const slugs: string[] = [];
    for (const item of plan.items) {
      const patched = await call(`/api/autopilot/items/${item.id}`, {
        method: "PATCH",
        token,
        json: { title: "Ekşi Maya Ekmeği Nasıl Yapılır", targetKeyword: "ekşi maya ekmeği" },
      });
      expect(patched.status).toBe(200);
      expect((await runNow(token, item.id)).status).toBe(200);
      slugs.push((await articlesOfItem(item.id))[0]!.slug);
    }
    expect(slugs).toEqual(["eksi-maya-ekmegi-nasil-yapilir", "eksi-maya-ekmegi-nasil-yapilir-2"]);
  });
});

describe("POST /api/autopilot/items/{itemId}/run: a failure", () => {
  it("leaves the item FAILED with a reason and a refund; a rerun succeeds and the item is charged once", async () => {
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId, { platform: "custom" });
    const plan = await offlinePlan(token, site.id, { articleCount: 1 });
    const item = plan.items[0]!;

    // The hero image cannot be stored: a permanent failure of that step.
    {
      await using run = await watchRun(item.id, 1);
      await run.modify(async (m) => m.mockStepError({ name: "store hero image" }, new Error("The image service is gone")));
      const failed = await runNow(token, item.id);
      expect(failed.status).toBe(502);
      expect(((await failed.json()) as { message: string }).message).toContain("The image service is gone");
    }
    expect(await itemRow(item.id)).toMatchObject({ status: "FAILED", failureStatus: 502, failureCode: "upstream_error", attempts: 1 });
    expect((await itemRow(item.id)).failureReason).toContain("The image service is gone");
    expect((await chargesOf(accountId)).map((c) => [c.reference, c.status])).toEqual([[`${item.id}:a1`, "refunded"]]);
    expect(await balanceOf(token)).toBe("100.00");
    expect(await articlesOfItem(item.id)).toEqual([]);

    const rerun = await runNow(token, item.id);
    expect(rerun.status).toBe(200);
    expect(await itemRow(item.id)).toMatchObject({ status: "PUBLISHED", attempts: 2, failureReason: null });
    expect((await chargesOf(accountId)).map((c) => [c.reference, c.status])).toEqual([
      [`${item.id}:a1`, "refunded"],
      [`${item.id}:a2`, "settled"],
    ]);
    expect(await balanceOf(token)).toBe("95.00");
    expect(await db().select().from(articles).where(eq(articles.accountId, accountId))).toHaveLength(1);
  });
});

describe("POST /api/autopilot/items/{itemId}/run: a WordPress site", () => {
  it("publishes the post with its featured image, categories and tags, and the marker that keeps it single", async () => {
    const wp = installFakeWordPress();
    const { accountId, token } = await seedAccount();
    const site = await connectFakeSite(token, wp);
    const plan = await offlinePlan(token, site.id, { articleCount: 1 });
    const item = plan.items[0]!;

    const res = await runNow(token, item.id);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { articleId: string; url: string };
    const created = wp.calls("wp/v2/posts", "POST");
    expect(created).toHaveLength(1);
    const sent = JSON.parse(created[0]!.body) as {
      title: string;
      content: string;
      status: string;
      slug: string;
      categories: number[];
      tags: number[];
      featured_media: number;
    };
    expect(sent.status).toBe("publish");
    expect(sent.content).toContain(`<!-- content-autopilot:${item.id} -->`);
    expect(sent.featured_media).toBeGreaterThan(0);
    expect(sent.categories.length).toBeGreaterThan(0);
    expect(sent.tags.length).toBeGreaterThan(0);
    const post = wp.content.posts.find((p) => p.slug === sent.slug)!;
    expect(body.url).toBe(`${wp.origin}/${post.slug}/`);
    const [article] = await articlesOfItem(item.id);
    expect(article).toMatchObject({ remoteId: String(post.id), publicationUrl: body.url, status: "published" });
    expect(wp.content.media.find((m) => m.id === sent.featured_media)).toBeDefined();
    expect((await chargesOf(accountId))[0]).toMatchObject({ status: "settled" });
  });

  it("posts a draft on WordPress in draft mode, and publishes nothing in review mode (the article waits as pending)", async () => {
    const wp = installFakeWordPress();
    const { token } = await seedAccount();
    const site = await connectFakeSite(token, wp);
    const draftPlan = await offlinePlan(token, site.id, { articleCount: 1, publishMode: "draft" });
    expect((await runNow(token, draftPlan.items[0]!.id)).status).toBe(200);
    const [draftPost] = wp.calls("wp/v2/posts", "POST");
    expect(JSON.parse(draftPost!.body)).toMatchObject({ status: "draft" });
    expect((await articlesOfItem(draftPlan.items[0]!.id))[0]).toMatchObject({ status: "draft" });

    const reviewPlan = await offlinePlan(token, site.id, { articleCount: 1, publishMode: "review" });
    const res = await runNow(token, reviewPlan.items[0]!.id);
    expect(res.status).toBe(200);
    expect(wp.calls("wp/v2/posts", "POST")).toHaveLength(1);
    const [pending] = await articlesOfItem(reviewPlan.items[0]!.id);
    expect(pending).toMatchObject({ status: "pending", remoteId: null, publicationUrl: null });
  });

  it("does not post twice when WordPress took the post but its answer was lost", async () => {
    const wp = installFakeWordPress();
    const { token } = await seedAccount();
    const site = await connectFakeSite(token, wp);
    const plan = await offlinePlan(token, site.id, { articleCount: 1 });
    const item = plan.items[0]!;
    wp.loseAnswers("POST", /^\/wp\/v2\/posts$/);

    await using _run = await watchRun(item.id, 1);
    const res = await runNow(token, item.id);
    expect(res.status).toBe(200);
    const posts = wp.content.posts.filter((p) => p.content.includes(`content-autopilot:${item.id}`));
    expect(posts).toHaveLength(1);
    // The lost create, then the retry found that post and updated it.
    expect(wp.calls("wp/v2/posts", "POST")).toHaveLength(1);
    expect(wp.calls(`wp/v2/posts/${posts[0]!.id}`, "POST")).toHaveLength(1);
    expect((await articlesOfItem(item.id))[0]).toMatchObject({ remoteId: String(posts[0]!.id) });
  });
});
