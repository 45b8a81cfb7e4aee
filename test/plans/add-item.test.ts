import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { articles, planItems, plans, searchPages, searchQueries } from "../../src/db/schema";
import { cadenceIntervalSeconds } from "../../src/plans/state";
import { call, db, expectError, seedAccount, seedArticle, seedSite } from "../harness";
import { createPlanVia, planVia, type PlanBody } from "./helpers";

type Item = PlanBody["items"][number];

async function draftPlan(articleCount = 2, cadencePerWeek = 3) {
  const { accountId, token } = await seedAccount();
  const site = await seedSite(accountId, {
    platform: "blog",
    url: "https://bakery.invalid",
    businessContext: "Home baking: sourdough bread, rye bread",
  });
  const plan = await createPlanVia(token, { siteId: site.id, articleCount, cadencePerWeek });
  return { accountId, token, site, plan };
}

function addItem(token: string, planId: string, json: unknown) {
  return call(`/api/autopilot/plans/${planId}/items`, { method: "POST", token, json });
}

async function added(token: string, planId: string, json: unknown): Promise<Item> {
  const res = await addItem(token, planId, json);
  if (res.status !== 201) throw new Error(`expected 201, got ${res.status}: ${await res.text()}`);
  return (await res.json()) as Item;
}

async function itemCount(planId: string) {
  return (await db().select({ id: planItems.id }).from(planItems).where(eq(planItems.planId, planId))).length;
}

describe("POST /api/autopilot/plans/{planId}/items", () => {
  it("adds a PLANNED item after the last one of a DRAFT plan, with the given title", async () => {
    const { token, plan } = await draftPlan();
    const item = await added(token, plan.id, { keyword: "  rye starter ratio ", title: "Rye starter ratios, measured" });
    expect(item).toMatchObject({
      position: 3,
      title: "Rye starter ratios, measured",
      targetKeyword: "rye starter ratio",
      monthlyVolume: 0,
      competition: "MEDIUM",
      status: "PLANNED",
      scheduledAt: null,
      articleId: null,
    });
    expect(item.id).toMatch(/^item_/);
    const read = await planVia(token, plan.id);
    expect(read.body.items.map((i) => i.id)).toEqual([...plan.items.map((i) => i.id), item.id]);
    expect(read.body.counts.PLANNED).toBe(3);
  });

  it("lets the account's text model write the title (the offline writer here), and takes the volume from Search Console", async () => {
    const { token, site, plan } = await draftPlan();
    const [page] = await db()
      .insert(searchPages)
      .values({ siteId: site.id, urlKey: "bakery.invalid/rye", url: "https://bakery.invalid/rye/" })
      .returning();
    await db()
      .insert(searchQueries)
      .values({ siteId: site.id, pageId: page!.id, query: "rye starter ratio", clicks: 2, impressions: 280, position: 14 });
    const item = await added(token, plan.id, { keyword: "Rye Starter Ratio" });
    expect(item.title).toBe("Rye Starter Ratio: a practical guide (offline draft)");
    // 280 impressions in 28 days is 300 a month.
    expect(item.monthlyVolume).toBe(300);
  });

  it("schedules the item in an ACTIVE plan one cadence interval after its last scheduled item", async () => {
    const { token, plan } = await draftPlan(3, 3);
    const approved = await planVia(token, plan.id, "approve");
    const last = approved.body.items
      .map((i) => Date.parse(i.scheduledAt!))
      .sort((a, b) => a - b)
      .at(-1)!;
    const item = await added(token, plan.id, { keyword: "rye starter ratio", title: "Rye starter ratios, measured" });
    expect(item.status).toBe("SCHEDULED");
    expect(Date.parse(item.scheduledAt!)).toBe(last + cadenceIntervalSeconds(3) * 1000);
    expect((await planVia(token, plan.id)).body.counts.SCHEDULED).toBe(4);
  });

  it("schedules it now in an ACTIVE plan whose last slot has passed", async () => {
    const { token, plan } = await draftPlan(1, 7);
    await planVia(token, plan.id, "approve");
    await db().update(planItems).set({ scheduledAt: "2020-01-01T00:00:00Z" }).where(eq(planItems.planId, plan.id));
    const before = Math.floor(Date.now() / 1000) * 1000;
    const item = await added(token, plan.id, { keyword: "rye starter ratio", title: "Rye starter ratios, measured" });
    const after = Date.now();
    expect(item.status).toBe("SCHEDULED");
    expect(Date.parse(item.scheduledAt!)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(item.scheduledAt!)).toBeLessThanOrEqual(after);
  });

  it("keeps the item PLANNED in a PAUSED plan; resuming schedules it with the rest", async () => {
    const { token, plan } = await draftPlan(2, 3);
    await planVia(token, plan.id, "approve");
    await planVia(token, plan.id, "pause");
    const item = await added(token, plan.id, { keyword: "rye starter ratio", title: "Rye starter ratios, measured" });
    expect(item).toMatchObject({ position: 3, status: "PLANNED", scheduledAt: null });
    const resumed = await planVia(token, plan.id, "approve");
    expect(resumed.body.items.find((i) => i.id === item.id)).toMatchObject({ status: "SCHEDULED" });
  });

  it("is 409 plan_completed for a COMPLETED plan, and adds nothing", async () => {
    const { token, plan } = await draftPlan();
    await db().update(plans).set({ status: "COMPLETED" }).where(eq(plans.id, plan.id));
    await expectError(await addItem(token, plan.id, { keyword: "rye starter ratio" }), 409, "plan_completed");
    expect(await itemCount(plan.id)).toBe(2);
  });

  it("is 409 keyword_already_planned when an item or article of the site targets the keyword in any order or case", async () => {
    const { accountId, token, site, plan } = await draftPlan();
    const existing = plan.items[0]!.targetKeyword;
    const shuffled = existing.split(" ").reverse().join(" ").toUpperCase();
    await expectError(await addItem(token, plan.id, { keyword: shuffled, title: "A title long enough" }), 409, "keyword_already_planned");

    const article = await seedArticle(accountId, { title: "Kids and bread", siteId: site.id });
    await db().update(articles).set({ targetKeyword: "Bread for Kids" }).where(eq(articles.id, article.id));
    await expectError(await addItem(token, plan.id, { keyword: "kids bread" }), 409, "keyword_already_planned");
    expect(await itemCount(plan.id)).toBe(2);

    // Another site of the account may target the same keyword.
    const other = await seedSite(accountId, {
      platform: "blog",
      url: "https://other.invalid",
      businessContext: "Home baking: sourdough bread",
    });
    const otherPlan = await createPlanVia(token, { siteId: other.id, articleCount: 1, cadencePerWeek: 1 });
    expect((await addItem(token, otherPlan.id, { keyword: "kids bread", title: "Bread your kids will eat" })).status).toBe(201);
  });

  it("is 404 for another account's plan or an unknown one, 401 without a token", async () => {
    const { plan } = await draftPlan();
    const stranger = await seedAccount();
    await expectError(await addItem(stranger.token, plan.id, { keyword: "rye starter ratio" }), 404, "not_found");
    await expectError(await addItem(stranger.token, "plan_doesnotexist00", { keyword: "rye starter ratio" }), 404, "not_found");
    await expectError(await call(`/api/autopilot/plans/${plan.id}/items`, { method: "POST", json: { keyword: "rye" } }), 401);
    expect(await itemCount(plan.id)).toBe(2);
  });

  it.each([
    ["no keyword", { title: "A title" }],
    ["an empty keyword", { keyword: "   " }],
    ["a keyword of stop words only", { keyword: "how to the" }],
    ["a keyword over 100 characters", { keyword: "rye ".repeat(30) }],
    ["markup in the keyword", { keyword: "<b>rye</b> bread" }],
    ["a title over 200 characters", { keyword: "rye starter", title: "t".repeat(201) }],
    ["markup in the title", { keyword: "rye starter", title: "<script>x</script> rye" }],
    ["an unknown field", { keyword: "rye starter", monthlyVolume: 500 }],
    ["a keyword that is not text", { keyword: 42 }],
  ])("is 400 for %s, and adds nothing", async (_, body) => {
    const { token, plan } = await draftPlan();
    await expectError(await addItem(token, plan.id, body), 400);
    expect(await itemCount(plan.id)).toBe(2);
  });
});
