import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { planItems } from "../../src/db/schema";
import { runCronTick } from "../../src/jobs/cron";
import { runInstanceId } from "../../src/pipeline/run-params";
import { connectFakeSite, installFakeWordPress } from "../fakes/wordpress-setup";
import { call, db, seedAccount, seedSite, testEnv, testServices } from "../harness";
import { approvedPlan, articlesOfItem, chargesOf, deliverRuns, itemRow, useRecordingQueue, watchRun } from "./helpers";

const HOUR_MS = 60 * 60 * 1000;

describe("failed items are retried by the clock, then stay FAILED (issue 18, item 12)", () => {
  it("a failed run of an ACTIVE plan is scheduled again after an hour; the rerun publishes and the item is charged once", async () => {
    const { sent } = useRecordingQueue();
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId, { platform: "custom" });
    const plan = await approvedPlan(token, site.id, { articleCount: 1 });
    const item = plan.items[0]!;
    await runCronTick(testServices(), new Date(Date.now() + 60_000));

    await using first = await watchRun(item.id, 1);
    await first.modify(async (m) => m.mockStepError({ name: "draw hero image" }, new Error("The image model is overloaded")));
    await deliverRuns(sent);
    await first.waitForStatus("errored");
    const failed = await itemRow(item.id);
    expect(failed).toMatchObject({ status: "SCHEDULED", autoRetries: 1, failureStatus: 502, failureCode: "upstream_error" });
    expect(Date.parse(failed.scheduledAt!) - Date.now()).toBeGreaterThan(0.9 * HOUR_MS);
    const shown = (await (await call(`/api/autopilot/plans/${plan.id}`, { token })).json()) as {
      status: string;
      items: { status: string; automaticRetries: number; failureReason: string }[];
    };
    expect(shown.status).toBe("ACTIVE");
    expect(shown.items[0]).toMatchObject({ status: "SCHEDULED", automaticRetries: 1 });
    expect(shown.items[0]!.failureReason).toContain("overloaded");

    await using second = await watchRun(item.id, 2);
    await runCronTick(testServices(), new Date(Date.now() + 2 * HOUR_MS));
    await deliverRuns(sent);
    await second.waitForStatus("complete");
    expect(await itemRow(item.id)).toMatchObject({ status: "PUBLISHED" });
    expect(await articlesOfItem(item.id)).toHaveLength(1);
    expect((await chargesOf(accountId)).map((c) => [c.reference, c.status])).toEqual([
      [`${item.id}:a1`, "refunded"],
      [`${item.id}:a2`, "settled"],
    ]);
    expect(((await (await call(`/api/autopilot/plans/${plan.id}`, { token })).json()) as { status: string }).status).toBe("COMPLETED");
  });

  it("after the last automatic retry the item stays FAILED and the plan completes, counting it", async () => {
    const { sent } = useRecordingQueue();
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId, { platform: "custom" });
    const plan = await approvedPlan(token, site.id, { articleCount: 1 });
    const item = plan.items[0]!;
    await db().update(planItems).set({ autoRetries: 3 }).where(eq(planItems.id, item.id));
    await runCronTick(testServices(), new Date(Date.now() + 60_000));

    await using run = await watchRun(item.id, 1);
    await run.modify(async (m) => m.mockStepError({ name: "write article" }, new Error("The text model is down")));
    await deliverRuns(sent);
    await run.waitForStatus("errored");
    expect(await itemRow(item.id)).toMatchObject({ status: "FAILED", autoRetries: 3 });
    const shown = (await (await call(`/api/autopilot/plans/${plan.id}`, { token })).json()) as {
      status: string;
      counts: Record<string, number>;
    };
    expect(shown).toMatchObject({ status: "COMPLETED", counts: { FAILED: 1, PUBLISHED: 0 } });
    expect((await chargesOf(accountId)).map((c) => c.status)).toEqual(["refunded"]);
  });

  it("a failure only the owner can fix (credit) is not retried", async () => {
    const { sent } = useRecordingQueue();
    const { accountId, token } = await seedAccount({ creditKurus: 0 });
    const site = await seedSite(accountId, { platform: "custom" });
    const plan = await approvedPlan(token, site.id, { articleCount: 1 });
    await runCronTick(testServices(), new Date(Date.now() + 60_000));
    await using run = await watchRun(plan.items[0]!.id, 1);
    await deliverRuns(sent);
    await run.waitForStatus("errored");
    expect(await itemRow(plan.items[0]!.id)).toMatchObject({
      status: "FAILED",
      autoRetries: 0,
      failureStatus: 402,
      failureCode: "insufficient_credit",
    });
  });
});

describe("a run that struggles shows it (issue 18, item 16)", () => {
  it("with WordPress down, the item shows the last error, the try and when the next try is due", async () => {
    const { sent } = useRecordingQueue();
    const wp = installFakeWordPress();
    const { token } = await seedAccount();
    const site = await connectFakeSite(token, wp);
    const plan = await approvedPlan(token, site.id, { articleCount: 1 });
    const item = plan.items[0]!;
    await runCronTick(testServices(), new Date(Date.now() + 60_000));
    wp.failure = "server_error";

    await deliverRuns(sent); // retry delays stay on: the run waits 30 s before its next try
    type Shown = { status: string; stage: string; lastError: string | null; stageTry: number; nextTryAt: string | null };
    // However slow the machine, the struggle shows within the 30 s wait before the next try.
    const shown = await vi.waitFor(
      async () => {
        const body = (await (await call(`/api/autopilot/plans/${plan.id}`, { token })).json()) as { items: Shown[] };
        if (!body.items[0]?.lastError) throw new Error("no error shown yet");
        return body.items[0];
      },
      { timeout: 25_000, interval: 100 },
    );
    expect(shown).toMatchObject({ status: "GENERATING", stage: "publish", stageTry: 1 });
    expect(shown.lastError).toContain("HTTP 500");
    // The next try is due the step's 30 s after the error was recorded (both times in whole seconds).
    const recordedAt = (await itemRow(item.id)).updatedAt;
    expect((Date.parse(shown.nextTryAt!) - Date.parse(recordedAt)) / 1000).toBe(30);
    await (await testEnv.ITEM_PIPELINE.get(runInstanceId({ itemId: item.id, attempt: 1 }))).terminate();
  });
});
