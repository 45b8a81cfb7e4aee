import { describe, expect, it } from "vitest";
import { connectFakeSite, installFakeWordPress } from "../fakes/wordpress-setup";
import { call, expectError, seedAccount, seedArticle, seedExistingPosts, seedSite, seedToken } from "../harness";
import { offlinePlan, runNow } from "../pipeline/helpers";

const patch = (token: string, id: string | number, json: unknown) =>
  call(`/api/autopilot/articles/${id}`, { method: "PATCH", token, json });
const read = async (token: string, id: string | number) => (await (await call(`/api/autopilot/articles/${id}`, { token })).json()) as any;

/** A published article the pipeline wrote on the fake WordPress, with its post. */
async function publishedOnWordPress() {
  const wp = installFakeWordPress();
  const { accountId, token } = await seedAccount();
  const site = await connectFakeSite(token, wp);
  const plan = await offlinePlan(token, site.id, { articleCount: 1, publishMode: "publish" });
  const res = await runNow(token, plan.items[0]!.id);
  const { articleId } = (await res.json()) as { articleId: string };
  const post = () => wp.content.posts.find((p) => p.content.includes(`content-autopilot:${plan.items[0]!.id}`))!;
  return { wp, accountId, token, site, articleId, post };
}

describe("PATCH /api/autopilot/articles/{articleId}: slug", () => {
  it("changes a published article's slug on WordPress once: the old address redirects, the stored URL and the public API follow", async () => {
    const { wp, accountId, token, articleId, post } = await publishedOnWordPress();
    const oldSlug = post().slug;
    const updates = () => wp.calls(`wp/v2/posts/${post().id}`, "POST").length;
    const before = updates();

    const res = await patch(token, articleId, { slug: "Ekşi Maya Ekmeği Işık" });
    expect(res.status).toBe(200);
    const body = (await res.json()) as any;
    expect(body).toMatchObject({ slug: "eksi-maya-ekmegi-isik", blogUpdated: true, url: `${wp.origin}/eksi-maya-ekmegi-isik/` });
    expect(post()).toMatchObject({ slug: "eksi-maya-ekmegi-isik", oldSlugs: [oldSlug] });
    expect(updates()).toBe(before + 1);
    const old = await wp.fetch(new Request(`${wp.origin}/${oldSlug}/`, { redirect: "manual" }));
    expect([old.status, old.headers.get("Location")]).toEqual([301, `${wp.origin}/eksi-maya-ekmegi-isik/`]);

    // A retried PATCH (the answer was lost) finds WordPress up to date and sends nothing.
    const retried = await patch(token, articleId, { slug: "Ekşi Maya Ekmeği Işık" });
    expect(retried.status).toBe(200);
    expect(((await retried.json()) as any).blogUpdated).toBe(true);
    expect(updates()).toBe(before + 1);

    const reader = await seedToken(accountId, "public:read");
    const pub = (await (await call(`/api/v1/public/articles/${articleId}`, { token: reader.token })).json()) as any;
    expect(pub.data.slug).toBe("eksi-maya-ekmegi-isik");
  });

  it("sends an edit again when the first try did not reach WordPress", async () => {
    const { wp, token, articleId, post } = await publishedOnWordPress();
    wp.failure = "server_error";
    const down = (await (await patch(token, articleId, { slug: "yeni-adres" })).json()) as any;
    expect(down).toMatchObject({ slug: "yeni-adres", blogUpdated: false });
    wp.failure = null;
    const again = (await (await patch(token, articleId, { slug: "yeni-adres" })).json()) as any;
    expect(again).toMatchObject({ slug: "yeni-adres", blogUpdated: true, url: `${wp.origin}/yeni-adres/` });
    expect(post().slug).toBe("yeni-adres");
  });

  it("keeps the slug of an article in review for its publication", async () => {
    const wp = installFakeWordPress();
    const { token } = await seedAccount();
    const site = await connectFakeSite(token, wp);
    const plan = await offlinePlan(token, site.id, { articleCount: 1, publishMode: "review" });
    const { articleId } = (await (await runNow(token, plan.items[0]!.id)).json()) as { articleId: string };
    const edited = (await (await patch(token, articleId, { slug: "gozden-gecirilmis" })).json()) as any;
    expect(edited).toMatchObject({ slug: "gozden-gecirilmis", blogUpdated: false });
    expect((await call(`/api/autopilot/articles/${articleId}/publish`, { method: "POST", token })).status).toBe(200);
    const post = wp.content.posts.find((p) => p.slug === "gozden-gecirilmis");
    expect([post?.status, post?.oldSlugs]).toEqual(["publish", undefined]);
  });

  it("refuses what is not a slug with 400 on the slug field, and changes nothing", async () => {
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId, { platform: "custom" });
    const article = await seedArticle(accountId, { siteId: site.id, title: "Ekmek", slug: "ekmek" });
    for (const slug of ["", "   ", "a/b", "a.b", "a_b", "-a", "a--b", "?x=1", "🙂", "日本語", "a".repeat(81), 5, null]) {
      const res = await patch(token, article.id, { slug });
      const body = await expectError(res, 400, "invalid_request");
      expect([slug, (body as any).issues?.[0]?.path]).toEqual([slug, "slug"]);
    }
    expect((await read(token, article.id)).slug).toBe("ekmek");
  });

  it("is 409 slug_taken for another article or post of the site, and free on another site", async () => {
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId, { platform: "custom" });
    const other = await seedSite(accountId, { platform: "custom" });
    const article = await seedArticle(accountId, { siteId: site.id, title: "Ekmek", slug: "ekmek" });
    await seedArticle(accountId, { siteId: site.id, title: "Çörek", slug: "corek" });
    await seedArticle(accountId, { siteId: other.id, title: "Simit", slug: "simit" });
    await seedExistingPosts(accountId, site.id, [{ title: "Poğaça", url: "https://blog.example.invalid/2024/pogaca/" }]);

    await expectError(await patch(token, article.id, { slug: "Çörek" }), 409, "slug_taken");
    await expectError(await patch(token, article.id, { slug: "pogaca" }), 409, "slug_taken");
    expect((await read(token, article.id)).slug).toBe("ekmek");
    expect((await (await patch(token, article.id, { slug: "simit" })).json()) as any).toMatchObject({ slug: "simit" });
    // Its own slug again is no conflict.
    expect((await patch(token, article.id, { slug: "simit" })).status).toBe(200);
  });

  it("folds by the article's language", async () => {
    const { accountId, token } = await seedAccount();
    const german = await seedArticle(accountId, { title: "Brötchen", slug: "brotchen", language: "de" });
    const turkish = await seedArticle(accountId, { title: "Börek", slug: "borek", language: "tr" });
    expect(((await (await patch(token, german.id, { slug: "Brötchen über Nacht" })).json()) as any).slug).toBe("broetchen-ueber-nacht");
    expect(((await (await patch(token, turkish.id, { slug: "Börek İÇİN ılık fırın" })).json()) as any).slug).toBe("borek-icin-ilik-firin");
  });

  it("is 404 for another account's article", async () => {
    const { accountId } = await seedAccount();
    const article = await seedArticle(accountId, { title: "Ekmek", slug: "ekmek" });
    const stranger = await seedAccount();
    await expectError(await patch(stranger.token, article.id, { slug: "benim" }), 404);
  });
});
