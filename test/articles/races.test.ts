import { describe, expect, it } from "vitest";
import { articles, planItems } from "../../src/db/schema";
import { eq } from "drizzle-orm";
import { connectFakeSite, installFakeWordPress } from "../fakes/wordpress-setup";
import { call, db, seedAccount } from "../harness";
import { itemRow, offlinePlan, runNow } from "../pipeline/helpers";

// Issue 18, items 6, 13 and 17: what reaches WordPress is what we store, whatever the order of
// publish and edits; a post that is not the article's is never written over.

const patch = (token: string, id: string, json: unknown) => call(`/api/autopilot/articles/${id}`, { method: "PATCH", token, json });
const publish = (token: string, id: string) => call(`/api/autopilot/articles/${id}/publish`, { method: "POST", token });
const stored = async (token: string, id: string) =>
  (await (await call(`/api/autopilot/articles/${id}`, { token })).json()) as { title: string; status: string; url: string | null };

/** An article written in review mode on a fake WordPress: pending, with no post yet. */
async function pendingArticle() {
  const wp = installFakeWordPress();
  const { accountId, token } = await seedAccount();
  const site = await connectFakeSite(token, wp);
  const plan = await offlinePlan(token, site.id, { articleCount: 1, publishMode: "review" });
  const item = plan.items[0]!;
  const res = await runNow(token, item.id);
  expect(res.status).toBe(200);
  const { articleId } = (await res.json()) as { articleId: string };
  const postsOfItem = () => wp.content.posts.filter((p) => p.content.includes(`content-autopilot:${item.id}`));
  return { wp, accountId, token, plan, item, articleId, postsOfItem };
}

describe("publish racing edits (item 6)", () => {
  it("PATCH A, publish, PATCH C while the post is being created: WordPress ends with C, one post", async () => {
    const { wp, token, articleId, postsOfItem } = await pendingArticle();
    expect((await patch(token, articleId, { title: "Title A" })).status).toBe(200);

    const held = wp.holdAnswer("POST", /^\/wp\/v2\/posts$/);
    const publishing = publish(token, articleId);
    await held.reached; // WordPress has created the post with A; its answer is not back yet
    const edit = await patch(token, articleId, { title: "Title C" });
    expect(edit.status).toBe(200);
    held.release();
    expect((await publishing).status).toBe(200);

    expect((await stored(token, articleId)).title).toBe("Title C");
    expect(postsOfItem()).toHaveLength(1);
    expect(postsOfItem()[0]).toMatchObject({ title: "Title C", status: "publish" });
  });

  it("two edits racing on a published article: WordPress ends with the one stored last", async () => {
    const { wp, token, articleId, postsOfItem } = await pendingArticle();
    expect((await publish(token, articleId)).status).toBe(200);
    const postId = postsOfItem()[0]!.id;

    const held = wp.holdAnswer("POST", new RegExp(`^/wp/v2/posts/${postId}$`));
    const first = patch(token, articleId, { title: "Edit B" });
    await held.reached; // B is on WordPress; its answer waits
    const second = await patch(token, articleId, { title: "Edit C" });
    expect(second.status).toBe(200);
    held.release();
    expect((await first).status).toBe(200);

    expect((await stored(token, articleId)).title).toBe("Edit C");
    expect(postsOfItem()[0]!.title).toBe("Edit C");
  });
});

describe("a post that is no longer the article's (item 13)", () => {
  it("is not written over: a warning, blogUpdated false, the article's link cleared; publishing again makes one new post", async () => {
    const { wp, token, articleId, postsOfItem } = await pendingArticle();
    expect((await publish(token, articleId)).status).toBe(200);
    const ours = postsOfItem()[0]!;
    // WordPress restored from an older state: the article now points at someone else's post.
    const other = wp.content.posts.find((p) => p.id !== ours.id && !p.content.includes("content-autopilot"))!;
    const before = { ...other };
    await db()
      .update(articles)
      .set({ remoteId: String(other.id) })
      .where(eq(articles.id, Number(articleId)));

    const res = await patch(token, articleId, { title: "Edited after the restore" });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { blogUpdated: boolean; warnings: string[]; url: string | null };
    expect(body.blogUpdated).toBe(false);
    expect(body.warnings.at(-1)).toMatch(
      new RegExp(`WordPress post ${other.id} no longer belongs to this article.*Nothing was written there`),
    );
    expect(body.url).toBeNull();
    expect(wp.content.posts.find((p) => p.id === other.id)).toEqual(before);
    expect(wp.calls(`wp/v2/posts/${other.id}`, "POST")).toHaveLength(0);
    const [row] = await db()
      .select()
      .from(articles)
      .where(eq(articles.id, Number(articleId)));
    expect(row!.remoteId).toBeNull();

    // Publishing it again makes one new post (simultaneous calls: one 200, the rest 409) and leaves the other post alone.
    const postsBefore = wp.content.posts.length;
    const answers = await Promise.all(Array.from({ length: 5 }, () => publish(token, articleId)));
    expect(answers.map((res) => res.status).sort()).toEqual([200, 409, 409, 409, 409]);
    const republished = await stored(token, articleId);
    expect(republished).toMatchObject({ status: "published", title: "Edited after the restore" });
    expect(republished.url).not.toBeNull();
    expect(wp.content.posts.length).toBeLessThanOrEqual(postsBefore + 1);
    expect(wp.content.posts.find((p) => p.id === other.id)).toEqual(before);
    const [relinked] = await db()
      .select()
      .from(articles)
      .where(eq(articles.id, Number(articleId)));
    expect(relinked!.remoteId).not.toBeNull();
    expect(relinked!.publishingUntil).toBeNull();
    const linkedPost = wp.content.posts.find((p) => String(p.id) === relinked!.remoteId)!;
    expect(linkedPost).toMatchObject({ title: "Edited after the restore", status: "publish" });
    expect(linkedPost.content).toContain("content-autopilot:");
  });
});

describe("review mode (item 17)", () => {
  it("leaves the item REVIEW while the article waits, and PUBLISHED once it is published", async () => {
    const { token, plan, item, articleId, postsOfItem } = await pendingArticle();
    expect(await itemRow(item.id)).toMatchObject({ status: "REVIEW" });
    expect((await stored(token, articleId)).status).toBe("pending");
    expect(postsOfItem()).toHaveLength(0);
    const planBody = (await (await call(`/api/autopilot/plans/${plan.id}`, { token })).json()) as {
      items: { status: string }[];
      counts: Record<string, number>;
    };
    expect(planBody.items[0]!.status).toBe("REVIEW");
    expect(planBody.counts.REVIEW).toBe(1);
    // Running it again is refused: it is written.
    expect((await runNow(token, item.id)).status).toBe(409);

    expect((await publish(token, articleId)).status).toBe(200);
    expect(await itemRow(item.id)).toMatchObject({ status: "PUBLISHED" });
    expect(postsOfItem()).toHaveLength(1);
  });

  it("puts the item back to REVIEW when the platform refuses the publication", async () => {
    const { wp, token, item, articleId } = await pendingArticle();
    wp.failure = "server_error";
    expect((await publish(token, articleId)).status).toBeGreaterThanOrEqual(500);
    expect(await itemRow(item.id)).toMatchObject({ status: "REVIEW" });
    expect((await stored(token, articleId)).status).toBe("pending");
    const [row] = await db().select().from(planItems).where(eq(planItems.id, item.id));
    expect(row!.articleId).toBe(Number(articleId));
  });
});
