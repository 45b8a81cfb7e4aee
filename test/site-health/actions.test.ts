import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accounts, charges, siteHealthActions, sites } from "../../src/db/schema";
import { fakeNetwork } from "../fakes/network";
import { createFakeOpenAiChat } from "../fakes/openai-chat";
import { createFakeWordPress } from "../fakes/wordpress";
import { connectFakeSite } from "../fakes/wordpress-setup";
import { call, db, expectError, seedAccount, useFakeFetch, useVars } from "../harness";
import { goodSuggestion, ORIGINAL_HTML, ORIGINAL_TITLE, promptOf } from "../improvements/helpers";
import { OPERATOR_OPENAI_KEY } from "../plans/helpers";
import { pageWithQueries, publishedArticle } from "./helpers";

// The actions against the fake WordPress: what reaches the posts, what is charged, and that a
// retry, a lost answer or a crashed run never writes or charges twice.

const ORIGIN = "https://blog.example.com";
const url = (n: number) => `${ORIGIN}/post-${n}/`;

interface Action {
  id: string;
  kind: string;
  state: string;
  url: string;
  fromUrl: string | null;
  postId: string | null;
  query: string | null;
  targetQuery: string | null;
  replayed?: boolean;
  error: string | null;
}

/** A synced fake blog with the connector (1.3.0 unless told), post 100 holding the improvement tests' post. */
async function connectedBlog(connector = "1.3.0") {
  const { accountId, token } = await seedAccount();
  const wp = createFakeWordPress({ postCount: 5 });
  wp.content.connector = { version: connector, seoPlugin: null };
  const stronger = wp.content.posts.find((post) => post.id === 100)!;
  Object.assign(stronger, { title: ORIGINAL_TITLE, content: ORIGINAL_HTML });
  const openai = createFakeOpenAiChat({ keys: [OPERATOR_OPENAI_KEY] });
  useVars({ TEXT_PROVIDER: "openai", TEXT_MODEL: "gpt-4o-mini" });
  useFakeFetch(fakeNetwork(wp.peer, openai.peer));
  const site = await connectFakeSite(token, wp, { businessContext: "A family bakery that sells rye sourdough" });
  expect((await call(`/api/sites/${site.id}/sync`, { method: "POST", token })).status).toBe(200);
  const list = (await (await call(`/api/sites/${site.id}/posts?per_page=100`, { token })).json()) as {
    items: { id: string; remoteId: number }[];
  };
  const postIds = Object.fromEntries(list.items.map((item) => [item.remoteId, item.id]));
  return { accountId, token, wp, openai, site, stronger, postIds };
}

/** post-1 (100) and post-2 (101) share "sourdough starter"; post-2 also earns "rye starter". */
async function sharedQuery(siteId: string, postIds: Record<number, string>) {
  await pageWithQueries(siteId, url(1), { clicks: 100, impressions: 1000, postId: postIds[100] }, [
    { query: "sourdough starter", impressions: 100, clicks: 10 },
  ]);
  await pageWithQueries(siteId, url(2), { clicks: 10, impressions: 300, postId: postIds[101] }, [
    { query: "sourdough starter", impressions: 60, clicks: 1 },
    { query: "rye starter", impressions: 40 },
  ]);
}

const start = (token: string, siteId: string, list: "cannibalization" | "traction", json: unknown) =>
  call(`/api/sites/${siteId}/${list}/actions`, { method: "POST", token, json });
const step = (token: string, siteId: string, actionId: string, name: "apply" | "revert") =>
  call(`/api/sites/${siteId}/health-actions/${actionId}/${name}`, { method: "POST", token });

async function ledger(accountId: string) {
  return (await db().select().from(charges).where(eq(charges.accountId, accountId))).map((c) => [c.kind, c.status]);
}

describe("cannibalisation: merge", () => {
  it("folds the weaker page into the stronger one (charged once), redirects it once applied, and revert undoes both", async () => {
    const { accountId, token, wp, openai, site, stronger, postIds } = await connectedBlog();
    await sharedQuery(site.id, postIds);
    const weaker = wp.content.posts.find((post) => post.id === 101)!;
    openai.script({ answer: goodSuggestion() });

    const res = await start(token, site.id, "cannibalization", { query: "sourdough starter", action: "merge" });
    expect(res.status).toBe(200);
    const action = (await res.json()) as Action;
    expect(action).toMatchObject({
      kind: "merge",
      state: "suggested",
      url: url(1),
      fromUrl: url(2),
      postId: postIds[100],
      replayed: false,
    });
    const prompt = promptOf(openai.requests[0]!);
    expect(prompt).toContain(
      `Another page of the site, ${url(2)}, competes with this post for "sourdough starter" and will redirect here.`,
    );
    expect(prompt).toContain(weaker.content);
    expect(await ledger(accountId)).toEqual([["improvement", "settled"]]);
    // Nothing reached WordPress yet.
    expect(wp.calls("wp/v2/posts/100", "POST")).toHaveLength(0);

    // The same request again: the same action, no model call, no charge.
    const again = (await (
      await start(token, site.id, "cannibalization", { query: "sourdough starter", action: "merge" })
    ).json()) as Action;
    expect(again).toMatchObject({ id: action.id, state: "suggested", replayed: true });
    expect(openai.requests).toHaveLength(1);
    expect(await ledger(accountId)).toEqual([["improvement", "settled"]]);

    // The redirect's answer is lost: the apply fails, the retry writes the content no second time.
    wp.loseAnswers("POST", /^\/wp\/v2\/posts\/101$/);
    expect((await step(token, site.id, action.id, "apply")).status).toBeGreaterThanOrEqual(500);
    const [failed] = await db().select().from(siteHealthActions).where(eq(siteHealthActions.id, action.id));
    expect(failed).toMatchObject({ state: "suggested", error: "site_unavailable" });
    const applied = await step(token, site.id, action.id, "apply");
    expect(applied.status).toBe(200);
    expect(await applied.json()).toMatchObject({ state: "applied" });
    expect(stronger.content).toBe(goodSuggestion().html);
    expect(weaker.meta?._content_autopilot_redirect).toBe(url(1));
    expect(wp.calls("wp/v2/posts/100", "POST")).toHaveLength(1);
    await expectError(await step(token, site.id, action.id, "apply"), 409, "health_action_busy");

    const reverted = await step(token, site.id, action.id, "revert");
    expect(reverted.status).toBe(200);
    expect(await reverted.json()).toMatchObject({ state: "reverted" });
    expect(stronger.content).toBe(ORIGINAL_HTML);
    expect(weaker.meta?._content_autopilot_redirect).toBe("");
    await expectError(await step(token, site.id, action.id, "revert"), 409, "health_action_busy");
    expect(await ledger(accountId)).toEqual([["improvement", "settled"]]);

    const listed = (await (await call(`/api/sites/${site.id}/health-actions`, { token })).json()) as { items: Action[] };
    expect(listed.items.map((item) => [item.id, item.state])).toEqual([[action.id, "reverted"]]);
  });

  it("a run that crashed after its suggestion was stored is taken over without a second model call or charge", async () => {
    const { accountId, token, openai, site, postIds } = await connectedBlog();
    await sharedQuery(site.id, postIds);
    openai.script({ answer: goodSuggestion() });
    const action = (await (
      await start(token, site.id, "cannibalization", { query: "sourdough starter", action: "merge" })
    ).json()) as Action;

    // As if the Worker died between the suggestion and its record: the row still says running.
    await db()
      .update(siteHealthActions)
      .set({ state: "running", busyUntil: "2099-01-01T00:00:00Z" })
      .where(eq(siteHealthActions.id, action.id));
    await expectError(
      await start(token, site.id, "cannibalization", { query: "sourdough starter", action: "merge" }),
      409,
      "health_action_busy",
    );
    await db().update(siteHealthActions).set({ busyUntil: "2000-01-01T00:00:00Z" }).where(eq(siteHealthActions.id, action.id));
    const taken = await start(token, site.id, "cannibalization", { query: "sourdough starter", action: "merge" });
    expect(await taken.json()).toMatchObject({ id: action.id, state: "suggested", replayed: false });
    expect(openai.requests).toHaveLength(1);
    expect(await ledger(accountId)).toEqual([["improvement", "settled"]]);
  });

  it("needs connector 1.3.0: 409 before anything is charged or written", async () => {
    const { accountId, token, wp, openai, site, postIds } = await connectedBlog("1.2.0");
    await sharedQuery(site.id, postIds);
    await expectError(
      await start(token, site.id, "cannibalization", { query: "sourdough starter", action: "merge" }),
      409,
      "connector_outdated",
    );
    expect(openai.requests).toHaveLength(0);
    expect(await ledger(accountId)).toEqual([]);
    expect(wp.requests.filter((r) => r.method === "POST" && r.route.includes("wp/v2/posts"))).toHaveLength(0);
  });
});

describe("cannibalisation: differentiate", () => {
  it("retargets the weaker page to its busiest other query, researched and told to the model", async () => {
    const { accountId, token, wp, openai, site, postIds } = await connectedBlog();
    await sharedQuery(site.id, postIds);
    const weaker = wp.content.posts.find((post) => post.id === 101)!;
    Object.assign(weaker, { title: ORIGINAL_TITLE, content: ORIGINAL_HTML });
    openai.script({ answer: goodSuggestion() });

    const res = await start(token, site.id, "cannibalization", { query: "sourdough starter", action: "differentiate" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      kind: "differentiate",
      state: "suggested",
      url: url(2),
      postId: postIds[101],
      targetQuery: "rye starter",
    });
    const prompt = promptOf(openai.requests[0]!);
    expect(prompt).toContain(`Retarget this post to the query "rye starter"`);
    expect(prompt).toContain(`leave "sourdough starter" to ${url(1)}`);
    expect(await ledger(accountId)).toEqual([["improvement", "settled"]]);
  });

  it("400 naming targetQuery when the weaker page earns no other query; 404 for a query that is not cannibalised; nothing charged", async () => {
    const { accountId, token, openai, site, postIds } = await connectedBlog();
    await pageWithQueries(site.id, url(1), { clicks: 100, impressions: 1000, postId: postIds[100] }, [{ query: "only", impressions: 50 }]);
    await pageWithQueries(site.id, url(2), { clicks: 10, impressions: 300, postId: postIds[101] }, [{ query: "only", impressions: 50 }]);
    const bad = await expectError(
      await start(token, site.id, "cannibalization", { query: "only", action: "differentiate" }),
      400,
      "invalid_request",
    );
    expect(JSON.stringify(bad)).toContain("targetQuery");
    await expectError(await start(token, site.id, "cannibalization", { query: "nobody shares this", action: "merge" }), 404, "not_found");
    expect(openai.requests).toHaveLength(0);
    expect(await ledger(accountId)).toEqual([]);
    expect(await db().select().from(siteHealthActions).where(eq(siteHealthActions.siteId, site.id))).toHaveLength(0);
  });
});

describe("traction: noindex and unpublish", () => {
  async function withArticle() {
    const blog = await connectedBlog();
    const article = await publishedArticle(blog.accountId, blog.site.id, { title: "Post 3", url: url(3), ageDays: 60, remoteId: 102 });
    const post = blog.wp.content.posts.find((p) => p.id === 102)!;
    await db().update(sites).set({ searchSyncedAt: "2026-11-24T06:00:00Z" }).where(eq(sites.id, blog.site.id));
    return { ...blog, article, post };
  }

  it("noindex sets the connector's robots meta once; the same request again writes nothing; revert clears it", async () => {
    const { accountId, token, wp, site, article, post } = await withArticle();
    const res = await start(token, site.id, "traction", { articleId: String(article.id), action: "noindex" });
    expect(res.status).toBe(200);
    const action = (await res.json()) as Action;
    expect(action).toMatchObject({ kind: "noindex", state: "applied", url: url(3), replayed: false });
    expect(post.meta?._content_autopilot_robots).toBe("noindex");
    expect(await (await start(token, site.id, "traction", { articleId: String(article.id), action: "noindex" })).json()).toMatchObject({
      id: action.id,
      replayed: true,
    });
    expect(wp.calls("wp/v2/posts/102", "POST")).toHaveLength(1);
    expect(await ledger(accountId)).toEqual([]);

    const traction = (await (await call(`/api/sites/${site.id}/traction`, { token })).json()) as {
      items: { articleId: string; action: unknown }[];
    };
    expect(traction.items.find((item) => item.articleId === String(article.id))!.action).toEqual({
      id: action.id,
      kind: "noindex",
      state: "applied",
    });

    expect((await step(token, site.id, action.id, "revert")).status).toBe(200);
    expect(post.meta?._content_autopilot_robots).toBe("");
    // Reverted, it may be done again.
    expect(await (await start(token, site.id, "traction", { articleId: String(article.id), action: "noindex" })).json()).toMatchObject({
      id: action.id,
      state: "applied",
      replayed: false,
    });
    expect(post.meta?._content_autopilot_robots).toBe("noindex");
  });

  it("unpublish whose answer was lost: the retry keeps the first 'before', and revert publishes the post again", async () => {
    const { token, wp, site, article, post } = await withArticle();
    wp.loseAnswers("POST", /^\/wp\/v2\/posts\/102$/);
    const lost = await start(token, site.id, "traction", { articleId: String(article.id), action: "unpublish" });
    expect(lost.status).toBeGreaterThanOrEqual(500);
    expect(post.status).toBe("draft");

    const retried = (await (
      await start(token, site.id, "traction", { articleId: String(article.id), action: "unpublish" })
    ).json()) as Action;
    expect(retried).toMatchObject({ kind: "unpublish", state: "applied" });
    const [row] = await db().select().from(siteHealthActions).where(eq(siteHealthActions.id, retried.id));
    expect(row!.previous).toEqual({ status: "publish" });
    expect((await step(token, site.id, retried.id, "revert")).status).toBe(200);
    expect(post.status).toBe("publish");
  });

  it("a crash after the write and before its record: the run is taken over once its hold expired, and revert still restores", async () => {
    const { token, site, article, post } = await withArticle();
    const action = (await (
      await start(token, site.id, "traction", { articleId: String(article.id), action: "unpublish" })
    ).json()) as Action;
    await db()
      .update(siteHealthActions)
      .set({ state: "running", busyUntil: "2000-01-01T00:00:00Z" })
      .where(eq(siteHealthActions.id, action.id));
    expect(await (await start(token, site.id, "traction", { articleId: String(article.id), action: "unpublish" })).json()).toMatchObject({
      state: "applied",
    });
    expect(post.status).toBe("draft");
    expect((await step(token, site.id, action.id, "revert")).status).toBe(200);
    expect(post.status).toBe("publish");
  });

  it("improve writes an improvement of the article's post (charged once), applied and reverted like any", async () => {
    const { accountId, token, openai, site, postIds } = await connectedBlog();
    const article = await publishedArticle(accountId, site.id, {
      title: ORIGINAL_TITLE,
      url: url(1),
      ageDays: 60,
      remoteId: 100,
      targetKeyword: "feeding a starter",
    });
    openai.script({ answer: goodSuggestion() });
    const res = await start(token, site.id, "traction", { articleId: String(article.id), action: "improve" });
    expect(res.status).toBe(200);
    const action = (await res.json()) as Action;
    expect(action).toMatchObject({ kind: "improve", state: "suggested", postId: postIds[100] });
    expect(promptOf(openai.requests[0]!)).toContain(`the most useful answer to "feeding a starter"`);
    expect((await step(token, site.id, action.id, "apply")).status).toBe(200);
    expect((await step(token, site.id, action.id, "revert")).status).toBe(200);
    expect(await ledger(accountId)).toEqual([["improvement", "settled"]]);
    const [account] = await db().select().from(accounts).where(eq(accounts.id, accountId));
    expect(account!.creditBalanceKurus).toBe(10_000 - 500);
  });
});
