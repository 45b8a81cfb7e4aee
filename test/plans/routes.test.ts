import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { planItems, plans } from "../../src/db/schema";
import { call, db, expectError, seedAccount, seedExistingPosts, seedSite, seedToken } from "../harness";
import { createPlanVia, planVia, type PlanBody } from "./helpers";

const BRIEF = "Home baking: sourdough bread, rye bread, banana bread, focaccia";

async function siteWithBrief(accountId: string, fields: Record<string, unknown> = {}) {
  return seedSite(accountId, { platform: "blog", url: "https://bakery.invalid", businessContext: BRIEF, ...fields });
}

describe("POST /api/autopilot/plans with the offline providers", () => {
  it("builds a DRAFT plan: items with keyword, volume, competition and title, research recorded, warnings for estimates", async () => {
    const { accountId, token } = await seedAccount();
    const site = await siteWithBrief(accountId);
    const plan = await createPlanVia(token, { siteId: site.id, articleCount: 5, cadencePerWeek: 3 });
    expect(plan).toMatchObject({
      status: "DRAFT",
      siteId: site.id,
      articleCount: 5,
      cadencePerWeek: 3,
      publishMode: "publish",
      approvedAt: null,
      completedAt: null,
    });
    expect(plan.id).toMatch(/^plan_/);
    expect(plan.items).toHaveLength(5);
    for (const [i, item] of plan.items.entries()) {
      expect(item).toMatchObject({
        position: i + 1,
        status: "PLANNED",
        scheduledAt: null,
        articleId: null,
        url: null,
        failureReason: null,
      });
      expect(item.monthlyVolume).toBeGreaterThan(0);
      expect(["LOW", "MEDIUM", "HIGH"]).toContain(item.competition);
      expect(item.title).toMatch(/offline draft/);
    }
    expect(plan.counts).toEqual({ PLANNED: 5, SCHEDULED: 0, QUEUED: 0, GENERATING: 0, REVIEW: 0, PUBLISHED: 0, FAILED: 0 });
    expect(plan.research).toMatchObject({ keywordProvider: "offline", textProvider: "offline", volumesAreEstimates: true, costUsd: 0 });
    expect(plan.research.seeds).toEqual(expect.arrayContaining(["sourdough bread", "rye bread"]));
    expect(plan.warnings.some((w) => /offline estimates/.test(w))).toBe(true);

    // Stored as answered, and readable again.
    const read = await planVia(token, plan.id);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(plan);
  });

  it("is deterministic offline: the same site and brief give the same keywords", async () => {
    const a = await seedAccount();
    const b = await seedAccount();
    const first = await createPlanVia(a.token, { siteId: (await siteWithBrief(a.accountId)).id, articleCount: 4, cadencePerWeek: 2 });
    const second = await createPlanVia(b.token, { siteId: (await siteWithBrief(b.accountId)).id, articleCount: 4, cadencePerWeek: 2 });
    expect(second.items.map((i) => [i.targetKeyword, i.monthlyVolume, i.title])).toEqual(
      first.items.map((i) => [i.targetKeyword, i.monthlyVolume, i.title]),
    );
  });

  it("never repeats what the site covers: existing posts' titles and slugs, and earlier plans' items", async () => {
    const { accountId, token } = await seedAccount();
    const site = await siteWithBrief(accountId);
    const first = await createPlanVia(token, { siteId: site.id, articleCount: 6, cadencePerWeek: 3 });
    const second = await createPlanVia(token, { siteId: site.id, articleCount: 6, cadencePerWeek: 3 });
    const firstKeys = new Set(first.items.map((i) => i.targetKeyword));
    expect(second.items.filter((i) => firstKeys.has(i.targetKeyword))).toEqual([]);

    const other = await seedAccount();
    const sameBrief = await siteWithBrief(other.accountId);
    await seedExistingPosts(
      other.accountId,
      sameBrief.id,
      first.items.map((item, i) => ({ title: `Our take: ${item.targetKeyword.toUpperCase()}`, url: `https://bakery.invalid/post-${i}/` })),
    );
    const third = await createPlanVia(other.token, { siteId: sameBrief.id, articleCount: 6, cadencePerWeek: 3 });
    expect(third.items.filter((i) => firstKeys.has(i.targetKeyword))).toEqual([]);
  });

  it("has fewer items and says so when research yields fewer usable keywords than asked", async () => {
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId, { url: "https://tiny.invalid", businessContext: "Rye bread" });
    const plan = await createPlanVia(token, { siteId: site.id, articleCount: 100, cadencePerWeek: 21 });
    expect(plan.items.length).toBeGreaterThan(0);
    expect(plan.items.length).toBeLessThan(100);
    expect(plan.warnings[0]).toMatch(new RegExp(`found ${plan.items.length} usable keywords? for 100 articles`));
    expect(plan.research.ideasUsable).toBe(plan.items.length);
  });

  it("takes publishMode draft and review", async () => {
    const { accountId, token } = await seedAccount();
    const site = await siteWithBrief(accountId);
    expect((await createPlanVia(token, { siteId: site.id, articleCount: 1, cadencePerWeek: 1, publishMode: "review" })).publishMode).toBe(
      "review",
    );
    expect((await createPlanVia(token, { siteId: site.id, articleCount: 1, cadencePerWeek: 1, publishMode: "draft" })).publishMode).toBe(
      "draft",
    );
  });

  it.each([
    [{ articleCount: 0, cadencePerWeek: 3 }, "articleCount"],
    [{ articleCount: 101, cadencePerWeek: 3 }, "articleCount"],
    [{ articleCount: 2.5, cadencePerWeek: 3 }, "articleCount"],
    [{ articleCount: "5", cadencePerWeek: 3 }, "articleCount"],
    [{ articleCount: 5, cadencePerWeek: 0 }, "cadencePerWeek"],
    [{ articleCount: 5, cadencePerWeek: 22 }, "cadencePerWeek"],
    [{ articleCount: 5 }, "cadencePerWeek"],
    [{ articleCount: 5, cadencePerWeek: 3, publishMode: "later" }, "publishMode"],
    [{ articleCount: 5, cadencePerWeek: 3, extra: true }, ""],
  ])("400 for %j, naming %s, and stores nothing", async (fields, name) => {
    const { accountId, token } = await seedAccount();
    const site = await siteWithBrief(accountId);
    const error = await expectError(
      await call("/api/autopilot/plans", { method: "POST", token, json: { siteId: site.id, ...fields } }),
      400,
      "invalid_request",
    );
    expect(error.message).toContain(name);
    expect(await db().select().from(plans).where(eq(plans.accountId, accountId))).toEqual([]);
  });

  it("400 for malformed JSON or a body that is not an object, and stores nothing", async () => {
    const { accountId, token } = await seedAccount();
    for (const body of ["{ not json", "[]", "null"]) {
      await expectError(
        await call("/api/autopilot/plans", { method: "POST", token, headers: { "Content-Type": "application/json" }, body }),
        400,
        "invalid_request",
      );
    }
    expect(await db().select().from(plans).where(eq(plans.accountId, accountId))).toEqual([]);
  });

  it("404 for another account's site or a missing one; 409 for a site in ERROR or a forum without a target", async () => {
    const { accountId, token } = await seedAccount();
    const stranger = await seedAccount();
    const foreign = await siteWithBrief(stranger.accountId);
    await expectError(
      await call("/api/autopilot/plans", { method: "POST", token, json: { siteId: foreign.id, articleCount: 1, cadencePerWeek: 1 } }),
      404,
      "not_found",
    );
    await expectError(
      await call("/api/autopilot/plans", { method: "POST", token, json: { siteId: "site_missing", articleCount: 1, cadencePerWeek: 1 } }),
      404,
      "not_found",
    );

    const broken = await siteWithBrief(accountId, {
      url: "https://broken.invalid",
      status: "ERROR",
      statusMessage: "WordPress rejected the stored user name or application password",
    });
    expect(
      (
        await expectError(
          await call("/api/autopilot/plans", { method: "POST", token, json: { siteId: broken.id, articleCount: 1, cadencePerWeek: 1 } }),
          409,
          "site_in_error",
        )
      ).message,
    ).toMatch(/ERROR/);
    const forum = await siteWithBrief(accountId, { platform: "forum", url: "https://forum.invalid", forumNodeId: null });
    expect(
      (
        await expectError(
          await call("/api/autopilot/plans", { method: "POST", token, json: { siteId: forum.id, articleCount: 1, cadencePerWeek: 1 } }),
          409,
          "forum_not_chosen",
        )
      ).message,
    ).toMatch(/target forum/);
    expect(await db().select().from(plans).where(eq(plans.accountId, accountId))).toEqual([]);
  });

  it("401 without a token, 403 for a public:read token", async () => {
    const { accountId } = await seedAccount();
    const site = await siteWithBrief(accountId);
    await expectError(
      await call("/api/autopilot/plans", { method: "POST", json: { siteId: site.id, articleCount: 1, cadencePerWeek: 1 } }),
      401,
    );
    const reader = await seedToken(accountId, "public:read");
    await expectError(
      await call("/api/autopilot/plans", {
        method: "POST",
        token: reader.token,
        json: { siteId: site.id, articleCount: 1, cadencePerWeek: 1 },
      }),
      403,
    );
    await expectError(await call("/api/autopilot/plans", { token: reader.token }), 403);
  });
});

describe("GET /api/autopilot/plans", () => {
  it("pages the account's plans newest first, with counts by status, and never another account's", async () => {
    const { accountId, token } = await seedAccount();
    const site = await siteWithBrief(accountId);
    const made: PlanBody[] = [];
    for (let i = 0; i < 3; i += 1) made.push(await createPlanVia(token, { siteId: site.id, articleCount: 2, cadencePerWeek: 1 }));
    const stranger = await seedAccount();
    await createPlanVia(stranger.token, { siteId: (await siteWithBrief(stranger.accountId)).id, articleCount: 1, cadencePerWeek: 1 });
    // Same-second creations: newest first is by time, then id; make the order certain.
    await db().update(plans).set({ createdAt: "2026-01-01T00:00:00Z" }).where(eq(plans.id, made[0]!.id));
    await db().update(plans).set({ createdAt: "2026-01-02T00:00:00Z" }).where(eq(plans.id, made[1]!.id));
    await db().update(plans).set({ createdAt: "2026-01-03T00:00:00Z" }).where(eq(plans.id, made[2]!.id));

    const res = await call("/api/autopilot/plans?per_page=2", { token });
    expect(res.status).toBe(200);
    const page = (await res.json()) as {
      items: (Omit<PlanBody, "items"> & { items?: unknown })[];
      page: number;
      perPage: number;
      total: number;
      totalPages: number;
    };
    expect(page).toMatchObject({ page: 1, perPage: 2, total: 3, totalPages: 2 });
    expect(page.items.map((p) => p.id)).toEqual([made[2]!.id, made[1]!.id]);
    expect(page.items[0]!.counts.PLANNED).toBe(made[2]!.items.length);
    expect(page.items[0]!.items).toBeUndefined();
    const second = (await (await call("/api/autopilot/plans?page=2&per_page=2", { token })).json()) as { items: { id: string }[] };
    expect(second.items.map((p) => p.id)).toEqual([made[0]!.id]);
    await expectError(await call("/api/autopilot/plans?per_page=101", { token }), 400, "invalid_request");
  });

  it("404 for another account's plan", async () => {
    const owner = await seedAccount();
    const plan = await createPlanVia(owner.token, {
      siteId: (await siteWithBrief(owner.accountId)).id,
      articleCount: 1,
      cadencePerWeek: 1,
    });
    const { token } = await seedAccount();
    await expectError(await call(`/api/autopilot/plans/${plan.id}`, { token }), 404, "not_found");
    await expectError(await call(`/api/autopilot/plans/${plan.id}/approve`, { method: "POST", token }), 404, "not_found");
    await expectError(await call(`/api/autopilot/plans/${plan.id}/pause`, { method: "POST", token }), 404, "not_found");
    await expectError(
      await call(`/api/autopilot/items/${plan.items[0]!.id}`, { method: "PATCH", token, json: { title: "Mine now" } }),
      404,
      "not_found",
    );
    await expectError(await call(`/api/autopilot/items/${plan.items[0]!.id}`, { method: "DELETE", token }), 404, "not_found");
    const [item] = await db().select().from(planItems).where(eq(planItems.id, plan.items[0]!.id));
    expect(item!.title).toBe(plan.items[0]!.title);
  });
});
