import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { planItems, serpResearch } from "../../src/db/schema";
import { runCronTick } from "../../src/jobs/cron";
import { fakeNetwork } from "../fakes/network";
import { connectFakeSite, installFakeWordPress } from "../fakes/wordpress-setup";
import { createFakeXenForo } from "../fakes/xenforo";
import { call, db, seedAccount, seedSite, testServices, useFakeFetch } from "../harness";
import { connectForum } from "../sites/forum-helpers";
import { approvedPlan, articlesOfItem, chargesOf, deliverRuns, itemRow, uploadsOf, useRecordingQueue, watchRun } from "./helpers";

// Issue 18, "Proof": crash a run at every step boundary, on every kind of platform, then let the
// clock recover it. Whatever happens: at most one post on the platform, one net charge for a
// published article or a refund, no reservation left, and the item PUBLISHED or FAILED.

const HOUR_MS = 60 * 60 * 1000;
const STEPS = [
  "reserve charge",
  "research",
  "write article",
  "check article",
  "fact check article",
  "score article",
  "draw hero image",
  "store hero image",
  "publish",
  "record article",
  "settle charge",
];

type Platform = "blog" | "forum" | "custom";

/** A site of a new account on the platform's fake, and how many posts of an item that fake holds. */
async function siteOn(platform: Platform) {
  if (platform === "blog") {
    const wp = installFakeWordPress();
    const owner = await seedAccount();
    const site = await connectFakeSite(owner.token, wp);
    const postsOfItem = (itemId: string) => wp.content.posts.filter((p) => p.content.includes(`content-autopilot:${itemId}`));
    return {
      ...owner,
      siteId: site.id,
      postsOf: (itemId: string) => postsOfItem(itemId).length,
      // Item 18: one hero in the media library, attached to the post it features.
      heroesOf: (itemId: string) =>
        wp.content.media
          .filter((m) => m.fileName.endsWith(".webp"))
          .map((m) => ({ attachedToPost: m.post === postsOfItem(itemId)[0]?.id })),
    };
  }
  if (platform === "forum") {
    const forum = createFakeXenForo();
    forum.addKey("key-user-12");
    useFakeFetch(fakeNetwork(forum));
    const owner = await seedAccount();
    const { id: siteId } = (await (await connectForum(owner.token, forum)).json()) as { id: string };
    await call(`/api/platforms/forum/${siteId}/node`, { method: "POST", token: owner.token, json: { nodeId: 3 } });
    // One site per account, one item per site: every thread of the node is the item's.
    return { ...owner, siteId, postsOf: () => [...forum.state.threads.values()].filter((t) => t.node_id === 3).length, heroesOf: null };
  }
  const owner = await seedAccount();
  const site = await seedSite(owner.accountId, { platform: "custom" });
  return { ...owner, siteId: site.id, postsOf: () => 0, heroesOf: null };
}

/** The plan's one item made due and handed to the queue by the clock; returns what the clock sent. */
async function dueItem(token: string, siteId: string) {
  const { sent } = useRecordingQueue();
  const plan = await approvedPlan(token, siteId, { articleCount: 1 });
  await runCronTick(testServices(), new Date(Date.now() + 60_000));
  return { item: plan.items[0]!, sent };
}

async function expectSettledState(accountId: string, itemId: string, postsOnPlatform: number, platform: Platform) {
  const item = await itemRow(itemId);
  expect(["PUBLISHED", "FAILED"]).toContain(item.status);
  const charges = await chargesOf(accountId);
  expect(charges.filter((c) => c.status === "reserved")).toEqual([]);
  const settled = charges.filter((c) => c.status === "settled");
  const articles = await articlesOfItem(itemId);
  // Issue 29: the keyword was searched once, whatever crashed and however often the item ran.
  expect(await db().select().from(serpResearch).where(eq(serpResearch.accountId, accountId))).toHaveLength(1);
  if (item.status === "PUBLISHED") {
    expect(articles).toHaveLength(1);
    expect(settled).toHaveLength(1);
    if (platform !== "custom") expect(postsOnPlatform).toBe(1);
  } else {
    expect(settled).toHaveLength(0);
    expect(postsOnPlatform).toBeLessThanOrEqual(1);
  }
}

describe.each<Platform>(["blog", "forum", "custom"])("a run crashed at a step boundary on a %s site", (platform) => {
  it.each(STEPS)("dies in '%s' without recording anything: the clock restarts it, and it ends published once", async (step) => {
    const { accountId, token, siteId, postsOf, heroesOf } = await siteOn(platform);
    const { item, sent } = await dueItem(token, siteId);

    await using first = await watchRun(item.id, 1);
    await first.modify(async (m) => {
      await m.mockStepError({ name: step }, new Error(`crash in ${step}`));
      await m.mockStepError({ name: "record failure" }, new Error("crash while recording the failure"));
    });
    await deliverRuns(sent);
    await first.waitForStatus("errored");

    // The clock, two hours later: the stuck run is restarted (its charge refunded), or, when the
    // article was already stored, the sweep settles its charge.
    await using second = await watchRun(item.id, 2);
    await runCronTick(testServices(), new Date(Date.now() + 2 * HOUR_MS));
    if (sent.length > 0) {
      await deliverRuns(sent);
      await second.waitForStatus("complete");
    }
    expect(await itemRow(item.id)).toMatchObject({ status: "PUBLISHED" });
    await expectSettledState(accountId, item.id, postsOf(item.id), platform);
    // Item 18: the rerun kept the hero the first run stored.
    expect(await uploadsOf(accountId)).toHaveLength(1);
    if (heroesOf) expect(heroesOf(item.id)).toEqual([{ attachedToPost: true }]);
  });

  it.each(STEPS.filter((step) => step !== "settle charge"))(
    "fails in '%s': refunded and scheduled for an automatic retry, and a rerun publishes once",
    async (step) => {
      const { accountId, token, siteId, postsOf } = await siteOn(platform);
      const { item, sent } = await dueItem(token, siteId);

      await using first = await watchRun(item.id, 1);
      await first.modify(async (m) => m.mockStepError({ name: step }, new Error(`crash in ${step}`)));
      await deliverRuns(sent);
      await first.waitForStatus("errored");
      // The plan is ACTIVE: the clock will run it again in an hour (item 12).
      expect(await itemRow(item.id)).toMatchObject({ status: "SCHEDULED", autoRetries: 1 });
      expect((await chargesOf(accountId)).filter((c) => c.status !== "refunded")).toEqual([]);

      // Run again: a post the failed run left behind is adopted, not doubled.
      await using _second = await watchRun(item.id, 2);
      expect((await call(`/api/autopilot/items/${item.id}/run`, { method: "POST", token })).status).toBe(200);
      await expectSettledState(accountId, item.id, postsOf(item.id), platform);
      expect(await itemRow(item.id)).toMatchObject({ status: "PUBLISHED" });
    },
  );
});

describe("a rerun whose draft has another title (issue 18, item 9)", () => {
  it("adopts the thread the earlier run posted (its id was stored when the forum answered) and retitles it", async () => {
    const { accountId, token, siteId, postsOf } = await siteOn("forum");
    const { item, sent } = await dueItem(token, siteId);
    await using first = await watchRun(item.id, 1);
    await first.modify(async (m) => {
      await m.mockStepError({ name: "record article" }, new Error("crash after posting"));
      await m.mockStepError({ name: "record failure" }, new Error("crash while recording the failure"));
    });
    await deliverRuns(sent);
    await first.waitForStatus("errored");
    expect(postsOf(item.id)).toBe(1);
    expect((await itemRow(item.id)).remoteId).not.toBeNull();

    // The next run writes under another title.
    await db().update(planItems).set({ title: "A completely different title for the rerun" }).where(eq(planItems.id, item.id));
    await using second = await watchRun(item.id, 2);
    await runCronTick(testServices(), new Date(Date.now() + 2 * HOUR_MS));
    await deliverRuns(sent);
    await second.waitForStatus("complete");
    expect(postsOf(item.id)).toBe(1);
    await expectSettledState(accountId, item.id, 1, "forum");
  });
});
