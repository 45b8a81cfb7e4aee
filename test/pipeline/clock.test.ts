import { createMessageBatch } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { reserveCredits } from "../../src/billing/charges";
import { toIsoSeconds } from "../../src/core/time";
import { planItems } from "../../src/db/schema";
import { runCronTick } from "../../src/jobs/cron";
import { handleQueueBatch } from "../../src/jobs/queues";
import { ITEM_RUN_MESSAGE } from "../../src/pipeline/run-params";
import { findStuckRuns, queueDueItems } from "../../src/pipeline/start";
import { db, seedAccount, seedSite, testEnv, testServices } from "../harness";
import { planVia } from "../plans/helpers";
import { approvedPlan, articlesOfItem, chargesOf, itemRow, offlinePlan, useRecordingQueue, watchRun } from "./helpers";

const HOUR_MS = 60 * 60 * 1000;

function deliver(bodies: Record<string, unknown>[]) {
  const batch = createMessageBatch(
    "content-autopilot-generation",
    bodies.map((body, i) => ({ id: `m${i}-${Math.random()}`, timestamp: new Date(), attempts: 1, body })),
  );
  return handleQueueBatch(batch, testServices());
}

describe("the cron tick: the autopilot clock", () => {
  it("queues only the due items of ACTIVE plans, each once, with a new run number", async () => {
    const { sent } = useRecordingQueue();
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId, { platform: "custom" });
    const active = await approvedPlan(token, site.id, { articleCount: 2 });
    const paused = await approvedPlan(token, site.id, { articleCount: 2 });
    await planVia(token, paused.id, "pause");
    const draft = await offlinePlan(token, site.id, { articleCount: 1 });

    const now = new Date(Date.now() + 60_000);
    await runCronTick(testServices(), now);

    const [first, second] = active.items;
    expect(sent).toEqual([{ type: ITEM_RUN_MESSAGE, accountId, itemId: first!.id, attempt: 1 }]);
    expect(await itemRow(first!.id)).toMatchObject({ status: "QUEUED", attempts: 1, stage: "queued" });
    expect(await itemRow(second!.id)).toMatchObject({ status: "SCHEDULED", attempts: 0 });
    for (const item of [...paused.items, ...draft.items]) expect(await itemRow(item.id)).toMatchObject({ status: "PLANNED", attempts: 0 });

    // The next tick finds nothing new; the second item goes when its time comes (56 hours at 3 a week).
    await runCronTick(testServices(), new Date(now.getTime() + 5 * 60_000));
    expect(sent).toHaveLength(1);
    await db().update(planItems).set({ status: "PUBLISHED" }).where(eq(planItems.id, first!.id)); // its run finished
    await runCronTick(testServices(), new Date(now.getTime() + 57 * HOUR_MS));
    expect(sent.map((m) => m.itemId)).toEqual([first!.id, second!.id]);
  });

  it("finds due items and stuck runs through their partial indexes, never by reading finished items", async () => {
    const explain = async (query: { toSQL(): { sql: string; params: unknown[] } }) => {
      const { sql: text, params } = query.toSQL();
      const { results } = await testEnv.DB.prepare(`EXPLAIN QUERY PLAN ${text}`)
        .bind(...params)
        .all<{ detail: string }>();
      return results.map((row) => row.detail).join(" | ");
    };
    // The statements exactly as the clock sends them, bound parameters included.
    const due = await explain(queueDueItems(db(), "2026-01-01T00:00:00Z"));
    expect(due).toMatch(/SEARCH due USING INDEX plan_items_due_idx \(scheduled_at<\?\)/);
    expect(due).toMatch(/SEARCH plans EXISTS USING INDEX sqlite_autoindex_plans_1 \(id=\?\)/);
    expect(due).not.toMatch(/SCAN/);
    const stuck = await explain(findStuckRuns(db(), "2026-01-01T00:00:00Z"));
    expect(stuck).toMatch(/SEARCH plan_items USING INDEX plan_items_running_idx \(progress_at<\?\)/);
    expect(stuck).not.toMatch(/SCAN/);
  });

  it("restarts a run that stopped moving: a new run number, the old charge refunded, queued again", async () => {
    const { sent } = useRecordingQueue();
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId, { platform: "custom" });
    const plan = await approvedPlan(token, site.id, { articleCount: 1 });
    const item = plan.items[0]!;
    const longAgo = new Date(Date.now() - 2 * HOUR_MS);
    await db()
      .update(planItems)
      .set({ status: "GENERATING", attempts: 1, stage: "write article", progressAt: toIsoSeconds(longAgo) })
      .where(eq(planItems.id, item.id));
    await reserveCredits(db(), { accountId, reference: `${item.id}:a1`, kind: "generation", amountKurus: 500, now: longAgo });

    await runCronTick(testServices(), new Date());

    expect(await itemRow(item.id)).toMatchObject({ status: "QUEUED", attempts: 2 });
    expect(sent).toEqual([{ type: ITEM_RUN_MESSAGE, accountId, itemId: item.id, attempt: 2 }]);
    expect((await chargesOf(accountId)).map((c) => [c.reference, c.status])).toEqual([[`${item.id}:a1`, "refunded"]]);
  });

  it("leaves a run alone while it makes progress", async () => {
    const { sent } = useRecordingQueue();
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId, { platform: "custom" });
    const plan = await approvedPlan(token, site.id, { articleCount: 1 });
    const item = plan.items[0]!;
    await db()
      .update(planItems)
      .set({ status: "GENERATING", attempts: 1, progressAt: toIsoSeconds(new Date(Date.now() - 60_000)) })
      .where(eq(planItems.id, item.id));
    await runCronTick(testServices(), new Date());
    expect(await itemRow(item.id)).toMatchObject({ status: "GENERATING", attempts: 1 });
    expect(sent).toEqual([]);
  });
});

describe("the generation queue's consumer", () => {
  it("starts the Workflow of each message; the run publishes the item, and a redelivered message starts nothing new", async () => {
    const { sent } = useRecordingQueue();
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId, { platform: "custom" });
    const plan = await approvedPlan(token, site.id, { articleCount: 1 });
    const item = plan.items[0]!;
    await runCronTick(testServices(), new Date(Date.now() + 60_000));

    await using run = await watchRun(item.id, 1);
    await deliver(sent);
    await run.waitForStatus("complete");
    expect(await run.getOutput()).toMatchObject({ outcome: "published" });
    expect(await itemRow(item.id)).toMatchObject({ status: "PUBLISHED", stage: "record article" });
    expect((await planVia(token, plan.id)).body).toMatchObject({ status: "COMPLETED" });

    await deliver(sent);
    expect(await articlesOfItem(item.id)).toHaveLength(1);
    expect((await chargesOf(accountId)).map((c) => c.status)).toEqual(["settled"]);
  });

  it("starts nothing for an item whose plan was paused after it was queued", async () => {
    const { sent } = useRecordingQueue();
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId, { platform: "custom" });
    const plan = await approvedPlan(token, site.id, { articleCount: 1 });
    const item = plan.items[0]!;
    await runCronTick(testServices(), new Date(Date.now() + 60_000));
    await planVia(token, plan.id, "pause");

    await using run = await watchRun(item.id, 1);
    await deliver(sent);
    await run.waitForStatus("complete");
    expect(await run.getOutput()).toMatchObject({ outcome: "skipped" });
    expect(await itemRow(item.id)).toMatchObject({ status: "PLANNED" });
    expect(await articlesOfItem(item.id)).toEqual([]);
    expect(await chargesOf(accountId)).toEqual([]);
  });
});
