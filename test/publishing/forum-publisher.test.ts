import { beforeEach, describe, expect, it } from "vitest";
import { AppError } from "../../src/core/errors";
import { parseConfig } from "../../src/config";
import type { PublishableArticle } from "../../src/publishing/port";
import { createForumPublisher } from "../../src/publishing/forum";
import type { SiteAccessDeps } from "../../src/sites/site-access";
import { chooseForumNode, connectForumSite } from "../../src/sites/forum-service";
import { fakeNetwork } from "../fakes/network";
import { createFakeXenForo, type FakeXenForo } from "../fakes/xenforo";
import { db, seedAccount, testEnv } from "../harness";
import { siteRow } from "../sites/forum-helpers";

let forum: FakeXenForo;
let deps: SiteAccessDeps;
beforeEach(() => {
  forum = createFakeXenForo();
  forum.addKey("key-user-12");
  deps = {
    db: db(),
    fetch: fakeNetwork(forum),
    config: { ...parseConfig(testEnv), publicBaseUrl: "https://api.example.com" },
    encryptionKey: testEnv.ENCRYPTION_KEY,
  };
});

const HERO_BYTES = new Uint8Array([0x52, 0x49, 0x46, 0x46, 9, 8, 7, 6]);

function article(fields: Partial<PublishableArticle> = {}): PublishableArticle {
  return {
    title: "Ekşi Maya ile Ekmek",
    html: '<h2>Neden ekşi maya?</h2><p>Çünkü <strong>lezzetli</strong> &amp; sağlıklı.</p><img src="/api/media/uploads/step.webp" alt="Step">',
    excerpt: "Ekşi maya rehberi",
    slug: "eksi-maya-ile-ekmek",
    seoTitle: "Ekşi Maya ile Ekmek Nasıl Yapılır: Adım Adım Rehber 2026",
    seoDesc: "x".repeat(155),
    categories: ["Tarifler"],
    tags: ["ekmek"],
    heroImage: { fileName: "hero.webp", alt: "Bread", contentType: "image/webp", bytes: HERO_BYTES },
    status: "publish",
    origin: null,
    structuredData: null,
    ...fields,
  };
}

const BODY =
  "[B][SIZE=6]Neden ekşi maya?[/SIZE][/B]\n\nÇünkü [B]lezzetli[/B] & sağlıklı.\n\n[IMG]https://api.example.com/api/media/uploads/step.webp[/IMG]";

async function forumSite(nodeId: number | null = 3) {
  const { accountId } = await seedAccount();
  const { site } = await connectForumSite(deps, accountId, {
    url: forum.baseUrl,
    apiKey: "key-user-12",
    forumUserId: 12,
    businessContext: "",
    language: "tr",
  });
  const saved = nodeId === null ? site : await chooseForumNode(deps, accountId, site.id, nodeId);
  forum.state.requests.length = 0;
  return saved;
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

describe("forum publisher: publish", () => {
  it("creates a thread in the saved forum with the article as BBCode and the hero attached on top", async () => {
    const site = await forumSite(3);
    const ref = await createForumPublisher(deps, site).publish(article());

    const [thread] = [...forum.state.threads.values()];
    expect(ref).toEqual({ remoteId: String(thread!.thread_id), url: `${forum.baseUrl}/threads/${thread!.thread_id}/` });
    expect(thread).toMatchObject({ node_id: 3, title: "Ekşi Maya ile Ekmek", user_id: 12 });

    const [upload] = forum.requestsTo("POST", "/attachments/new-key");
    expect(upload!.form["context[node_id]"]).toBe("3");
    const post = forum.state.posts.get(thread!.first_post_id)!;
    const [attachmentId] = post.attachmentIds;
    expect([...forum.state.attachments.get(attachmentId!)!.bytes]).toEqual([...HERO_BYTES]);
    expect(forum.state.attachments.get(attachmentId!)).toMatchObject({ filename: "hero.webp", content_type: "image/webp" });
    expect(post.message).toBe(`[ATTACH=full]${attachmentId}[/ATTACH]\n\n${BODY}`);
  });

  it("publishes without an upload when the article has no hero image", async () => {
    const site = await forumSite(2);
    await createForumPublisher(deps, site).publish(article({ heroImage: null }));
    expect(forum.requestsTo("POST", "/attachments/new-key")).toHaveLength(0);
    const [post] = [...forum.state.posts.values()];
    expect(post!.message).toBe(BODY);
    expect(post!.attachmentIds).toEqual([]);
  });

  it("publishes without the hero when the forum refuses the file", async () => {
    const site = await forumSite(2);
    forum.state.maxAttachmentBytes = 4;
    const ref = await createForumPublisher(deps, site).publish(article());
    expect(forum.state.threads.get(Number(ref.remoteId))).toBeDefined();
    expect([...forum.state.posts.values()][0]!.message).toBe(BODY);
  });

  it("shortens a title longer than XenForo's 150 characters", async () => {
    const site = await forumSite(2);
    await createForumPublisher(deps, site).publish(article({ title: "ğ".repeat(200), heroImage: null }));
    const [thread] = [...forum.state.threads.values()];
    expect([...thread!.title]).toHaveLength(150);
    expect(thread!.title.endsWith("…")).toBe(true);
  });

  it("returns the thread URL of a thread that waits for moderation", async () => {
    forum.state.nodes.find((node) => node.node_id === 2)!.moderated = true;
    const site = await forumSite(2);
    const ref = await createForumPublisher(deps, site).publish(article({ heroImage: null }));
    expect(forum.state.threads.get(Number(ref.remoteId))!.discussion_state).toBe("moderated");
    expect(ref.url).toBe(`${forum.baseUrl}/threads/${ref.remoteId}/`);
  });

  it("refuses with 409 while no target forum is saved, calling nothing", async () => {
    const site = await forumSite(null);
    const error = await rejection(createForumPublisher(deps, site).publish(article()));
    expect([error.status, error.message]).toEqual([
      409,
      `Site ${site.id} has no target forum yet; choose one with POST /api/platforms/forum/${site.id}/node`,
    ]);
    expect(forum.state.requests).toHaveLength(0);
  });

  it("turns the site to ERROR when the forum rejects the key, then CONNECTED after a success", async () => {
    const site = await forumSite(2);
    forum.state.keys.get("key-user-12")!.active = false;
    const error = await rejection(createForumPublisher(deps, site).publish(article()));
    expect(error.status).toBe(422);
    expect(await siteRow(site.id)).toMatchObject({
      status: "ERROR",
      statusMessage: "The forum rejected the API key: the key is deactivated",
    });
    expect(forum.state.threads.size).toBe(0);

    forum.state.keys.get("key-user-12")!.active = true;
    await createForumPublisher(deps, await siteRow(site.id)).publish(article());
    expect(await siteRow(site.id)).toMatchObject({ status: "CONNECTED", statusMessage: null });
  });

  it("answers 502 when the forum fails, 504 when it is silent, and 422 when posting is no longer allowed", async () => {
    const site = await forumSite(2);
    forum.failWith("server_error", /\/threads\/$/);
    expect((await rejection(createForumPublisher(deps, site).publish(article()))).status).toBe(502);
    forum.failWith("hang", /\/threads\/$/);
    expect((await rejection(createForumPublisher(deps, site).publish(article()))).status).toBe(504);
    forum.failWith(null);
    forum.state.nodes.find((node) => node.node_id === 2)!.allow_posting = false;
    expect((await rejection(createForumPublisher(deps, site).publish(article()))).status).toBe(422);
    expect(forum.state.threads.size).toBe(0);
    expect((await siteRow(site.id)).status).toBe("CONNECTED");
  });
});

describe("forum publisher: update", () => {
  it("edits the first post and renames the thread, keeping the hero attached at publication", async () => {
    const site = await forumSite(3);
    const publisher = createForumPublisher(deps, site);
    const ref = await publisher.publish(article());
    const thread = forum.state.threads.get(Number(ref.remoteId))!;
    const [heroId] = forum.state.posts.get(thread.first_post_id)!.attachmentIds;
    forum.state.requests.length = 0;

    const updated = await publisher.update(ref.remoteId, article({ title: "Ekşi Maya: Yeni Başlık", html: "<p>Yeni <em>metin</em></p>" }));
    expect(updated).toEqual(ref);
    expect(forum.requestsTo("POST", `/posts/${thread.first_post_id}/`)).toHaveLength(1);
    expect(forum.requestsTo("POST", "/attachments/new-key")).toHaveLength(0);
    expect(forum.state.posts.get(thread.first_post_id)).toMatchObject({
      message: `[ATTACH=full]${heroId}[/ATTACH]\n\nYeni [I]metin[/I]`,
      attachmentIds: [heroId],
    });
    expect(thread.title).toBe("Ekşi Maya: Yeni Başlık");
    expect(forum.state.threads.size).toBe(1);
  });

  it("does not rename a thread whose title is unchanged", async () => {
    const site = await forumSite(3);
    const publisher = createForumPublisher(deps, site);
    const ref = await publisher.publish(article({ heroImage: null }));
    forum.state.requests.length = 0;
    await publisher.update(ref.remoteId, article({ heroImage: null, html: "<p>v2</p>" }));
    expect(forum.state.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /threads/${ref.remoteId}/`,
      expect.stringMatching(/^POST \/posts\/\d+\/$/),
    ]);
    expect(forum.state.requests[0]!.query).toEqual({ with_first_post: "1" });
  });

  it("uploads a hero for the post when it has none yet", async () => {
    const site = await forumSite(3);
    const publisher = createForumPublisher(deps, site);
    const ref = await publisher.publish(article({ heroImage: null }));
    const postId = forum.state.threads.get(Number(ref.remoteId))!.first_post_id;
    await publisher.update(ref.remoteId, article());
    const [upload] = forum.requestsTo("POST", "/attachments/new-key");
    expect(upload!.form["context[post_id]"]).toBe(String(postId));
    const post = forum.state.posts.get(postId)!;
    expect(post.attachmentIds).toHaveLength(1);
    expect(post.message.startsWith(`[ATTACH=full]${post.attachmentIds[0]}[/ATTACH]\n\n`)).toBe(true);
  });

  it("refuses a remote id that is not a thread id, and a thread deleted on the forum, with 422", async () => {
    const site = await forumSite(3);
    const publisher = createForumPublisher(deps, site);
    expect((await rejection(publisher.update("abc", article()))).status).toBe(422);
    expect(forum.state.requests).toHaveLength(0);
    const gone = await rejection(publisher.update("4242", article()));
    expect([gone.status, gone.message]).toEqual([
      422,
      "The forum says the forum, thread or post does not exist (it may have been deleted)",
    ]);
  });
});
