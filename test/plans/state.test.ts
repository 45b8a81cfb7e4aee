import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { planItems, plans, type PlanItemStatus } from "../../src/db/schema";
import { approvePlan, cadenceIntervalSeconds, completePlanIfDone, pausePlan } from "../../src/plans/state";
import { call, db, errorOf, expectError, seedAccount, seedSite, seedToken } from "../harness";
import { createPlanVia, planVia, type PlanBody } from "./helpers";

const HOUR_MS = 3600 * 1000;
const BUSINESS = "Home baking: sourdough bread, rye bread, banana bread, focaccia, pizza dough";

/** A DRAFT plan of a fresh account, built through the route with the offline providers. */
async function draftPlan(articleCount = 4, cadencePerWeek = 3) {
  const { accountId, token } = await seedAccount();
  const site = await seedSite(accountId, { businessContext: BUSINESS });
  const plan = await createPlanVia(token, { siteId: site.id, articleCount, cadencePerWeek });
  expect(plan.items).toHaveLength(articleCount);
  return { accountId, token, plan, itemIds: plan.items.map((item) => item.id) };
}

const setItemStatus = (itemId: string, status: PlanItemStatus) => db().update(planItems).set({ status }).where(eq(planItems.id, itemId));

/** The plan row and its item rows as stored, for "nothing changed" comparisons. */
async function stored(planId: string) {
  const [plan] = await db().select().from(plans).where(eq(plans.id, planId));
  const items = await db().select().from(planItems).where(eq(planItems.planId, planId)).orderBy(planItems.position);
  return { plan: plan!, items };
}

const post = (path: string, token?: string) => call(path, { method: "POST", token });
const patchItem = (itemId: string, json: unknown, token?: string) =>
  call(`/api/autopilot/items/${itemId}`, { method: "PATCH", token, json });
const deleteItem = (itemId: string, token?: string) => call(`/api/autopilot/items/${itemId}`, { method: "DELETE", token });
const times = (body: PlanBody) => body.items.map((item) => item.scheduledAt);

describe("cadenceIntervalSeconds", () => {
  it.each([
    [1, 168],
    [2, 84],
    [3, 56],
    [7, 24],
    [14, 12],
    [21, 8],
  ])("%i a week is one every %i hours", (perWeek, hours) => {
    expect(cadenceIntervalSeconds(perWeek)).toBe(hours * 3600);
  });

  it("rounds to whole seconds when a week does not divide evenly", () => {
    expect(cadenceIntervalSeconds(5)).toBe(120_960);
    expect(cadenceIntervalSeconds(11)).toBe(Math.round(604_800 / 11));
  });
});

describe("approve: DRAFT → ACTIVE, the items spread at the cadence from now", () => {
  it.each([
    [3, ["2026-11-23T10:00:00Z", "2026-11-25T18:00:00Z", "2026-11-28T02:00:00Z", "2026-11-30T10:00:00Z"]],
    [1, ["2026-11-23T10:00:00Z", "2026-11-30T10:00:00Z", "2026-12-07T10:00:00Z", "2026-12-14T10:00:00Z"]],
    [21, ["2026-11-23T10:00:00Z", "2026-11-23T18:00:00Z", "2026-11-24T02:00:00Z", "2026-11-24T10:00:00Z"]],
  ])("%i a week: SCHEDULED in position order at exact times, the first at once, and stored so", async (cadence, expected) => {
    const { accountId, token, plan } = await draftPlan(4, cadence);
    const approved = await approvePlan(db(), accountId, plan.id, new Date("2026-11-23T10:00:00.900Z"));
    expect(approved.plan).toMatchObject({
      status: "ACTIVE",
      approvedAt: "2026-11-23T10:00:00Z",
      updatedAt: "2026-11-23T10:00:00Z",
      completedAt: null,
    });
    expect(approved.items.map((item) => [item.position, item.status, item.scheduledAt])).toEqual(
      expected.map((at, i) => [i + 1, "SCHEDULED", at]),
    );
    expect(approved.counts).toMatchObject({ PLANNED: 0, SCHEDULED: 4 });

    const rows = await stored(plan.id);
    expect(rows.plan.status).toBe("ACTIVE");
    expect(rows.items.map((row) => [row.status, row.scheduledAt])).toEqual(expected.map((at) => ["SCHEDULED", at]));
    const read = await planVia(token, plan.id);
    expect([read.body.status, times(read.body)]).toEqual(["ACTIVE", expected]);
  });

  it.each([3, 1, 21])(
    "through the route at %i a week: consecutive items exactly one interval apart, the first at the request time",
    async (cadence) => {
      const { token, plan } = await draftPlan(3, cadence);
      const before = Date.now();
      const { status, body } = await planVia(token, plan.id, "approve");
      const after = Date.now();
      expect(status).toBe(200);
      expect(body).toMatchObject({ id: plan.id, status: "ACTIVE", completedAt: null });
      expect(body.items.map((item) => item.status)).toEqual(["SCHEDULED", "SCHEDULED", "SCHEDULED"]);
      const at = body.items.map((item) => Date.parse(item.scheduledAt!));
      const interval = cadenceIntervalSeconds(cadence) * 1000;
      expect([at[1]! - at[0]!, at[2]! - at[1]!]).toEqual([interval, interval]);
      // Second precision: the first slot is the request's second.
      expect(at[0]!).toBeGreaterThanOrEqual(before - 1000);
      expect(at[0]!).toBeLessThanOrEqual(after);
      expect(Date.parse(body.approvedAt!)).toBe(at[0]);
      expect(times((await planVia(token, plan.id)).body)).toEqual(times(body));
    },
  );

  it("leaves no gap where a curated item was removed: the slots follow the remaining items in position order", async () => {
    const { accountId, token, plan, itemIds } = await draftPlan(4, 7);
    expect((await deleteItem(itemIds[1]!, token)).status).toBe(204);
    const approved = await approvePlan(db(), accountId, plan.id, new Date("2026-11-23T10:00:00Z"));
    expect(approved.items.map((item) => [item.id, item.position, item.scheduledAt])).toEqual([
      [itemIds[0], 1, "2026-11-23T10:00:00Z"],
      [itemIds[2], 3, "2026-11-24T10:00:00Z"],
      [itemIds[3], 4, "2026-11-25T10:00:00Z"],
    ]);
  });

  it("approving an ACTIVE plan is a no-op answering the plan: nothing rescheduled, nothing stored", async () => {
    const { accountId, token, plan } = await draftPlan(3, 3);
    await approvePlan(db(), accountId, plan.id, new Date("2026-11-23T10:00:00Z"));
    const before = await stored(plan.id);

    const again = await planVia(token, plan.id, "approve");
    expect(again.status).toBe(200);
    expect(again.body.status).toBe("ACTIVE");
    expect(again.body.approvedAt).toBe("2026-11-23T10:00:00Z");
    expect(times(again.body)).toEqual(["2026-11-23T10:00:00Z", "2026-11-25T18:00:00Z", "2026-11-28T02:00:00Z"]);
    const direct = await approvePlan(db(), accountId, plan.id, new Date("2027-01-01T00:00:00Z"));
    expect(direct.items.map((item) => item.scheduledAt)).toEqual(times(again.body));
    expect(await stored(plan.id)).toEqual(before);
  });

  it("a plan without items cannot be approved (409), from DRAFT or from PAUSED, and stays as it was", async () => {
    const { token, plan } = await draftPlan(1);
    await db().delete(planItems).where(eq(planItems.planId, plan.id));
    const error = await expectError(await post(`/api/autopilot/plans/${plan.id}/approve`, token), 409, "plan_has_no_items");
    expect(error.message).toMatch(/no items/);
    expect((await stored(plan.id)).plan).toMatchObject({ status: "DRAFT", approvedAt: null });

    // A paused plan whose only (unstarted) item was removed: nothing to resume.
    const paused = await draftPlan(1);
    expect((await planVia(paused.token, paused.plan.id, "approve")).status).toBe(200);
    expect((await planVia(paused.token, paused.plan.id, "pause")).status).toBe(200);
    expect((await deleteItem(paused.itemIds[0]!, paused.token)).status).toBe(204);
    const before = await stored(paused.plan.id);
    expect(before.plan.status).toBe("PAUSED");
    await expectError(await post(`/api/autopilot/plans/${paused.plan.id}/approve`, paused.token), 409, "plan_has_no_items");
    expect(await stored(paused.plan.id)).toEqual(before);
  });
});

describe("pause: ACTIVE → PAUSED, and approve resumes", () => {
  it("unschedules SCHEDULED and QUEUED items and leaves GENERATING, PUBLISHED and FAILED ones alone", async () => {
    const { accountId, token, plan, itemIds } = await draftPlan(6, 3);
    await approvePlan(db(), accountId, plan.id, new Date("2026-11-23T10:00:00Z"));
    await setItemStatus(itemIds[0]!, "PUBLISHED");
    await setItemStatus(itemIds[1]!, "GENERATING");
    await setItemStatus(itemIds[2]!, "FAILED");
    await setItemStatus(itemIds[3]!, "QUEUED");
    const before = await stored(plan.id);

    const { status, body } = await planVia(token, plan.id, "pause");
    expect(status).toBe(200);
    expect(body.status).toBe("PAUSED");
    expect(body.items.map((item) => [item.status, item.scheduledAt])).toEqual([
      ["PUBLISHED", "2026-11-23T10:00:00Z"],
      ["GENERATING", "2026-11-25T18:00:00Z"],
      ["FAILED", "2026-11-28T02:00:00Z"],
      ["PLANNED", null],
      ["PLANNED", null],
      ["PLANNED", null],
    ]);
    expect(body.counts).toEqual({ PLANNED: 3, SCHEDULED: 0, QUEUED: 0, GENERATING: 1, REVIEW: 0, PUBLISHED: 1, FAILED: 1 });

    const after = await stored(plan.id);
    expect(after.plan.status).toBe("PAUSED");
    expect(after.plan.approvedAt).toBe("2026-11-23T10:00:00Z");
    // The started items' rows are untouched, to the updatedAt.
    expect(after.items.slice(0, 3)).toEqual(before.items.slice(0, 3));
    expect(after.items.slice(3).map((row) => [row.status, row.scheduledAt])).toEqual([
      ["PLANNED", null],
      ["PLANNED", null],
      ["PLANNED", null],
    ]);
  });

  it("pausing a PAUSED plan is a no-op answering the plan", async () => {
    const { token, plan } = await draftPlan(2);
    await planVia(token, plan.id, "approve");
    await planVia(token, plan.id, "pause");
    const before = await stored(plan.id);
    const again = await planVia(token, plan.id, "pause");
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: plan.id, status: "PAUSED" });
    expect(times(again.body)).toEqual([null, null]);
    expect(await stored(plan.id)).toEqual(before);
  });

  it("re-approving a PAUSED plan reschedules the unstarted items from the new now, skipping started ones", async () => {
    const { accountId, plan, itemIds } = await draftPlan(5, 7);
    await approvePlan(db(), accountId, plan.id, new Date("2026-11-23T10:00:00Z"));
    await setItemStatus(itemIds[0]!, "PUBLISHED");
    await setItemStatus(itemIds[1]!, "FAILED");
    await setItemStatus(itemIds[3]!, "QUEUED");
    await pausePlan(db(), accountId, plan.id, new Date("2026-11-24T12:00:00Z"));

    const resumed = await approvePlan(db(), accountId, plan.id, new Date("2026-12-01T08:30:00Z"));
    expect(resumed.plan).toMatchObject({ status: "ACTIVE", approvedAt: "2026-12-01T08:30:00Z" });
    expect(resumed.items.map((item) => [item.status, item.scheduledAt])).toEqual([
      ["PUBLISHED", "2026-11-23T10:00:00Z"],
      ["FAILED", "2026-11-24T10:00:00Z"],
      ["SCHEDULED", "2026-12-01T08:30:00Z"],
      ["SCHEDULED", "2026-12-02T08:30:00Z"],
      ["SCHEDULED", "2026-12-03T08:30:00Z"],
    ]);
  });

  it("through the routes: resume puts the first unstarted item at the resume time, one interval apart", async () => {
    const { accountId, token, plan } = await draftPlan(3, 21);
    await approvePlan(db(), accountId, plan.id, new Date("2026-01-05T09:00:00Z"));
    expect((await planVia(token, plan.id, "pause")).body.status).toBe("PAUSED");
    const before = Date.now();
    const { status, body } = await planVia(token, plan.id, "approve");
    expect(status).toBe(200);
    expect(body.status).toBe("ACTIVE");
    const at = body.items.map((item) => Date.parse(item.scheduledAt!));
    expect(at[0]!).toBeGreaterThanOrEqual(before - 1000);
    expect(at[0]! - before).toBeLessThan(5000);
    expect([at[1]! - at[0]!, at[2]! - at[1]!]).toEqual([8 * HOUR_MS, 8 * HOUR_MS]);
  });

  it("pause on a DRAFT is 409 and changes nothing", async () => {
    const { token, plan } = await draftPlan(2);
    const before = await stored(plan.id);
    const error = await expectError(await post(`/api/autopilot/plans/${plan.id}/pause`, token), 409, "plan_not_active");
    expect(error.message).toMatch(/DRAFT/);
    expect(await stored(plan.id)).toEqual(before);
  });
});

describe("COMPLETED when every item is PUBLISHED", () => {
  it("approve and pause on a COMPLETED plan are 409 and change nothing", async () => {
    const { accountId, token, plan, itemIds } = await draftPlan(2);
    await approvePlan(db(), accountId, plan.id, new Date("2026-11-23T10:00:00Z"));
    for (const id of itemIds) await setItemStatus(id, "PUBLISHED");
    expect(await completePlanIfDone(db(), plan.id, new Date("2026-11-30T12:00:00Z"))).toBe(true);
    const before = await stored(plan.id);
    expect(before.plan).toMatchObject({ status: "COMPLETED", completedAt: "2026-11-30T12:00:00Z" });

    expect((await expectError(await post(`/api/autopilot/plans/${plan.id}/approve`, token), 409, "plan_completed")).message).toMatch(
      /COMPLETED/,
    );
    expect((await expectError(await post(`/api/autopilot/plans/${plan.id}/pause`, token), 409, "plan_not_active")).message).toMatch(
      /COMPLETED/,
    );
    expect(await stored(plan.id)).toEqual(before);
    const read = await planVia(token, plan.id);
    expect(read.body).toMatchObject({ status: "COMPLETED", completedAt: "2026-11-30T12:00:00Z" });
  });

  it("completePlanIfDone completes an ACTIVE plan only once no item has work left", async () => {
    const { accountId, plan, itemIds } = await draftPlan(3);
    await approvePlan(db(), accountId, plan.id);
    await setItemStatus(itemIds[0]!, "PUBLISHED");
    await setItemStatus(itemIds[1]!, "PUBLISHED");
    await setItemStatus(itemIds[2]!, "SCHEDULED");
    expect(await completePlanIfDone(db(), plan.id)).toBe(false);
    await setItemStatus(itemIds[2]!, "GENERATING");
    expect(await completePlanIfDone(db(), plan.id)).toBe(false);
    expect((await stored(plan.id)).plan).toMatchObject({ status: "ACTIVE", completedAt: null });

    await setItemStatus(itemIds[2]!, "PUBLISHED");
    expect(await completePlanIfDone(db(), plan.id, new Date("2026-12-24T18:00:00.250Z"))).toBe(true);
    expect((await stored(plan.id)).plan).toMatchObject({
      status: "COMPLETED",
      completedAt: "2026-12-24T18:00:00Z",
      updatedAt: "2026-12-24T18:00:00Z",
    });
    // Once COMPLETED, a second check changes nothing.
    expect(await completePlanIfDone(db(), plan.id, new Date("2027-01-01T00:00:00Z"))).toBe(false);
    expect((await stored(plan.id)).plan.completedAt).toBe("2026-12-24T18:00:00Z");
  });

  it("completes a PAUSED plan too, but never a DRAFT, and never a plan without items", async () => {
    const paused = await draftPlan(1);
    await approvePlan(db(), paused.accountId, paused.plan.id);
    await pausePlan(db(), paused.accountId, paused.plan.id);
    await setItemStatus(paused.itemIds[0]!, "PUBLISHED");
    expect(await completePlanIfDone(db(), paused.plan.id)).toBe(true);
    expect((await stored(paused.plan.id)).plan.status).toBe("COMPLETED");

    const draft = await draftPlan(1);
    await setItemStatus(draft.itemIds[0]!, "PUBLISHED");
    expect(await completePlanIfDone(db(), draft.plan.id)).toBe(false);
    expect((await stored(draft.plan.id)).plan).toMatchObject({ status: "DRAFT", completedAt: null });

    const empty = await draftPlan(1);
    await approvePlan(db(), empty.accountId, empty.plan.id);
    await db().delete(planItems).where(eq(planItems.planId, empty.plan.id));
    expect(await completePlanIfDone(db(), empty.plan.id)).toBe(false);
    expect((await stored(empty.plan.id)).plan.status).toBe("ACTIVE");
  });
});

describe("curating items: PATCH /api/autopilot/items/{itemId}", () => {
  it("changes the title, the target keyword or both (trimmed) of a PLANNED item, and stores them", async () => {
    const { token, plan, itemIds } = await draftPlan(2);
    const titled = await patchItem(itemIds[0]!, { title: "  Sourdough at home: the first week  " }, token);
    expect(titled.status).toBe(200);
    expect(await titled.json()).toEqual({ ...plan.items[0], title: "Sourdough at home: the first week" });

    const keyed = await patchItem(itemIds[0]!, { targetKeyword: " Rye Sourdough Loaves " }, token);
    expect(await keyed.json()).toMatchObject({
      title: "Sourdough at home: the first week",
      targetKeyword: "Rye Sourdough Loaves",
      status: "PLANNED",
    });

    const both = await patchItem(itemIds[1]!, { title: "Focaccia, step by step", targetKeyword: "focaccia recipe" }, token);
    expect(await both.json()).toMatchObject({ id: itemIds[1], title: "Focaccia, step by step", targetKeyword: "focaccia recipe" });

    const rows = (await stored(plan.id)).items;
    expect(rows.map((row) => [row.title, row.targetKeyword])).toEqual([
      ["Sourdough at home: the first week", "Rye Sourdough Loaves"],
      ["Focaccia, step by step", "focaccia recipe"],
    ]);
    // The normalised key follows the keyword, so later plans skip the new topic.
    expect(rows[0]!.keywordKey).not.toBe(plan.items[0]!.targetKeyword);
    expect(rows[0]!.keywordKey).toMatch(/rye/);
    expect((await planVia(token, plan.id)).body.items[1]).toMatchObject({
      title: "Focaccia, step by step",
      targetKeyword: "focaccia recipe",
    });
  });

  it("changes a SCHEDULED item and keeps its place in the schedule", async () => {
    const { accountId, token, plan, itemIds } = await draftPlan(2);
    await approvePlan(db(), accountId, plan.id, new Date("2026-11-23T10:00:00Z"));
    const res = await patchItem(itemIds[1]!, { title: "Rye, slowly" }, token);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ title: "Rye, slowly", status: "SCHEDULED", scheduledAt: "2026-11-25T18:00:00Z" });
  });

  it("accepts a title of 200 and a keyword of 100 characters", async () => {
    const { token, itemIds } = await draftPlan(1);
    const res = await patchItem(itemIds[0]!, { title: "t".repeat(200), targetKeyword: "k".repeat(100) }, token);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ title: "t".repeat(200), targetKeyword: "k".repeat(100) });
  });

  it.each([
    ["an empty body", {}, "title, targetKeyword, suggestion or several"],
    ["an unknown suggestion", { suggestion: "merge" }, "suggestion"],
    ["a suggestion in capitals", { suggestion: "NEW" }, "suggestion"],
    ["an unknown key", { title: "Fine", status: "PUBLISHED" }, "status"],
    ["an unknown key alone", { position: 9 }, "position"],
    ["an empty title", { title: "" }, "title"],
    ["a blank title", { title: "   " }, "title"],
    ["an empty keyword", { targetKeyword: "" }, "targetKeyword"],
    ["a title over 200 characters", { title: "x".repeat(201) }, "title"],
    ["a keyword over 100 characters", { targetKeyword: "y".repeat(101) }, "targetKeyword"],
    ["a number for a title", { title: 5 }, "title"],
    ["null for a keyword", { targetKeyword: null }, "targetKeyword"],
    ["an array body", [{ title: "Fine" }], "(root)"],
  ])("400 for %s, and the item stays as it was", async (_case, body, words) => {
    const { token, plan, itemIds } = await draftPlan(1);
    const before = await stored(plan.id);
    const error = await expectError(await patchItem(itemIds[0]!, body, token), 400, "invalid_request");
    expect(error.message).toContain(words);
    expect(await stored(plan.id)).toEqual(before);
  });

  it("400 for malformed JSON", async () => {
    const { token, plan, itemIds } = await draftPlan(1);
    const before = await stored(plan.id);
    await expectError(
      await call(`/api/autopilot/items/${itemIds[0]}`, {
        method: "PATCH",
        token,
        headers: { "Content-Type": "application/json" },
        body: '{"title": "unfinished',
      }),
      400,
      "invalid_request",
    );
    expect(await stored(plan.id)).toEqual(before);
  });
});

describe("curating items: DELETE /api/autopilot/items/{itemId}", () => {
  it("removes a PLANNED item (204); the plan reads without it; a second DELETE is 404", async () => {
    const { token, plan, itemIds } = await draftPlan(3);
    const res = await deleteItem(itemIds[1]!, token);
    expect(res.status).toBe(204);
    expect(await res.text()).toBe("");
    const read = await planVia(token, plan.id);
    expect(read.body.items.map((item) => item.id)).toEqual([itemIds[0], itemIds[2]]);
    expect(read.body.counts.PLANNED).toBe(2);
    expect(read.body.status).toBe("DRAFT");
    await expectError(await deleteItem(itemIds[1]!, token), 404, "not_found");
  });

  it("removes a SCHEDULED item of an ACTIVE plan; the others keep their times", async () => {
    const { accountId, token, plan, itemIds } = await draftPlan(3);
    await approvePlan(db(), accountId, plan.id, new Date("2026-11-23T10:00:00Z"));
    expect((await deleteItem(itemIds[0]!, token)).status).toBe(204);
    const read = await planVia(token, plan.id);
    expect(read.body.status).toBe("ACTIVE");
    expect(read.body.items.map((item) => [item.id, item.scheduledAt])).toEqual([
      [itemIds[1], "2026-11-25T18:00:00Z"],
      [itemIds[2], "2026-11-28T02:00:00Z"],
    ]);
  });

  it.each(["QUEUED", "GENERATING", "PUBLISHED", "FAILED"] as const)(
    "409 for PATCH and DELETE once the item is %s, and nothing changes",
    async (status) => {
      const { accountId, token, plan, itemIds } = await draftPlan(2);
      await approvePlan(db(), accountId, plan.id);
      await setItemStatus(itemIds[0]!, status);
      const before = await stored(plan.id);
      const patched = await expectError(await patchItem(itemIds[0]!, { title: "Too late for this" }, token), 409, "plan_item_not_editable");
      expect(patched.message).toContain(status);
      const deleted = await expectError(await deleteItem(itemIds[0]!, token), 409, "plan_item_not_editable");
      expect(deleted.message).toContain(status);
      expect(await stored(plan.id)).toEqual(before);
    },
  );

  it("deleting the last unpublished item of an ACTIVE plan whose other items are PUBLISHED completes it", async () => {
    const { accountId, token, plan, itemIds } = await draftPlan(3);
    await approvePlan(db(), accountId, plan.id);
    await setItemStatus(itemIds[0]!, "PUBLISHED");
    await setItemStatus(itemIds[1]!, "PUBLISHED");
    const before = Date.now();
    expect((await deleteItem(itemIds[2]!, token)).status).toBe(204);
    const read = await planVia(token, plan.id);
    expect(read.body.status).toBe("COMPLETED");
    expect(read.body.counts).toEqual({ PLANNED: 0, SCHEDULED: 0, QUEUED: 0, GENERATING: 0, REVIEW: 0, PUBLISHED: 2, FAILED: 0 });
    expect(read.body.completedAt).not.toBeNull();
    expect(Date.parse(read.body.completedAt!)).toBeGreaterThanOrEqual(before - 1000);
    expect((await stored(plan.id)).plan.status).toBe("COMPLETED");
  });

  it("completes a plan whose items are PUBLISHED or FAILED for good (issue 18, item 12), but not one with work left, nor a DRAFT", async () => {
    const waiting = await draftPlan(3);
    await approvePlan(db(), waiting.accountId, waiting.plan.id);
    await setItemStatus(waiting.itemIds[0]!, "PUBLISHED");
    await setItemStatus(waiting.itemIds[1]!, "SCHEDULED"); // an automatic retry waits
    expect((await deleteItem(waiting.itemIds[2]!, waiting.token)).status).toBe(204);
    expect((await stored(waiting.plan.id)).plan).toMatchObject({ status: "ACTIVE", completedAt: null });

    const active = await draftPlan(3);
    await approvePlan(db(), active.accountId, active.plan.id);
    await setItemStatus(active.itemIds[0]!, "PUBLISHED");
    await setItemStatus(active.itemIds[1]!, "FAILED");
    expect((await deleteItem(active.itemIds[2]!, active.token)).status).toBe(204);
    expect((await stored(active.plan.id)).plan).toMatchObject({ status: "COMPLETED" });

    const draft = await draftPlan(2);
    await setItemStatus(draft.itemIds[0]!, "PUBLISHED");
    expect((await deleteItem(draft.itemIds[1]!, draft.token)).status).toBe(204);
    expect((await stored(draft.plan.id)).plan).toMatchObject({ status: "DRAFT", completedAt: null });
  });
});

describe("tenancy and access", () => {
  it("another account's plan and items are 404 on every route, and nothing changes", async () => {
    const owner = await draftPlan(2);
    const intruder = await seedAccount();
    const draftBefore = await stored(owner.plan.id);
    const plan = `/api/autopilot/plans/${owner.plan.id}`;
    await expectError(await call(plan, { token: intruder.token }), 404, "not_found");
    await expectError(await post(`${plan}/approve`, intruder.token), 404, "not_found");
    await expectError(await post(`${plan}/pause`, intruder.token), 404, "not_found");
    await expectError(await patchItem(owner.itemIds[0]!, { title: "Mine now" }, intruder.token), 404, "not_found");
    await expectError(await deleteItem(owner.itemIds[0]!, intruder.token), 404, "not_found");
    expect(await stored(owner.plan.id)).toEqual(draftBefore);

    // Same once the plan is ACTIVE, where pause would work for its owner.
    await approvePlan(db(), owner.accountId, owner.plan.id);
    const activeBefore = await stored(owner.plan.id);
    await expectError(await post(`${plan}/pause`, intruder.token), 404, "not_found");
    await expectError(await post(`${plan}/approve`, intruder.token), 404, "not_found");
    await expectError(await deleteItem(owner.itemIds[1]!, intruder.token), 404, "not_found");
    expect(await stored(owner.plan.id)).toEqual(activeBefore);

    // The functions themselves answer 404 for the wrong account.
    expect((await errorOf(pausePlan(db(), intruder.accountId, owner.plan.id))).code).toBe("not_found");
    expect((await errorOf(approvePlan(db(), intruder.accountId, owner.plan.id))).code).toBe("not_found");
    expect(await stored(owner.plan.id)).toEqual(activeBefore);
  });

  it("404 for a missing plan or item", async () => {
    const { token } = await seedAccount();
    await expectError(await post("/api/autopilot/plans/plan_missing/approve", token), 404, "not_found");
    await expectError(await post("/api/autopilot/plans/plan_missing/pause", token), 404, "not_found");
    await expectError(await patchItem("item_missing", { title: "Nothing here" }, token), 404, "not_found");
    await expectError(await deleteItem("item_missing", token), 404, "not_found");
  });

  it("401 without a token and 403 for a public:read token on approve, pause, PATCH and DELETE; nothing changes", async () => {
    const { accountId, plan, itemIds } = await draftPlan(1);
    const reader = await seedToken(accountId, "public:read");
    const before = await stored(plan.id);
    const attempts = [
      (token?: string) => post(`/api/autopilot/plans/${plan.id}/approve`, token),
      (token?: string) => post(`/api/autopilot/plans/${plan.id}/pause`, token),
      (token?: string) => patchItem(itemIds[0]!, { title: "Not allowed" }, token),
      (token?: string) => deleteItem(itemIds[0]!, token),
    ];
    for (const attempt of attempts) {
      await expectError(await attempt(), 401);
      await expectError(await attempt(reader.token), 403);
    }
    expect(await stored(plan.id)).toEqual(before);
  });
});
