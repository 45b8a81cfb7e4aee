import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { faqOf } from "../../src/content/faq";
import { structuredDataProblems } from "../../src/content/structured-data";
import { decodeHtmlEntities } from "../../src/core/html-entities";
import { bytesToBase64 } from "../../src/core/crypto";
import { htmlToText } from "../../src/core/html-text";
import { CONNECTOR_VERSION } from "../../src/sites/connector-files.generated";
import { call, seedAccount } from "../harness";
import { connectPeer, peer, peerMissing, removeAddedSince, snapshot, wp } from "./wordpress-peer";

// Issue 20 on the real WordPress: the connector plugin (copied into wp-content/plugins by
// install-plugins.ts, activated here through the REST API) puts the SEO title, the meta
// description, Open Graph tags and the JSON-LD on the post's public page; with an SEO plugin
// active (stand-ins defining Yoast's and Rank Math's version constants) it writes that plugin's
// fields instead. Without it, the site warns and posts still publish.

const CONNECTOR = "content-autopilot-connector/content-autopilot-connector";
const YOAST = "yoast-stand-in/yoast-stand-in";
const RANK_MATH = "rank-math-stand-in/rank-math-stand-in";
const PROBE = "meta-probe/meta-probe";
const KEYS = ["_content_autopilot_seo_title", "_content_autopilot_seo_desc", "_content_autopilot_canonical", "_content_autopilot_jsonld"];
const LEGACY_KEYS = ["_ca_seo_title", "_ca_seo_desc", "_ca_canonical", "_ca_jsonld"];

interface Site {
  id: string;
  seo: { connector: string | null; plugin: string | null; byline: string | null } | null;
  warnings: string[];
}
interface Article {
  id: string;
  title: string;
  html: string;
  seoTitle: string;
  seoDesc: string;
  url: string;
  structuredData: unknown;
  status: string;
  reviewReasons: { code: string; message: string }[];
}

async function setPlugin(plugin: string, status: "active" | "inactive") {
  const res = await wp(`wp/v2/plugins/${plugin}`, { method: "POST", json: { status } });
  if (res.status !== 200)
    throw new Error(
      `${status === "active" ? "activating" : "deactivating"} ${plugin} answered ${res.status} ${JSON.stringify(res.body)} (is WP_DIR exported, so install-plugins.ts copied it?)`,
    );
  expect(res.body.status).toBe(status);
}

/** The public page of a post, and what its head says. */
async function page(url: string) {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  const html = await res.text();
  const head = html.slice(0, html.search(/<\/head>/i));
  const metas = [...head.matchAll(/<meta\s+(name|property)="([^"]+)"\s+content="([^"]*)"\s*\/?>/g)].map(([, , key, content]) => ({
    key: key!,
    content: decodeHtmlEntities(content!),
  }));
  const meta = (key: string) => metas.filter((tag) => tag.key === key).map((tag) => tag.content);
  return {
    html,
    titles: [...head.matchAll(/<title>([\s\S]*?)<\/title>/gi)].map((match) => decodeHtmlEntities(match[1]!)),
    meta,
    canonicals: [...head.matchAll(/<link[^>]+rel=["']canonical["'][^>]*>/gi)].length,
    jsonLd: [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => match[1]!),
  };
}

const readSite = async (token: string, siteId: string) => (await (await call(`/api/sites/${siteId}`, { token })).json()) as Site;
const readArticle = async (token: string, id: string) => (await (await call(`/api/autopilot/articles/${id}`, { token })).json()) as Article;
const editArticle = async (token: string, id: string, json: Record<string, unknown>) => {
  const res = await call(`/api/autopilot/articles/${id}`, { method: "PATCH", token, json });
  expect(res.status).toBe(200);
  const body = (await res.json()) as Article & { blogUpdated: boolean; warnings: string[] };
  expect(body.blogUpdated).toBe(true);
  return body;
};

async function publishOne(token: string, siteId: string): Promise<Article> {
  // Each test here publishes another offline article on the same keyword, a near-copy of the last:
  // the quality gate would rightly hold it as too similar (issue 29), so these tests turn that check off.
  const {
    siteId: _,
    updatedAt: __,
    ...brief
  } = (await (await call(`/api/sites/${siteId}/brief`, { token })).json()) as Record<string, unknown>;
  expect((await call(`/api/sites/${siteId}/brief`, { method: "PUT", token, json: { ...brief, maxSimilarity: 1 } })).status).toBe(200);
  const plan = (await (
    await call("/api/autopilot/plans", { method: "POST", token, json: { siteId, articleCount: 1, cadencePerWeek: 1 } })
  ).json()) as { items: { id: string }[] };
  const run = await call(`/api/autopilot/items/${plan.items[0]!.id}/run`, { method: "POST", token });
  expect(run.status).toBe(200);
  const { articleId } = (await run.json()) as { articleId: string };
  const article = await readArticle(token, articleId);
  // Issue 29: an article the quality gate holds waits in review; these tests need it live.
  expect(article.status, JSON.stringify(article.reviewReasons)).toBe("published");
  return article;
}

const postIdOf = async (article: Article) => {
  const { body } = await wp(`wp/v2/posts?slug=${new URL(article.url).pathname.replaceAll("/", "")}&context=edit&status=publish`);
  return body[0].id as number;
};

describe.skipIf(peerMissing)(`the connector plugin on the real WordPress at ${peer.url || "(WP_URL not set: skipped)"}`, () => {
  let token: string;
  let before: Awaited<ReturnType<typeof snapshot>>;

  beforeAll(async () => {
    ({ token } = await seedAccount());
    before = await snapshot();
  });

  // The other e2e files count the seeded posts and terms: what this file added goes again.
  afterAll(async () => {
    for (const plugin of [YOAST, RANK_MATH, PROBE, CONNECTOR])
      await wp(`wp/v2/plugins/${plugin}`, { method: "POST", json: { status: "inactive" } });
    await removeAddedSince(before);
  });

  it("prints the SEO title, description, one canonical, Open Graph and JSON-LD matching the visible FAQ; an edit changes the page", async () => {
    await setPlugin(CONNECTOR, "active");
    const status = await wp("content-autopilot/v1/status");
    expect(status.body).toMatchObject({
      connector: CONNECTOR_VERSION,
      seoPlugin: null,
      metaKeys: [...KEYS, "_content_autopilot_redirect", "_content_autopilot_robots"],
    });
    const site = await connectPeer(token);
    expect(await readSite(token, site.id)).toMatchObject({ seo: { connector: CONNECTOR_VERSION, plugin: null }, warnings: [] });
    // IndexNow: the plugin was handed the site's key at connect and serves it at /{key}.txt, and no other name.
    const { indexNow } = (await (await call(`/api/sites/${site.id}`, { token })).json()) as { indexNow: { key: string; keyUrl: string } };
    expect(indexNow.keyUrl).toBe(`${peer.url}/${indexNow.key}.txt`);
    const keyFile = await fetch(indexNow.keyUrl);
    expect([keyFile.status, keyFile.headers.get("content-type"), await keyFile.text()]).toEqual([
      200,
      "text/plain; charset=utf-8",
      indexNow.key,
    ]);
    expect((await fetch(`${peer.url}/${"0".repeat(32)}.txt`)).status).toBe(404);
    await call(`/api/sites/${site.id}/brief`, {
      method: "PUT",
      token,
      json: {
        business: "Sourdough baking",
        authorName: "Ayşe Yılmaz",
        organizationName: "Kadıköy Bakery",
        logoUrl: `${peer.url}/logo.png`,
      },
    });

    const article = await publishOne(token, site.id);
    const first = await page(article.url);
    expect(first.titles).toEqual([article.seoTitle]);
    expect(first.meta("description")).toEqual([article.seoDesc]);
    expect(first.canonicals).toBe(1);
    expect(first.meta("og:title")).toEqual([article.seoTitle]);
    expect(first.meta("og:description")).toEqual([article.seoDesc]);
    expect(first.meta("og:type")).toEqual(["article"]);
    expect(first.meta("og:url")).toEqual([article.url]);
    expect(first.meta("og:image")[0]).toMatch(new RegExp(`^${peer.url}/wp-content/uploads/.+\\.webp$`));
    expect(first.meta("twitter:card")).toEqual(["summary_large_image"]);

    expect(first.jsonLd).toHaveLength(1);
    expect(structuredDataProblems(first.jsonLd[0]!, article.html, { imageRequired: true })).toEqual([]);
    const graph = (JSON.parse(first.jsonLd[0]!) as { "@graph": Record<string, any>[] })["@graph"];
    expect(graph[0]).toMatchObject({
      "@type": "BlogPosting",
      headline: article.title,
      description: article.seoDesc,
      author: { name: "Ayşe Yılmaz" },
      publisher: { name: "Kadıköy Bakery" },
    });
    expect(graph[0]!.image).toEqual(first.meta("og:image"));
    // The FAQ the structured data names is the FAQ the reader sees on the page.
    const faq = graph.find((node) => node["@type"] === "FAQPage")!;
    const visible = htmlToText(first.html);
    expect(faq.mainEntity).toHaveLength(faqOf(article.html)!.entries.length);
    for (const question of faq.mainEntity) {
      expect(visible).toContain(question.name);
      expect(visible).toContain(question.acceptedAnswer.text);
    }

    const seoDesc =
      "A changed meta description for the sourdough article: it says what the reader learns, from the starter to the crust, in one hundred and fifty-odd characters.";
    await editArticle(token, article.id, { seoDesc });
    const edited = await page(article.url);
    expect(edited.meta("description")).toEqual([seoDesc]);
    expect(edited.meta("og:description")).toEqual([seoDesc]);
  });

  it("names the byline the reader sees as the JSON-LD author when the brief names none, and warns while the brief names another (issue 28)", async () => {
    const site = await firstSite(token);
    const article = await readArticle(token, (await latestArticleId(token))!);
    const { body: post } = await wp(`wp/v2/posts/${await postIdOf(article)}?context=edit`);
    const { body: author } = await wp(`wp/v2/users/${post.author}`);
    // The post's author is the connected user; its display name is the site's byline.
    expect((await wp("wp/v2/users/me")).body.id).toBe(post.author);
    const read = await readSite(token, site.id);
    expect(read.seo?.byline).toBe(author.name);
    // The first test's brief names "Ayşe Yılmaz": not the byline on the page, so the site says so.
    expect(read.warnings).toEqual([
      expect.stringContaining(`The brief names "Ayşe Yılmaz" as the articles' author, but WordPress shows "${author.name}"`),
    ]);

    await call(`/api/sites/${site.id}/brief`, {
      method: "PUT",
      token,
      json: { business: "Sourdough baking", organizationName: "Kadıköy Bakery", logoUrl: `${peer.url}/logo.png` },
    });
    expect((await readSite(token, site.id)).warnings).toEqual([]);
    await editArticle(token, article.id, {
      seoDesc:
        "The sourdough article once more: the starter, the dough, the rise and the bake, with the author named as the page names them, in one sentence.",
    });
    const shown = await page(article.url);
    // Twenty Twenty-Three prints the byline in its post-author block.
    const byline = decodeHtmlEntities(/class="wp-block-post-author__name">([^<]*)</.exec(shown.html)?.[1] ?? "");
    expect(byline).toBe(author.name);
    const graph = (JSON.parse(shown.jsonLd[0]!) as { "@graph": Record<string, any>[] })["@graph"];
    expect(graph[0]!.author).toEqual({ "@type": "Person", name: byline });
  });

  it("escapes hostile values: quotes and ampersands through our API, script and img markup written straight into the meta", async () => {
    const article = await readArticle(token, (await latestArticleId(token))!);
    const postId = await postIdOf(article);
    const faqAnswer = "Never type &lt;/script&gt;&lt;img src=x onerror=alert(1)&gt; into a recipe.";
    const html = article.html.replace(/(<h3>[^<]*<\/h3><p>)[^<]*(<\/p>)/, `$1${faqAnswer}$2`);
    const seoTitle = `"Quoted" & 'apostrophes' < 5 pans: a sourdough guide`;
    const edited = await editArticle(token, article.id, { seoTitle, html });
    expect(edited.seoTitle).toBe(seoTitle);
    const ours = await page(article.url);
    expect(ours.titles).toEqual([seoTitle]);
    expect(ours.html).not.toContain("<img src=x onerror");
    expect(ours.html).not.toContain("</script><img");
    expect(ours.jsonLd).toHaveLength(1);
    const faq = (JSON.parse(ours.jsonLd[0]!) as { "@graph": Record<string, any>[] })["@graph"].find((node) => node["@type"] === "FAQPage")!;
    expect(faq.mainEntity.map((entry: any) => entry.acceptedAnswer.text)).toContain(
      "Never type </script><img src=x onerror=alert(1)> into a recipe.",
    );

    // Someone with edit rights writes markup into the meta directly: it is shown as text.
    const hostile = {
      _content_autopilot_seo_title: `</title><script>alert(1)</script>"`,
      _content_autopilot_seo_desc: `"><img src=x onerror=alert(2)>`,
    };
    expect((await wp(`wp/v2/posts/${postId}`, { method: "POST", json: { meta: hostile } })).status).toBe(200);
    const raw = await page(article.url);
    expect(raw.titles).toEqual([hostile._content_autopilot_seo_title]);
    expect(raw.meta("description")).toEqual([hostile._content_autopilot_seo_desc]);
    expect(raw.html).not.toContain("<script>alert(1)");
    expect(raw.html).not.toContain("<img src=x onerror=alert(2)");
  });

  it("with Yoast or Rank Math active writes into their fields and prints nothing of its own", async () => {
    const article = await readArticle(token, (await latestArticleId(token))!);
    const postId = await postIdOf(article);
    const site = await firstSite(token);

    await setPlugin(YOAST, "active");
    expect((await call(`/api/sites/${site.id}/sync`, { method: "POST", token })).status).toBe(200);
    expect((await readSite(token, site.id)).seo).toMatchObject({ connector: CONNECTOR_VERSION, plugin: "yoast" });
    const forYoast = {
      seoTitle: "Sourdough at home: the Yoast SEO title of this article",
      seoDesc:
        "The description Yoast shows for this sourdough article: what a starter needs, how the dough rises and when the loaf is done, in under 160 characters.",
    };
    await editArticle(token, article.id, forYoast);
    const { body: yoastPost } = await wp(`wp/v2/posts/${postId}?context=edit`);
    expect(yoastPost.meta).toMatchObject({
      _yoast_wpseo_title: forYoast.seoTitle,
      _yoast_wpseo_metadesc: forYoast.seoDesc,
      _content_autopilot_seo_title: forYoast.seoTitle,
    });
    const yoastPage = await page(article.url);
    expect(yoastPage.meta("description")).toEqual([]);
    expect(yoastPage.meta("og:title")).toEqual([]);
    expect(yoastPage.jsonLd).toEqual([]);
    expect(yoastPage.titles).toHaveLength(1);
    expect(yoastPage.titles[0]).not.toBe(forYoast.seoTitle);
    await setPlugin(YOAST, "inactive");

    await setPlugin(RANK_MATH, "active");
    await call(`/api/sites/${site.id}/sync`, { method: "POST", token });
    expect((await readSite(token, site.id)).seo).toMatchObject({ connector: CONNECTOR_VERSION, plugin: "rank-math" });
    const forRankMath = {
      seoTitle: "Sourdough at home: the Rank Math SEO title of the article",
      seoDesc:
        "The description Rank Math shows for this sourdough article: the starter, the dough, the bake and the cooling, all in under one hundred and sixty characters.",
    };
    await editArticle(token, article.id, forRankMath);
    const { body: rankMathPost } = await wp(`wp/v2/posts/${postId}?context=edit`);
    expect(rankMathPost.meta).toMatchObject({ rank_math_title: forRankMath.seoTitle, rank_math_description: forRankMath.seoDesc });
    expect((await page(article.url)).meta("description")).toEqual([]);
    await setPlugin(RANK_MATH, "inactive");
  });

  it("lets only users who can edit others' posts set the canonical: an author cannot point their post elsewhere (issue 27, item 10)", async () => {
    const author = await authorCredentials();
    try {
      const created = await wpAs(author, "wp/v2/posts", {
        method: "POST",
        json: { title: "An author's own post", content: "<p>Written by the author.</p>", status: "publish" },
      });
      expect(created.status).toBe(201);
      const postId = created.body.id as number;
      const canonicalOf = async () => (await wp(`wp/v2/posts/${postId}?context=edit`)).body.meta._content_autopilot_canonical as string;

      const refused = await wpAs(author, `wp/v2/posts/${postId}`, {
        method: "POST",
        json: { meta: { _content_autopilot_canonical: "https://elsewhere.invalid/page" } },
      });
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe("rest_cannot_update");
      expect(await canonicalOf()).toBe("");
      expect((await page(created.body.link)).html).not.toContain("elsewhere.invalid");

      // The block editor sends every meta field back: an unchanged canonical does not stop the author's save.
      const saved = await wpAs(author, `wp/v2/posts/${postId}`, {
        method: "POST",
        json: { meta: { _content_autopilot_seo_title: "The author's own SEO title", _content_autopilot_canonical: "" } },
      });
      expect(saved.status).toBe(200);
      expect(saved.body.meta._content_autopilot_seo_title).toBe("The author's own SEO title");

      // An administrator (or an editor) may set it; the author may then still save the post over it, not change it.
      expect(
        (
          await wp(`wp/v2/posts/${postId}`, {
            method: "POST",
            json: { meta: { _content_autopilot_canonical: "https://blog.example.invalid/original/" } },
          })
        ).status,
      ).toBe(200);
      expect(await canonicalOf()).toBe("https://blog.example.invalid/original/");
      expect(
        (
          await wpAs(author, `wp/v2/posts/${postId}`, {
            method: "POST",
            json: { title: "Renamed by the author", meta: { _content_autopilot_canonical: "https://blog.example.invalid/original/" } },
          })
        ).status,
      ).toBe(200);
      expect(
        (await wpAs(author, `wp/v2/posts/${postId}`, { method: "POST", json: { meta: { _content_autopilot_canonical: "" } } })).status,
      ).toBe(403);
      expect(await canonicalOf()).toBe("https://blog.example.invalid/original/");
    } finally {
      await wp(`wp/v2/users/${author.id}/application-passwords/${author.uuid}`, { method: "DELETE" });
    }
  });

  it("moves 1.0's `_ca_` meta to the new keys once, leaving other plugins' meta and the SEO plugin's fields alone (issue 27, item 16)", async () => {
    await setPlugin(PROBE, "active");
    const created = await wp("wp/v2/posts", {
      method: "POST",
      json: { title: "A post from the connector 1.0 days", content: "<p>Old.</p>", status: "publish" },
    });
    const postId = created.body.id as number;
    const jsonLd = '{"@context":"https://schema.org","@type":"BlogPosting","headline":"From 1.0"}';
    // As 1.0 left them, beside a newer value under a new key, another plugin's "_ca_" key and the owner's Yoast title.
    await probeMeta(postId, {
      _ca_seo_title: "The SEO title written by connector 1.0",
      _ca_seo_desc: "An older description",
      _ca_canonical: "https://blog.example.invalid/from-1-0/",
      _ca_jsonld: jsonLd,
      _content_autopilot_seo_desc: "The newer description",
      _ca_price: "12",
      _yoast_wpseo_title: "The owner's own Yoast title",
    });
    await setPlugin(YOAST, "active");
    // A site that ran 1.0 has no version option; the next request after the upgrade moves the values.
    await probeOption("content_autopilot_connector_version", null);

    const moved = await probeMeta(postId);
    expect(moved).toMatchObject({
      _content_autopilot_seo_title: ["The SEO title written by connector 1.0"],
      _content_autopilot_seo_desc: ["The newer description"],
      _content_autopilot_canonical: ["https://blog.example.invalid/from-1-0/"],
      _content_autopilot_jsonld: [jsonLd],
      _ca_price: ["12"],
      _yoast_wpseo_title: ["The owner's own Yoast title"],
    });
    for (const key of LEGACY_KEYS) expect(moved, key).not.toHaveProperty(key);
    expect(await probeOption("content_autopilot_connector_version")).toBe(CONNECTOR_VERSION);
    await setPlugin(YOAST, "inactive");
    expect((await page(created.body.link)).titles).toEqual(["The SEO title written by connector 1.0"]);

    // Once: a "_ca_" value written afterwards is some other plugin's business.
    await probeMeta(postId, { _ca_seo_title: "Written after the move" });
    expect(await probeMeta(postId)).toMatchObject({
      _ca_seo_title: ["Written after the move"],
      _content_autopilot_seo_title: ["The SEO title written by connector 1.0"],
    });
  });

  it("without the connector: the site warns after a sync, and the post still publishes", async () => {
    const site = await firstSite(token);
    await setPlugin(CONNECTOR, "inactive");
    expect((await call(`/api/sites/${site.id}/sync`, { method: "POST", token })).status).toBe(200);
    const read = await readSite(token, site.id);
    expect(read.seo).toMatchObject({ connector: null, plugin: null });
    expect(read.warnings).toEqual([expect.stringContaining("install the connector plugin")]);

    const article = await publishOne(token, site.id);
    const plain = await page(article.url);
    expect(plain.titles).toHaveLength(1);
    expect(plain.meta("description")).toEqual([]);
    expect(plain.jsonLd).toEqual([]);
  });

  // Last: WordPress deletes the plugin's files too (install-plugins.mjs copies them again at the next run).
  it("deleted in WordPress, runs uninstall.php: its own meta (1.0's keys too) and options go, nothing else (issue 27, item 16)", async () => {
    // The first article, published with the connector active.
    const articles = (await (await call("/api/autopilot/articles?per_page=100", { token })).json()) as { items: { id: string }[] };
    const articlePost = await postIdOf(await readArticle(token, articles.items.at(-1)!.id));
    const created = await wp("wp/v2/posts", {
      method: "POST",
      json: { title: "A post with everyone's meta", content: "<p>Meta.</p>", status: "publish" },
    });
    const postId = created.body.id as number;
    await probeMeta(postId, {
      _content_autopilot_seo_title: "Ours",
      _content_autopilot_canonical: "https://blog.example.invalid/ours/",
      _ca_seo_desc: "Ours, from 1.0",
      _ca_price: "12",
      _yoast_wpseo_title: "The owner's own Yoast title",
      _content_autopilot_seo_title_draft: "Some other plugin's key",
    });
    expect(await probeOption("content_autopilot_connector_version")).toBe(CONNECTOR_VERSION);
    expect(await probeOption("content_autopilot_indexnow_key")).toMatch(/^[0-9a-f]{32}$/);
    expect(Object.keys(await probeMeta(articlePost))).toEqual(
      expect.arrayContaining(["_content_autopilot_seo_title", "_content_autopilot_jsonld"]),
    );

    await setPlugin(CONNECTOR, "inactive");
    const deleted = await wp(`wp/v2/plugins/${CONNECTOR}`, { method: "DELETE" });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(deleted.body.deleted).toBe(true);

    const left = await probeMeta(postId);
    for (const key of [...KEYS, ...LEGACY_KEYS]) expect(left, key).not.toHaveProperty(key);
    expect(left).toMatchObject({
      _ca_price: ["12"],
      _yoast_wpseo_title: ["The owner's own Yoast title"],
      _content_autopilot_seo_title_draft: ["Some other plugin's key"],
    });
    expect(Object.keys(await probeMeta(articlePost)).filter((key) => KEYS.includes(key))).toEqual([]);
    expect(await probeOption("content_autopilot_connector_version")).toBeNull();
    expect(await probeOption("content_autopilot_indexnow_key")).toBeNull();
  });
});

/** Every meta row of a post as the database has it (key → values), after writing `rows` (null deletes) when given. */
async function probeMeta(postId: number, rows?: Record<string, string | null>): Promise<Record<string, string[]>> {
  const res = rows
    ? await wp(`meta-probe/v1/posts/${postId}/meta`, { method: "POST", json: rows })
    : await wp(`meta-probe/v1/posts/${postId}/meta`);
  if (res.status !== 200) throw new Error(`the meta probe answered ${res.status} ${JSON.stringify(res.body)} (is it active?)`);
  return res.body;
}

/** One of the connector's options (null when absent), after setting it (null deletes) when a value is given. */
async function probeOption(name: string, value?: string | null): Promise<string | null> {
  const res =
    value === undefined
      ? await wp(`meta-probe/v1/options/${name}`)
      : await wp(`meta-probe/v1/options/${name}`, { method: "POST", json: { value } });
  if (res.status !== 200) throw new Error(`the meta probe answered ${res.status} ${JSON.stringify(res.body)} (is it active?)`);
  return res.body.value;
}

interface WpUser {
  id: number;
  login: string;
  password: string;
  uuid: string;
}

/** An application password for the seeded author (jdoe, role author), made by the administrator. */
async function authorCredentials(): Promise<WpUser> {
  const { body: users } = await wp("wp/v2/users?roles=author&context=edit");
  const author = users[0] as { id: number; username: string };
  const made = await wp(`wp/v2/users/${author.id}/application-passwords`, {
    method: "POST",
    json: { name: `e2e canonical ${Date.now()}` },
  });
  expect(made.status).toBe(201);
  return { id: author.id, login: author.username, password: made.body.password, uuid: made.body.uuid };
}

/** The WordPress REST API as another user. */
async function wpAs(user: WpUser, route: string, init: { method?: string; json?: unknown } = {}): Promise<{ status: number; body: any }> {
  const res = await fetch(`${peer.url}/wp-json/${route}`, {
    method: init.method ?? "GET",
    headers: {
      Authorization: `Basic ${bytesToBase64(new TextEncoder().encode(`${user.login}:${user.password}`))}`,
      ...(init.json === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

const firstSite = async (token: string) => ((await (await call("/api/sites", { token })).json()) as Site[])[0]!;

async function latestArticleId(token: string): Promise<string | undefined> {
  const list = (await (await call("/api/autopilot/articles?per_page=1", { token })).json()) as { items: { id: string }[] };
  return list.items[0]?.id;
}
