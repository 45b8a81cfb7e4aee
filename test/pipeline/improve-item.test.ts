import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { existingPosts, planItems, searchPages, searchQueries } from "../../src/db/schema";
import { reserveCredits } from "../../src/billing/charges";
import { runCronTick } from "../../src/jobs/cron";
import { endStaleReservations } from "../../src/jobs/stale-reservations";
import { claimRun } from "../../src/pipeline/steps/claim";
import { applyItemImprovement, improveItemPost } from "../../src/pipeline/steps/improve-item";
import { connectFakeSite, installFakeWordPress } from "../fakes/wordpress-setup";
import { call, db, expectError, seedAccount, testServices } from "../harness";
import { planVia } from "../plans/helpers";
import { articlesOfItem, chargesOf, deliverRuns, itemRow, offlinePlan, runNow, useRecordingQueue, watchRun } from "./helpers";

// §1 of issue 42: an item whose keyword a post of the site already earns for runs, on approval,
// an improvement of that post (charged as one, exactly once) instead of a competing article.

const IMPROVEMENT_PRICE_KURUS = 500;
const QUERY = "sourdough starter feeding";

/** A synced fake WordPress whose post 100 earns for QUERY, and a DRAFT plan holding one item for it. */
async function planOverlappingAPost(publishMode: "publish" | "review" = "publish") {
  const wp = installFakeWordPress({ postCount: 3 });
  const { accountId, token } = await seedAccount({ creditKurus: 10_000 });
  const site = await connectFakeSite(token, wp);
  expect((await call(`/api/sites/${site.id}/sync`, { method: "POST", token })).status).toBe(200);
  const [post] = await db()
    .select()
    .from(existingPosts)
    .where(and(eq(existingPosts.siteId, site.id), eq(existingPosts.remoteId, 100)));
  const [page] = await db()
    .insert(searchPages)
    .values({ siteId: site.id, urlKey: post!.url.replace(/^https?:\/\//, "").replace(/\/$/, ""), url: post!.url, postId: post!.id })
    .returning();
  await db().insert(searchQueries).values({ siteId: site.id, pageId: page!.id, query: QUERY, clicks: 3, impressions: 400, position: 11 });

  const plan = await offlinePlan(token, site.id, { articleCount: 1, publishMode });
  const added = await call(`/api/autopilot/plans/${plan.id}/items`, {
    method: "POST",
    token,
    json: { keyword: "Feeding a sourdough starter", title: "Feeding a sourdough starter" },
  });
  const item = (await added.json()) as { id: string; suggestion: string; overlap: { postId: string } };
  expect(item).toMatchObject({ suggestion: "improve", overlap: { kind: "page", postId: post!.id, query: QUERY } });
  expect((await call(`/api/autopilot/items/${plan.items[0]!.id}`, { method: "DELETE", token })).status).toBe(204);
  const remote = wp.content.posts.find((p) => p.id === 100)!;
  return { wp, accountId, token, site, plan, itemId: item.id, post: post!, remote, before: remote.content };
}

describe("an item on improve runs an improvement of the overlapped post", () => {
  it("approving applies the improvement to the live post, charges the improvement price once, writes no article", async () => {
    const { sent } = useRecordingQueue();
    const { accountId, token, plan, itemId, remote, before } = await planOverlappingAPost();
    expect((await planVia(token, plan.id, "approve")).status).toBe(200);
    await runCronTick(testServices(), new Date(Date.now() + 60_000));

    await using run = await watchRun(itemId, 1);
    const delivered = [...sent];
    await deliverRuns(sent);
    await run.waitForStatus("complete");
    expect(await run.getOutput()).toMatchObject({ outcome: "improved", applied: true });
    expect(await itemRow(itemId)).toMatchObject({ status: "PUBLISHED", articleId: null });
    expect(remote.content).not.toBe(before);
    expect(remote.content).toContain("offline improvement writer");
    expect(await articlesOfItem(itemId)).toEqual([]);
    const charged = await chargesOf(accountId);
    expect(charged.map((c) => [c.reference, c.kind, c.status, c.amountKurus])).toEqual([
      [`${itemId}:a1`, "improvement", "settled", IMPROVEMENT_PRICE_KURUS],
    ]);
    expect((await planVia(token, plan.id)).body).toMatchObject({ status: "COMPLETED" });

    // A redelivered message starts nothing: the post is not edited again, nothing more is charged.
    const edited = remote.content;
    sent.push(...delivered);
    await deliverRuns(sent);
    expect(remote.content).toBe(edited);
    expect(await chargesOf(accountId)).toEqual(charged);
  });

  it("in review mode the suggestion waits for the owner (REVIEW) and the post is unchanged", async () => {
    const { sent } = useRecordingQueue();
    const { token, plan, itemId, post, remote, before } = await planOverlappingAPost("review");
    await planVia(token, plan.id, "approve");
    await runCronTick(testServices(), new Date(Date.now() + 60_000));
    await using run = await watchRun(itemId, 1);
    await deliverRuns(sent);
    await run.waitForStatus("complete");
    expect(await itemRow(itemId)).toMatchObject({ status: "REVIEW" });
    expect(remote.content).toBe(before);
    const improvement = (await (await call(`/api/sites/posts/${post.id}/improvement`, { token })).json()) as { status: string };
    expect(improvement.status).toBe("SUGGESTED");
  });

  it("switched to new, the item writes an article charged as a generation and leaves the post alone", async () => {
    const { sent } = useRecordingQueue();
    const { accountId, token, plan, itemId, remote, before } = await planOverlappingAPost();
    const switched = await call(`/api/autopilot/items/${itemId}`, { method: "PATCH", token, json: { suggestion: "new" } });
    expect(await switched.json()).toMatchObject({ suggestion: "new" });
    await planVia(token, plan.id, "approve");
    await runCronTick(testServices(), new Date(Date.now() + 60_000));
    await using run = await watchRun(itemId, 1);
    await deliverRuns(sent);
    await run.waitForStatus("complete");
    expect(await run.getOutput()).toMatchObject({ outcome: "published" });
    expect(await articlesOfItem(itemId)).toHaveLength(1);
    expect(remote.content).toBe(before);
    expect((await chargesOf(accountId)).map((c) => [c.kind, c.status])).toEqual([["generation", "settled"]]);
  });

  it("a failed improvement refunds its charge and leaves the post as it was", async () => {
    const { sent } = useRecordingQueue();
    const { accountId, token, plan, itemId, remote, before, wp } = await planOverlappingAPost();
    await planVia(token, plan.id, "approve");
    await db().update(planItems).set({ autoRetries: 3 }).where(eq(planItems.id, itemId)); // no automatic rerun
    await runCronTick(testServices(), new Date(Date.now() + 60_000));
    wp.failure = "server_error";
    await using run = await watchRun(itemId, 1);
    await deliverRuns(sent);
    await run.waitForStatus("errored");
    expect(await itemRow(itemId)).toMatchObject({ status: "FAILED" });
    expect(remote.content).toBe(before);
    expect((await chargesOf(accountId)).map((c) => [c.kind, c.status])).toEqual([["improvement", "refunded"]]);
  });

  it("run-now of an item on improve is 409 item_not_run before any charge", async () => {
    const { accountId, token, itemId } = await planOverlappingAPost();
    const error = await expectError(await runNow(token, itemId), 409, "item_not_run");
    expect(error.message).toContain("/improve");
    expect(await chargesOf(accountId)).toEqual([]);
  });
});

describe("an improve item's run restarted after a crash", () => {
  it("never improves or edits the post a second time", async () => {
    const { sent } = useRecordingQueue();
    const { accountId, token, plan, itemId, remote, wp } = await planOverlappingAPost();
    await planVia(token, plan.id, "approve");
    await runCronTick(testServices(), new Date(Date.now() + 60_000));
    await using run = await watchRun(itemId, 1);
    await deliverRuns(sent);
    await run.waitForStatus("complete");
    const edited = remote.content;
    const writes = wp.calls("wp/v2/posts/100", "POST").length;

    // The clock restarts the item as if run 1 had crashed after its WordPress write: run 2's steps.
    await db().update(planItems).set({ status: "QUEUED", attempts: 2 }).where(eq(planItems.id, itemId));
    const services = testServices();
    const claim = await claimRun(services, { accountId, itemId, attempt: 2 });
    expect(claim).toMatchObject({ claimed: true, improvePostId: expect.any(String) });
    await improveItemPost(services, { accountId, itemId, attempt: 2 }, claim.improvePostId!);
    await applyItemImprovement(services, { accountId, itemId, attempt: 2 }, claim.improvePostId!);
    expect(remote.content).toBe(edited);
    expect(wp.calls("wp/v2/posts/100", "POST").length).toBe(writes);
    expect(await itemRow(itemId)).toMatchObject({ status: "PUBLISHED" });
  });
});

describe("an improve item's WordPress write whose answer is lost", () => {
  it("is retried, finds the improvement on the post and records it: one edit, one charge", async () => {
    const { sent } = useRecordingQueue();
    const { accountId, token, plan, itemId, remote, before, wp } = await planOverlappingAPost();
    await planVia(token, plan.id, "approve");
    await runCronTick(testServices(), new Date(Date.now() + 60_000));
    wp.loseAnswers("POST", /^wp\/v2\/posts\/100$/);
    await using run = await watchRun(itemId, 1);
    await deliverRuns(sent);
    await run.waitForStatus("complete");
    expect(remote.content).not.toBe(before);
    expect(wp.calls("wp/v2/posts/100", "POST")).toHaveLength(1);
    expect(await itemRow(itemId)).toMatchObject({ status: "PUBLISHED" });
    expect((await chargesOf(accountId)).map((c) => [c.kind, c.status])).toEqual([["improvement", "settled"]]);
  });
});

describe("the reservation sweep and an improve item's charge", () => {
  it("settles the charge of an improvement the item recorded, and refunds one whose run ended without it", async () => {
    const { accountId, itemId } = await planOverlappingAPost();
    const longAgo = new Date(Date.now() - 2 * 60 * 60_000);
    await reserveCredits(db(), { accountId, reference: `${itemId}:a1`, kind: "improvement", amountKurus: 500, now: longAgo });
    await reserveCredits(db(), { accountId, reference: `${itemId}:a0`, kind: "improvement", amountKurus: 500, now: longAgo });
    await db().update(planItems).set({ status: "PUBLISHED", attempts: 1 }).where(eq(planItems.id, itemId));
    expect(await endStaleReservations(testServices(), new Date())).toBe(2);
    const status = Object.fromEntries((await chargesOf(accountId)).map((c) => [c.reference, c.status]));
    expect(status).toEqual({ [`${itemId}:a1`]: "settled", [`${itemId}:a0`]: "refunded" });
  });
});
