import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { SEARCH_REFRESH_MESSAGE } from "../../src/core/queue-messages";
import { accounts, charges, existingPosts, searchRefreshes, sites, type SearchSettings } from "../../src/db/schema";
import { messageHandlers } from "../../src/jobs/queues";
import { checkDecay } from "../../src/search-console/decay";
import { db, recordingQueue, testServices } from "../harness";
import { goodSuggestion, ORIGINAL_HTML, syncedPost } from "../improvements/helpers";
import { SYNCED_THROUGH as E, seedSearchPage } from "./search-rows";

const withQueues = () => {
  const search = recordingQueue();
  return { services: testServices({ queues: { search: search.queue } }), sent: search.sent };
};

/** A synced WordPress post (remote 100) whose page lost half its clicks; the weekly check has queued its refresh. */
async function queuedRefresh(settings: SearchSettings) {
  const context = await syncedPost();
  await db().update(sites).set({ searchSyncedThrough: E, searchSettings: settings }).where(eq(sites.id, context.site.id));
  const [row] = await db().select().from(existingPosts).where(eq(existingPosts.id, context.postId));
  await seedSearchPage(context.site.id, row!.url, { postId: context.postId }, [
    { day: E - 30, clicks: 100, impressions: 1000, position: 3 },
    { day: E, clicks: 40, impressions: 1000, position: 3 },
  ]);
  const { services, sent } = withQueues();
  expect((await checkDecay(services, context.site.id, new Date("2026-11-25T09:00:00Z"))).queued).toBe(1);
  const message = sent[0]!.body;
  expect(message).toMatchObject({ type: SEARCH_REFRESH_MESSAGE, postId: context.postId, week: "2026-11-23" });
  // As the dispatcher hands it over (src/jobs/queues.ts), once per delivery.
  const deliver = () => messageHandlers[SEARCH_REFRESH_MESSAGE]!(message, withQueues().services);
  return { ...context, message, deliver };
}

const refreshRow = async (postId: string) => (await db().select().from(searchRefreshes).where(eq(searchRefreshes.postId, postId)))[0]!;
const ledger = async (accountId: string) =>
  (await db().select().from(charges).where(eq(charges.accountId, accountId))).map((charge) => [
    charge.kind,
    charge.amountKurus,
    charge.status,
  ]);

describe("the automatic refresh of a decaying post", () => {
  it("writes one suggestion for review, charged once like improve, however often the message is delivered", async () => {
    const { accountId, wp, openai, postId, deliver } = await queuedRefresh({
      refreshDecaying: true,
      autoApply: false,
      maxRefreshesPerWeek: 3,
    });
    openai.script({ answer: goodSuggestion() }, { answer: goodSuggestion() });

    await deliver();
    await deliver();
    expect(openai.requests).toHaveLength(1);
    expect(await ledger(accountId)).toEqual([["improvement", 500, "settled"]]);
    const [account] = await db().select().from(accounts).where(eq(accounts.id, accountId));
    expect(account!.creditBalanceKurus).toBe(10_000 - 500);

    const [post] = await db().select().from(existingPosts).where(eq(existingPosts.id, postId));
    expect(post!.improvementStatus).toBe("SUGGESTED");
    expect(wp.calls("wp/v2/posts/100", "POST")).toHaveLength(0);
    expect(await refreshRow(postId)).toMatchObject({
      week: "2026-11-23",
      outcome: "suggested",
      startedAt: expect.stringMatching(/Z$/),
      finishedAt: expect.stringMatching(/Z$/),
    });
  });

  it("applies the suggestion to WordPress when the owner turned on auto-apply", async () => {
    const { accountId, wp, openai, target, postId, deliver } = await queuedRefresh({
      refreshDecaying: true,
      autoApply: true,
      maxRefreshesPerWeek: 3,
    });
    openai.script({ answer: goodSuggestion() });

    await deliver();
    expect(target.content).toBe(goodSuggestion().html);
    expect(wp.calls("wp/v2/posts/100", "POST")).toHaveLength(1);
    const [post] = await db().select().from(existingPosts).where(eq(existingPosts.id, postId));
    expect(post!.improvementStatus).toBe("APPLIED");
    expect((await refreshRow(postId)).outcome).toBe("applied");
    expect(await ledger(accountId)).toEqual([["improvement", 500, "settled"]]);
  });

  it("records a failure instead of retrying: short credit before any work, a provider failure refunded; a redelivery does nothing", async () => {
    const short = await queuedRefresh({ refreshDecaying: true, autoApply: true, maxRefreshesPerWeek: 3 });
    await db().update(accounts).set({ creditBalanceKurus: 100 }).where(eq(accounts.id, short.accountId));
    await short.deliver();
    await short.deliver();
    expect((await refreshRow(short.postId)).outcome).toBe("insufficient_credit");
    expect(short.openai.requests).toHaveLength(0);
    expect(await ledger(short.accountId)).toEqual([]);
    expect(short.target.content).toBe(ORIGINAL_HTML);

    const failing = await queuedRefresh({ refreshDecaying: true, autoApply: false, maxRefreshesPerWeek: 3 });
    failing.openai.script({ status: 401, code: "invalid_api_key", type: "invalid_request_error", message: "bad key" });
    await failing.deliver();
    await failing.deliver();
    expect((await refreshRow(failing.postId)).outcome).toBe("upstream_error");
    expect(failing.openai.requests).toHaveLength(1);
    expect(await ledger(failing.accountId)).toEqual([["improvement", 500, "refunded"]]);
  });

  it("does nothing but record it when the owner turned the setting off after the check queued it", async () => {
    const { accountId, openai, site, postId, deliver } = await queuedRefresh({
      refreshDecaying: true,
      autoApply: false,
      maxRefreshesPerWeek: 3,
    });
    await db()
      .update(sites)
      .set({ searchSettings: { refreshDecaying: false, autoApply: false, maxRefreshesPerWeek: 3 } })
      .where(eq(sites.id, site.id));
    await deliver();
    expect((await refreshRow(postId)).outcome).toBe("refresh_disabled");
    expect(openai.requests).toHaveLength(0);
    expect(await ledger(accountId)).toEqual([]);
  });
});
