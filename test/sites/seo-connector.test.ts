import { describe, expect, it, vi } from "vitest";
import { faqOf } from "../../src/content/faq";
import { structuredDataProblems } from "../../src/content/structured-data";
import { CONNECTOR_JSONLD_MAX } from "../../src/publishing/wordpress";
import { CONNECTOR_ZIP_PATH } from "../../src/sites/seo-connector";
import { connectFakeSite, installFakeWordPress } from "../fakes/wordpress-setup";
import { call, seedAccount } from "../harness";
import { articlesOfItem, offlinePlan, runNow } from "../pipeline/helpers";

// Issue 20: the SEO title, description and structured data reach a WordPress page through the
// connector plugin; the site says whether it has it.

interface SentPost {
  slug: string;
  featured_media: number;
  meta?: Record<string, string>;
}

const readSite = async (token: string, siteId: string) =>
  (await (await call(`/api/sites/${siteId}`, { token })).json()) as { seo: unknown; warnings: string[] };
const sync = (token: string, siteId: string) => call(`/api/sites/${siteId}/sync`, { method: "POST", token });

async function publishOne(token: string, siteId: string) {
  const plan = await offlinePlan(token, siteId, { articleCount: 1 });
  const item = plan.items[0]!;
  expect((await runNow(token, item.id)).status).toBe(200);
  const [article] = await articlesOfItem(item.id);
  return article!;
}

describe("a WordPress site without the connector plugin", () => {
  it("says so on the site, and publishes as before with no SEO meta", async () => {
    const wp = installFakeWordPress();
    const { token } = await seedAccount();
    const warned = vi.spyOn(console, "warn");
    const site = await connectFakeSite(token, wp);
    // The missing route is the expected answer of a site without the plugin: nothing to warn about.
    expect(warned.mock.calls.map(([line]) => String(line)).filter((line) => line.includes("content-autopilot/v1/status"))).toEqual([]);
    warned.mockRestore();
    const read = await readSite(token, site.id);
    expect(read.seo).toEqual({ connector: null, plugin: null, byline: "Site Admin" });
    expect(read.warnings).toEqual([
      expect.stringContaining("SEO titles and descriptions do not reach your pages: install the connector plugin"),
    ]);
    expect(read.warnings[0]).toContain(CONNECTOR_ZIP_PATH);

    const article = await publishOne(token, site.id);
    expect(article.status).toBe("published");
    const [created] = wp.calls("wp/v2/posts", "POST");
    expect((JSON.parse(created!.body) as SentPost).meta).toBeUndefined();
  });
});

describe("a WordPress site with the connector plugin", () => {
  it("is found at connect; the post carries the SEO title, description and JSON-LD with WordPress's picture and the FAQ", async () => {
    const wp = installFakeWordPress();
    wp.content.connector = { version: "1.1.0", seoPlugin: null };
    const { token } = await seedAccount();
    const site = await connectFakeSite(token, wp);
    expect(await readSite(token, site.id)).toMatchObject({ seo: { connector: "1.1.0", plugin: null, byline: "Site Admin" }, warnings: [] });
    await call(`/api/sites/${site.id}/brief`, {
      method: "PUT",
      token,
      json: {
        business: "A bakery",
        authorName: "Ayşe Yılmaz",
        organizationName: "Kadıköy Bakery",
        logoUrl: "https://bakery.example/logo.png",
      },
    });

    const article = await publishOne(token, site.id);
    const [created] = wp.calls("wp/v2/posts", "POST");
    const sent = JSON.parse(created!.body) as SentPost;
    expect(sent.meta).toMatchObject({ _content_autopilot_seo_title: article.seoTitle, _content_autopilot_seo_desc: article.seoDesc });
    // Only the keys of the connector the site has: 1.0's short `_ca_` keys could be another plugin's.
    expect(Object.keys(sent.meta!).sort()).toEqual([
      "_content_autopilot_jsonld",
      "_content_autopilot_seo_desc",
      "_content_autopilot_seo_title",
    ]);
    const jsonLd = sent.meta!._content_autopilot_jsonld!;
    expect(structuredDataProblems(jsonLd, article.html, { imageRequired: true })).toEqual([]);
    const graph = (JSON.parse(jsonLd) as { "@graph": Record<string, unknown>[] })["@graph"];
    const media = wp.content.media.find((m) => m.id === sent.featured_media)!;
    expect(graph[0]).toMatchObject({
      "@type": "BlogPosting",
      headline: article.title,
      description: article.seoDesc,
      image: [`${wp.origin}/wp-content/uploads/2026/11/${media.fileName}`],
      inLanguage: "en",
      author: { "@type": "Person", name: "Ayşe Yılmaz" },
      publisher: {
        "@type": "Organization",
        name: "Kadıköy Bakery",
        logo: { "@type": "ImageObject", url: "https://bakery.example/logo.png" },
      },
    });
    const faq = faqOf(article.html)!;
    expect(faq.heading).toBe("Frequently asked questions");
    expect(faq.entries.length).toBeGreaterThanOrEqual(3);
    expect(graph[1]).toEqual({
      "@type": "FAQPage",
      mainEntity: faq.entries.map((entry) => ({
        "@type": "Question",
        name: entry.question,
        acceptedAnswer: { "@type": "Answer", text: entry.answer },
      })),
    });
    // Stored on the post as WordPress keeps registered meta.
    expect(wp.content.posts.find((p) => p.slug === sent.slug)!.meta).toMatchObject({ _content_autopilot_seo_title: article.seoTitle });

    // An edit of the description reaches the post's meta; the JSON-LD now names the page.
    const seoDesc =
      "A new description of the article that is long enough to be a proper meta description for a search result, and says what the reader will find in it.";
    const edit = await call(`/api/autopilot/articles/${article.id}`, { method: "PATCH", token, json: { seoDesc } });
    expect(edit.status).toBe(200);
    expect(await edit.json()).toMatchObject({
      blogUpdated: true,
      seoDesc,
      structuredData: { "@graph": [{ description: seoDesc }, { "@type": "FAQPage" }] },
    });
    const post = wp.content.posts.find((p) => p.slug === sent.slug)!;
    expect(post.meta!._content_autopilot_seo_desc).toBe(seoDesc);
    const updated = JSON.parse(post.meta!._content_autopilot_jsonld!) as { "@graph": Record<string, unknown>[] };
    expect(updated["@graph"][0]).toMatchObject({
      description: seoDesc,
      url: `${wp.origin}/${post.slug}/`,
      mainEntityOfPage: { "@id": `${wp.origin}/${post.slug}/` },
    });
  });

  it("leaves a huge FAQ out of the JSON-LD rather than have WordPress refuse the post", async () => {
    const wp = installFakeWordPress({ postCount: 1 });
    wp.content.connector = { version: "1.1.0", seoPlugin: null };
    const { token } = await seedAccount();
    const site = await connectFakeSite(token, wp);
    const article = await publishOne(token, site.id);
    const answer = (n: number) => `Answer ${n}: ${"the dough needs time and warmth to rise properly. ".repeat(500)}`;
    const html = `<h2>Baking</h2><p>Body.</p><h2>FAQ</h2>${[1, 2, 3].map((n) => `<h3>Question ${n}?</h3><p>${answer(n)}</p>`).join("")}`;
    expect(html.length).toBeGreaterThan(CONNECTOR_JSONLD_MAX);
    const edit = await call(`/api/autopilot/articles/${article.id}`, { method: "PATCH", token, json: { html } });
    expect(await edit.json()).toMatchObject({ blogUpdated: true });
    const post = wp.content.posts.find((p) => p.id === Number(article.remoteId))!;
    const sent = JSON.parse(post.meta!._content_autopilot_jsonld!) as { "@graph": { "@type": string }[] };
    expect(sent["@graph"].map((node) => node["@type"])).toEqual(["BlogPosting"]);
    expect(post.content).toContain("Question 3?");
  });

  it("writes 1.0's `_ca_` keys too while the site was last seen with connector 1.0.x, which may have been upgraded since (issue 27, item 16)", async () => {
    const wp = installFakeWordPress({ postCount: 1 });
    wp.content.connector = { version: "1.0.0", seoPlugin: null };
    const { token } = await seedAccount();
    const site = await connectFakeSite(token, wp);
    const article = await publishOne(token, site.id);
    const post = wp.content.posts.find((p) => p.id === Number(article.remoteId))!;
    expect(post.meta).toEqual({
      _ca_seo_title: article.seoTitle,
      _ca_seo_desc: article.seoDesc,
      _ca_jsonld: expect.stringContaining("BlogPosting"),
    });

    // Upgraded on WordPress, not yet synced: the new keys are the ones it keeps.
    wp.content.connector = { version: "1.1.0", seoPlugin: null };
    post.meta = {};
    const seoDesc =
      "A new description of the article that is long enough to be a proper meta description for a search result, and says what the reader will find in it.";
    expect(await (await call(`/api/autopilot/articles/${article.id}`, { method: "PATCH", token, json: { seoDesc } })).json()).toMatchObject(
      { blogUpdated: true },
    );
    expect(post.meta).toMatchObject({ _content_autopilot_seo_desc: seoDesc, _content_autopilot_seo_title: article.seoTitle });

    // Once a sync has seen 1.1.0, only the new keys are sent.
    expect((await sync(token, site.id)).status).toBe(200);
    await call(`/api/autopilot/articles/${article.id}`, { method: "PATCH", token, json: { seoDesc: `${seoDesc.slice(0, -1)}!` } });
    const last = wp.calls(`wp/v2/posts/${post.id}`, "POST").at(-1);
    expect(Object.keys((JSON.parse(last!.body) as SentPost).meta!).sort()).toEqual([
      "_content_autopilot_jsonld",
      "_content_autopilot_seo_desc",
      "_content_autopilot_seo_title",
    ]);
  });

  it("is looked for again at every sync: installed, another SEO plugin, removed", async () => {
    const wp = installFakeWordPress({ postCount: 2 });
    const { token } = await seedAccount();
    const site = await connectFakeSite(token, wp);
    expect((await readSite(token, site.id)).seo).toEqual({ connector: null, plugin: null, byline: "Site Admin" });

    wp.content.connector = { version: "1.0.0", seoPlugin: "yoast" };
    expect((await sync(token, site.id)).status).toBe(200);
    expect(await readSite(token, site.id)).toMatchObject({
      seo: { connector: "1.0.0", plugin: "yoast", byline: "Site Admin" },
      warnings: [],
    });

    wp.content.connector = { version: "1.0.1", seoPlugin: "rank-math" };
    await sync(token, site.id);
    expect((await readSite(token, site.id)).seo).toEqual({ connector: "1.0.1", plugin: "rank-math", byline: "Site Admin" });

    wp.content.connector = null;
    await sync(token, site.id);
    const removed = await readSite(token, site.id);
    expect(removed.seo).toEqual({ connector: null, plugin: null, byline: "Site Admin" });
    expect(removed.warnings).toHaveLength(1);
  });

  it("does not fail a connect or a sync when its status cannot be read, and an unknown SEO plugin counts as none", async () => {
    const wp = installFakeWordPress({ postCount: 1 });
    wp.content.connector = { version: "2.0.0", seoPlugin: "some-new-plugin" as "yoast" };
    const { token } = await seedAccount();
    const site = await connectFakeSite(token, wp);
    expect((await readSite(token, site.id)).seo).toEqual({ connector: "2.0.0", plugin: null, byline: "Site Admin" });

    wp.loseAnswers("GET", /^\/content-autopilot\/v1\/status$/);
    expect((await sync(token, site.id)).status).toBe(200);
    // What was known is kept.
    expect((await readSite(token, site.id)).seo).toEqual({ connector: "2.0.0", plugin: null, byline: "Site Admin" });
  });
});

describe("structured data of forum and custom sites", () => {
  it("a custom site's article has Article JSON-LD in the management API; the brief can turn the FAQ off", async () => {
    const { token } = await seedAccount();
    const created = await call("/api/platforms/custom/connect", {
      method: "POST",
      token,
      json: { url: "https://www.shop.invalid", businessContext: "A shop" },
    });
    expect(created.status).toBe(201);
    const site = (await created.json()) as { id: string };
    const brief = await call(`/api/sites/${site.id}/brief`, { method: "PUT", token, json: { business: "A shop", faq: false } });
    expect(await brief.json()).toMatchObject({ faq: false, authorName: "", organizationName: "", logoUrl: "" });

    const article = await publishOne(token, site.id);
    expect(faqOf(article.html)).toBeNull();
    const read = (await (await call(`/api/autopilot/articles/${article.id}`, { token })).json()) as {
      structuredData: { "@graph": Record<string, unknown>[] };
    };
    expect(read.structuredData["@graph"]).toHaveLength(1);
    expect(read.structuredData["@graph"][0]).toMatchObject({
      "@type": "Article",
      headline: article.title,
      author: { "@type": "Organization", name: "www.shop.invalid" },
      publisher: { "@type": "Organization", name: "www.shop.invalid" },
    });
  });
});

describe("the brief's structured data fields", () => {
  it("refuses a logo that is not an absolute http(s) URL, and changes nothing", async () => {
    const wp = installFakeWordPress({ postCount: 1 });
    const { token } = await seedAccount();
    const site = await connectFakeSite(token, wp);
    for (const logoUrl of ["javascript:alert(1)", "/logo.png", "ftp://bakery.example/logo.png"]) {
      const res = await call(`/api/sites/${site.id}/brief`, { method: "PUT", token, json: { logoUrl } });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toContain("logoUrl");
    }
    const res = await call(`/api/sites/${site.id}/brief`, { method: "PUT", token, json: { authorName: "<b>Ayşe</b>" } });
    expect(res.status).toBe(400);
    const brief = await (await call(`/api/sites/${site.id}/brief`, { token })).json();
    expect(brief).toMatchObject({ logoUrl: "", authorName: "", faq: true });
  });
});
