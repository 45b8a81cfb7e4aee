import { describe, expect, it } from "vitest";
import { fakeNetwork, type FakePeer } from "../fakes/network";
import { createFakeXenForo } from "../fakes/xenforo";
import { call, expectError, seedAccount, seedSite, useFakeFetch } from "../harness";
import { connectForum } from "../sites/forum-helpers";
import { articlesOfItem, chargesOf, itemRow, offlinePlan, runNow, runRecord, watchRun } from "./helpers";

/** A forum connected with its target node chosen, as a site of a new account. */
async function connectedForum(peer: (forum: ReturnType<typeof createFakeXenForo>) => FakePeer = (forum) => forum) {
  const forum = createFakeXenForo();
  forum.addKey("key-user-12");
  useFakeFetch(fakeNetwork(peer(forum)));
  const owner = await seedAccount();
  const { id: siteId } = (await (await connectForum(owner.token, forum)).json()) as { id: string };
  const chosen = await call(`/api/platforms/forum/${siteId}/node`, { method: "POST", token: owner.token, json: { nodeId: 3 } });
  if (chosen.status !== 200) throw new Error(`node: ${chosen.status}`);
  return { ...owner, siteId, forum };
}

describe("the pipeline on a XenForo forum", () => {
  it("posts one thread in the chosen node with the hero image attached", async () => {
    const { token, siteId, forum } = await connectedForum();
    const plan = await offlinePlan(token, siteId, { articleCount: 1 });
    const item = plan.items[0]!;

    const res = await runNow(token, item.id);
    expect(res.status).toBe(200);
    const { url } = (await res.json()) as { url: string };
    const threads = [...forum.state.threads.values()];
    expect(threads).toHaveLength(1);
    expect(threads[0]).toMatchObject({ node_id: 3, user_id: 12 });
    const firstPost = forum.state.posts.get(threads[0]!.first_post_id)!;
    expect(firstPost.attachmentIds).toHaveLength(1);
    expect(firstPost.message).toMatch(/^\[ATTACH=full\]\d+\[\/ATTACH\]/);
    const [article] = await articlesOfItem(item.id);
    expect(article).toMatchObject({ remoteId: String(threads[0]!.thread_id), publicationUrl: url, status: "published" });
  });

  it("adopts the thread it created when the answer was lost, instead of posting a second one", async () => {
    let losses = 1;
    const { token, siteId, forum } = await connectedForum((fake) => ({
      host: fake.host,
      handle: async (request) => {
        const response = await fake.handle(request);
        if (request.method === "POST" && new URL(request.url).pathname.endsWith("/api/threads/") && losses-- > 0)
          throw new TypeError("Network connection lost");
        return response;
      },
    }));
    const plan = await offlinePlan(token, siteId, { articleCount: 1 });
    const item = plan.items[0]!;

    await using _run = await watchRun(item.id);
    expect((await runNow(token, item.id)).status).toBe(200);
    expect(forum.state.threads.size).toBe(1);
    const [thread] = [...forum.state.threads.values()];
    expect((await articlesOfItem(item.id))[0]).toMatchObject({ remoteId: String(thread!.thread_id) });
  });

  it("fails the run at once with the forum's refusal (no retries) and refunds it", async () => {
    const { accountId, token, siteId, forum } = await connectedForum();
    const plan = await offlinePlan(token, siteId, { articleCount: 1 });
    const item = plan.items[0]!;
    forum.state.nodes.find((node) => node.node_id === 3)!.allow_posting = false;

    const error = await expectError(await runNow(token, item.id), 422);
    expect(error.message.length).toBeGreaterThan(0);
    expect(await itemRow(item.id)).toMatchObject({ status: "FAILED", failureStatus: 422, failureCode: "forum_refused", stage: "publish" });
    expect((await chargesOf(accountId)).map((c) => c.status)).toEqual(["refunded"]);
    expect(forum.state.threads.size).toBe(0);
  });
});

describe("a run resumes where a failed step left it", () => {
  const STEPS = [
    "claim item",
    "reserve charge",
    "write article",
    "check article",
    "draw hero image",
    "store hero image",
    "publish",
    "record article",
    "settle charge",
  ];

  it.each(STEPS)("'%s' failing once is retried, and the run ends with one article and one settled charge", async (stepName) => {
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId, { platform: "custom" });
    const plan = await offlinePlan(token, site.id, { articleCount: 1 });
    const item = plan.items[0]!;

    await using run = await watchRun(item.id);
    await run.modify(async (m) => m.mockStepError({ name: stepName }, new Error(`${stepName} crashed`), 1));
    const res = await runNow(token, item.id);
    expect(res.status).toBe(200);
    expect(await articlesOfItem(item.id)).toHaveLength(1);
    expect((await chargesOf(accountId)).map((c) => [c.reference, c.status])).toEqual([[`${item.id}:a1`, "settled"]]);
    expect(await itemRow(item.id)).toMatchObject({ status: "PUBLISHED", attempts: 1 });
    // The draft was written once: a replayed step reads what the first try stored.
    expect(await runRecord(item.id, 1)).toMatchObject({ draftRound: 1 });
  });

  it("a transient step failure that outlasts its retries fails the run with the last error and refunds it", async () => {
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId, { platform: "custom" });
    const plan = await offlinePlan(token, site.id, { articleCount: 1 });
    const item = plan.items[0]!;

    await using run = await watchRun(item.id);
    await run.modify(async (m) => m.mockStepError({ name: "draw hero image" }, new Error("The image model is overloaded")));
    const error = await expectError(await runNow(token, item.id), 502, "upstream_error");
    expect(error.message).toContain("The image model is overloaded");
    expect(await itemRow(item.id)).toMatchObject({ status: "FAILED", stage: "score article" }); // the mocked step never ran its body
    expect((await chargesOf(accountId)).map((c) => c.status)).toEqual(["refunded"]);
  });
});
