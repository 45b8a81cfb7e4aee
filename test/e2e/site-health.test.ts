import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, seedAccount } from "../harness";
import { publishedArticle } from "../site-health/helpers";
import { connectPeer, peer, peerMissing, removeAddedSince, snapshot, unique, wp } from "./wordpress-peer";

// Issue 42 on the real WordPress: the connector plugin (1.3.0) prints noindex for a page taken
// out of search and answers a merged page with a 301 to the page it was merged into; revert
// (and clearing the meta) removes both. Unpublish makes the post a draft and revert publishes it.

const CONNECTOR = "content-autopilot-connector/content-autopilot-connector";

async function frontPage(url: string) {
  const res = await fetch(url, { redirect: "manual" });
  const html = res.status === 200 ? await res.text() : "";
  const robots = [...html.matchAll(/<meta\s+name=['"]robots['"]\s+content=['"]([^'"]*)['"]/g)].map((m) => m[1]!);
  return { status: res.status, location: res.headers.get("Location"), robots };
}

async function newPost(title: string) {
  const { status, body } = await wp("wp/v2/posts", {
    method: "POST",
    json: { title, content: `<p>${title}: some text.</p>`, status: "publish" },
  });
  expect(status).toBe(201);
  return { id: body.id as number, link: body.link as string };
}

describe.skipIf(peerMissing)(`site health on the real WordPress at ${peer.url || "(WP_URL not set: skipped)"}`, () => {
  let before: Awaited<ReturnType<typeof snapshot>>;
  let blogPublic: string | null;
  const PROBE = "meta-probe/meta-probe";
  const setBlogPublic = (value: string | null) => wp("meta-probe/v1/options/blog_public", { method: "POST", json: { value } });

  beforeAll(async () => {
    before = await snapshot();
    // The peer discourages search engines (every page says noindex): the test needs a public site.
    expect((await wp(`wp/v2/plugins/${PROBE}`, { method: "POST", json: { status: "active" } })).status).toBe(200);
    blogPublic = (await wp("meta-probe/v1/options/blog_public")).body.value;
    await setBlogPublic("1");
    const res = await wp(`wp/v2/plugins/${CONNECTOR}`, { method: "POST", json: { status: "active" } });
    expect(res.status).toBe(200);
  });

  afterAll(async () => {
    await setBlogPublic(blogPublic);
    await wp(`wp/v2/plugins/${PROBE}`, { method: "POST", json: { status: "inactive" } });
    await wp(`wp/v2/plugins/${CONNECTOR}`, { method: "POST", json: { status: "inactive" } });
    await removeAddedSince(before);
  });

  it("noindex shows on the front end and revert removes it; unpublish drafts the post and revert publishes it", async () => {
    const { accountId, token } = await seedAccount();
    const post = await newPost(unique("Quiet page"));
    const site = await connectPeer(token);
    const article = await publishedArticle(accountId, site.id, { title: "Quiet page", url: post.link, ageDays: 60, remoteId: post.id });
    expect((await frontPage(post.link)).robots.join(" ")).not.toContain("noindex");

    const started = await call(`/api/sites/${site.id}/traction/actions`, {
      method: "POST",
      token,
      json: { articleId: String(article.id), action: "noindex" },
    });
    expect(started.status).toBe(200);
    const noindex = (await started.json()) as { id: string; state: string };
    expect(noindex.state).toBe("applied");
    expect((await frontPage(post.link)).robots.join(" ")).toContain("noindex");
    expect((await call(`/api/sites/${site.id}/health-actions/${noindex.id}/revert`, { method: "POST", token })).status).toBe(200);
    expect((await frontPage(post.link)).robots.join(" ")).not.toContain("noindex");

    const unpublished = (await (
      await call(`/api/sites/${site.id}/traction/actions`, {
        method: "POST",
        token,
        json: { articleId: String(article.id), action: "unpublish" },
      })
    ).json()) as { id: string; state: string };
    expect(unpublished.state).toBe("applied");
    expect((await wp(`wp/v2/posts/${post.id}?context=edit`)).body.status).toBe("draft");
    expect((await frontPage(post.link)).status).toBe(404);
    expect((await call(`/api/sites/${site.id}/health-actions/${unpublished.id}/revert`, { method: "POST", token })).status).toBe(200);
    expect((await wp(`wp/v2/posts/${post.id}?context=edit`)).body.status).toBe("publish");
    expect((await frontPage(post.link)).status).toBe(200);
  });

  it("a merged page answers 301 to the page it was merged into; another host is refused; clearing the meta ends it", async () => {
    const into = await newPost(unique("Stronger page"));
    const merged = await newPost(unique("Weaker page"));
    const set = async (value: string) =>
      (await wp(`wp/v2/posts/${merged.id}`, { method: "POST", json: { meta: { _content_autopilot_redirect: value } } })).body.meta
        ._content_autopilot_redirect as string;

    expect(await set(into.link)).toBe(into.link);
    const redirected = await frontPage(merged.link);
    expect(redirected.status).toBe(301);
    expect(redirected.location).toBe(into.link);

    expect(await set("https://elsewhere.example.invalid/")).toBe("");
    expect((await frontPage(merged.link)).status).toBe(200);
    expect(await set(into.link)).toBe(into.link);
    expect(await set("")).toBe("");
    expect((await frontPage(merged.link)).status).toBe(200);
  });
});
