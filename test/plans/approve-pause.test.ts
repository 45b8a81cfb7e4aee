import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { planItems, plans, type PlanItemStatus } from "../../src/db/schema";
import { approvePlan, cadenceIntervalSeconds, completePlanIfDone, pausePlan } from "../../src/plans/state";
import { call, db, expectError, seedAccount, seedSite, seedToken } from "../harness";
import { createPlanVia, planVia } from "./helpers";

const HOUR = 3600 * 1000;

async function draftPlan(articleCount = 4, cadencePerWeek = 3) {
  const { accountId, token } = await seedAccount();
  const site = await seedSite(accountId, { businessContext: "Home baking: sourdough bread, rye bread, banana bread, focaccia" });
  const plan = await createPlanVia(token, { siteId: site.id, articleCount, cadencePerWeek });
  expect(plan.items).toHaveLength(articleCount);
  return { accountId, token, plan };
}

const setItemStatus = (itemId: string, status: PlanItemStatus) => db().update(planItems).set({ status }).where(eq(planItems.id, itemId));
const itemRows = (planId: string) => db().select().from(planItems).where(eq(planItems.planId, planId)).orderBy(planItems.position);

describe("cadence", () => {
  it("is a week divided by the articles per week", () => {
    expect(cadenceIntervalSeconds(3)).toBe(56 * 3600);
    expect(cadenceIntervalSeconds(1)).toBe(168 * 3600);
    expect(cadenceIntervalSeconds(7)).toBe(24 * 3600);
    expect(cadenceIntervalSeconds(21)).toBe(8 * 3600);
  });

  it("approve spreads the items from now in plan order, the first at once", async () => {
    const { accountId, plan } = await draftPlan(4, 3);
    const approved = await approvePlan(db(), accountId, plan.id, new Date("2026-11-23T10:00:00.400Z"));
    expect(approved.plan.status).toBe("ACTIVE");
    expect(approved.plan.approvedAt).toBe("2026-11-23T10:00:00Z");
    expect(approved.items.map((i) => [i.position, i.status, i.scheduledAt])).toEqual([
      [1, "SCHEDULED", "2026-11-23T10:00:00Z"],
      [2, "SCHEDULED", "2026-11-25T18:00:00Z"],
      [3, "SCHEDULED", "2026-11-28T02:00:00Z"],
      [4, "SCHEDULED", "2026-11-30T10:00:00Z"],
    ]);
  });

  it("through the route: SCHEDULED items 56 hours apart from the request time", async () => {
    const { token, plan } = await draftPlan(3, 3);
    const before = Date.now();
    const { status, body } = await planVia(token, plan.id, "approve");
    expect(status).toBe(200);
    expect(body.status).toBe("ACTIVE");
    expect(body.counts.SCHEDULED).toBe(3);
    const times = body.items.map((i) => Date.parse(i.scheduledAt!));
    expect(Math.abs(times[0]! - before)).toBeLessThan(60_000);
    expect([times[1]! - times[0]!, times[2]! - times[1]!]).toEqual([56 * HOUR, 56 * HOUR]);
  });
});

describe("plan states: DRAFT → ACTIVE ⇄ PAUSED, COMPLETED", () => {
  it("approve on ACTIVE changes nothing; pause unschedules what has not started; approve resumes from the new now", async () => {
    const { accountId, token, plan } = await draftPlan(4, 7);
    await approvePlan(db(), accountId, plan.id, new Date("2026-11-23T10:00:00Z"));
    const again = await approvePlan(db(), accountId, plan.id, new Date("2026-11-24T10:00:00Z"));
    expect(again.items.map((i) => i.scheduledAt)).toEqual(["2026-11-23T10:00:00Z", "2026-11-24T10:00:00Z", "2026-11-25T10:00:00Z", "2026-11-26T10:00:00Z"]);
    expect(again.plan.approvedAt).toBe("2026-11-23T10:00:00Z");

    // Item 1 is being written, item 2 waits in the queue: pause keeps the first, unqueues the second.
    await setItemStatus(plan.items[0]!.id, "GENERATING");
    await setItemStatus(plan.items[1]!.id, "QUEUED");
    const paused = await planVia(token, plan.id, "pause");
    expect(paused.status).toBe(200);
    expect(paused.body.status).toBe("PAUSED");
    expect(paused.body.items.map((i) => [i.status, i.scheduledAt === null])).toEqual([
      ["GENERATING", false],
      ["PLANNED", true],
      ["PLANNED", true],
      ["PLANNED", true],
    ]);
    // Pausing a paused plan is a no-op answering the plan.
    const pausedAgain = await planVia(token, plan.id, "pause");
    expect([pausedAgain.status, pausedAgain.body.status]).toEqual([200, "PAUSED"]);

    const resumed = await approvePlan(db(), accountId, plan.id, new Date("2026-12-01T08:00:00Z"));
    expect(resumed.plan.status).toBe("ACTIVE");
    expect(resumed.items.map((i) => [i.status, i.scheduledAt])).toEqual([
      ["GENERATING", "2026-11-23T10:00:00Z"],
      ["SCHEDULED", "2026-12-01T08:00:00Z"],
      ["SCHEDULED", "2026-12-02T08:00:00Z"],
      ["SCHEDULED", "2026-12-03T08:00:00Z"],
    ]);
  });

  it("pause on a DRAFT is 409 and changes nothing", async () => {
    const { token, plan } = await draftPlan(2);
    const error = await expectError(await call(`/api/autopilot/plans/${plan.id}/pause`, { method: "POST", token }), 409, "conflict");
    expect(error.message).toMatch(/DRAFT/);
    expect((await planVia(token, plan.id)).body.status).toBe("DRAFT");
  });

  it("COMPLETED once every item is published; approve and pause on it are 409", async () => {
    const { accountId, token, plan } = await draftPlan(2);
    await approvePlan(db(), accountId, plan.id);
    await setItemStatus(plan.items[0]!.id, "PUBLISHED");
    expect(await completePlanIfDone(db(), plan.id)).toBe(false);
    await setItemStatus(plan.items[1]!.id, "PUBLISHED");
    expect(await completePlanIfDone(db(), plan.id)).toBe(true);
    const done = await planVia(token, plan.id);
    expect(done.body.status).toBe("COMPLETED");
    expect(done.body.completedAt).not.toBeNull();
    await expectError(await call(`/api/autopilot/plans/${plan.id}/approve`, { method: "POST", token }), 409, "conflict");
    await expectError(await call(`/api/autopilot/plans/${plan.id}/pause`, { method: "POST", token }), 409, "conflict");
    // A DRAFT is never completed by the check.
    const other = await draftPlan(1);
    await setItemStatus(other.plan.items[0]!.id, "PUBLISHED");
    expect(await completePlanIfDone(db(), other.plan.id)).toBe(false);
  });

  it("a plan without items cannot be approved (409)", async () => {
    const { token, plan } = await draftPlan(1);
    await db().delete(planItems).where(eq(planItems.planId, plan.id));
    await expectError(await call(`/api/autopilot/plans/${plan.id}/approve`, { method: "POST", token }), 409, "conflict");
    const [row] = await db().select().from(plans).where(eq(plans.id, plan.id));
    expect(row!.status).toBe("DRAFT");
  });

  it("401 without a token, 403 for a public:read token, 404 for a missing plan", async () => {
    const { accountId, plan } = await draftPlan(1);
    await expectError(await call(`/api/autopilot/plans/${plan.id}/approve`, { method: "POST" }), 401);
    const reader = await seedToken(accountId, "public:read");
    await expectError(await call(`/api/autopilot/plans/${plan.id}/approve`, { method: "POST", token: reader.token }), 403);
    const { token } = await seedAccount();
    await expectError(await call(`/api/autopilot/plans/plan_missing/approve`, { method: "POST", token }), 404, "not_found");
  });
});

describe("curating items: PATCH and DELETE /api/autopilot/items/{itemId}", () => {
  it("changes the title and target keyword of a PLANNED or SCHEDULED item", async () => {
    const { accountId, token, plan } = await draftPlan(2);
    const res = await call(`/api/autopilot/items/${plan.items[0]!.id}`, { method: "PATCH", token, json: { title: "  Sourdough at home: the first week  ", targetKeyword: "Sourdough Starters" } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: plan.items[0]!.id, title: "Sourdough at home: the first week", targetKeyword: "Sourdough Starters", status: "PLANNED" });
    const [row] = await itemRows(plan.id);
    expect(row!.keywordKey).toBe("sourdough starter");

    await approvePlan(db(), accountId, plan.id);
    const scheduled = await call(`/api/autopilot/items/${plan.items[1]!.id}`, { method: "PATCH", token, json: { title: "Rye, slowly" } });
    expect(scheduled.status).toBe(200);
    expect(((await scheduled.json()) as { status: string }).status).toBe("SCHEDULED");
  });

  it.each(["QUEUED", "GENERATING", "PUBLISHED", "FAILED"] as const)("409 for a %s item, for PATCH and DELETE, and nothing changes", async (status) => {
    const { token, plan } = await draftPlan(1);
    await setItemStatus(plan.items[0]!.id, status);
    await expectError(await call(`/api/autopilot/items/${plan.items[0]!.id}`, { method: "PATCH", token, json: { title: "Too late for this" } }), 409, "conflict");
    await expectError(await call(`/api/autopilot/items/${plan.items[0]!.id}`, { method: "DELETE", token }), 409, "conflict");
    const [row] = await itemRows(plan.id);
    expect([row!.title, row!.status]).toEqual([plan.items[0]!.title, status]);
  });

  it.each([
    [{}, "Send title, targetKeyword or both"],
    [{ title: "" }, "title"],
    [{ title: "x".repeat(201) }, "title"],
    [{ targetKeyword: "y".repeat(101) }, "targetKeyword"],
    [{ title: 5 }, "title"],
    [{ title: "Fine", status: "PUBLISHED" }, "status"],
  ])("400 for %j", async (body, words) => {
    const { token, plan } = await draftPlan(1);
    const error = await expectError(await call(`/api/autopilot/items/${plan.items[0]!.id}`, { method: "PATCH", token, json: body }), 400, "invalid_request");
    expect(error.message).toContain(words);
    const [row] = await itemRows(plan.id);
    expect(row!.title).toBe(plan.items[0]!.title);
  });

  it("DELETE removes an unstarted item (204); removing the last unpublished item of an active plan completes it", async () => {
    const { accountId, token, plan } = await draftPlan(3);
    const res = await call(`/api/autopilot/items/${plan.items[2]!.id}`, { method: "DELETE", token });
    expect(res.status).toBe(204);
    expect((await itemRows(plan.id)).map((row) => row.id)).toEqual([plan.items[0]!.id, plan.items[1]!.id]);
    await expectError(await call(`/api/autopilot/items/${plan.items[2]!.id}`, { method: "DELETE", token }), 404, "not_found");

    await approvePlan(db(), accountId, plan.id);
    await setItemStatus(plan.items[0]!.id, "PUBLISHED");
    expect((await call(`/api/autopilot/items/${plan.items[1]!.id}`, { method: "DELETE", token })).status).toBe(204);
    const after = await planVia(token, plan.id);
    expect(after.body.status).toBe("COMPLETED");
    expect(after.body.counts).toMatchObject({ PUBLISHED: 1, PLANNED: 0, SCHEDULED: 0 });
  });
});
