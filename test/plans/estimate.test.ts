import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accounts, planItems } from "../../src/db/schema";
import { call, db, expectError, seedAccount, seedSite, useVars } from "../harness";
import { seedMember } from "../members/helpers";
import { chargesOf, offlinePlan, runNow } from "../pipeline/helpers";
import { planVia } from "./helpers";

interface Estimate {
  articles: number;
  pricePerArticle: string;
  total: string;
  balance: string;
  balanceAfter: string;
  byok: boolean;
}

async function estimateOf(token: string, planId: string): Promise<Estimate> {
  const res = await call(`/api/autopilot/plans/${planId}/estimate`, { token });
  expect(res.status).toBe(200);
  return (await res.json()) as Estimate;
}

const toKurus = (lira: string) => Math.round(Number(lira) * 100);

async function customSite(accountId: string) {
  return seedSite(accountId, { platform: "custom", language: "en", businessContext: "Sourdough baking at home" });
}

describe("GET /api/autopilot/plans/{planId}/estimate", () => {
  it("prices every unstarted item at exactly what the pipeline then charges for one, against the balance", async () => {
    useVars({ ARTICLE_PRICES_TRY: '{"offline-draft":"12.50"}' });
    const { accountId, token } = await seedAccount({ creditKurus: 10_000 });
    const plan = await offlinePlan(token, (await customSite(accountId)).id, { articleCount: 3 });

    const before = await estimateOf(token, plan.id);
    expect(before).toEqual({
      articles: 3,
      pricePerArticle: "12.50",
      total: "37.50",
      balance: "100.00",
      balanceAfter: "62.50",
      byok: false,
    });

    // One item run now: its charge is the estimate's price, and what is left costs the rest.
    expect((await runNow(token, plan.items[0]!.id)).status).toBe(200);
    const [charge] = await chargesOf(accountId);
    expect(charge!.amountKurus).toBe(toKurus(before.pricePerArticle));
    const after = await estimateOf(token, plan.id);
    expect(after).toMatchObject({ articles: 2, total: "25.00", balance: "87.50" });
    // What the whole plan leaves is the same before and after a run: the estimate was the charge.
    expect(after.balanceAfter).toBe(before.balanceAfter);
  });

  it("charges an item left on improve at the improvement price, as the pipeline does", async () => {
    const { accountId, token } = await seedAccount({ creditKurus: 10_000 });
    const plan = await offlinePlan(token, (await customSite(accountId)).id, { articleCount: 2 });
    await db()
      .update(planItems)
      .set({ suggestion: "improve", overlap: { kind: "page", url: "https://x.invalid/a/", postId: "post_1" } })
      .where(eq(planItems.id, plan.items[0]!.id));
    // The test configuration: offline-draft 5.00 an article, an improvement 5.00 by default; set it apart.
    useVars({ IMPROVEMENT_PRICE_TRY: "2.00" });
    expect(await estimateOf(token, plan.id)).toMatchObject({ articles: 2, pricePerArticle: "5.00", total: "7.00", balanceAfter: "93.00" });
  });

  it("says when the balance does not cover the plan: balanceAfter is negative", async () => {
    const { accountId, token } = await seedAccount({ creditKurus: 700 });
    const plan = await offlinePlan(token, (await customSite(accountId)).id, { articleCount: 2 });
    expect(await estimateOf(token, plan.id)).toEqual({
      articles: 2,
      pricePerArticle: "5.00",
      total: "10.00",
      balance: "7.00",
      balanceAfter: "-3.00",
      byok: false,
    });
  });

  it("counts what approval leaves to pay: scheduled items in an active plan, nothing in a paused one's finished items", async () => {
    const { accountId, token } = await seedAccount();
    const plan = await offlinePlan(token, (await customSite(accountId)).id, { articleCount: 2 });
    expect((await planVia(token, plan.id, "approve")).status).toBe(200);
    expect(await estimateOf(token, plan.id)).toMatchObject({ articles: 2, total: "10.00" });
    await db().update(planItems).set({ status: "PUBLISHED" }).where(eq(planItems.planId, plan.id));
    expect(await estimateOf(token, plan.id)).toMatchObject({ articles: 0, total: "0.00", balanceAfter: "100.00" });
  });

  it("with the account's own model key: nothing in credits", async () => {
    const { accountId, token } = await seedAccount();
    const plan = await offlinePlan(token, (await customSite(accountId)).id, { articleCount: 2 });
    await db().update(accounts).set({ billingMode: "BYOK_MONTHLY" }).where(eq(accounts.id, accountId));
    expect(await estimateOf(token, plan.id)).toEqual({
      articles: 2,
      pricePerArticle: "0.00",
      total: "0.00",
      balance: "100.00",
      balanceAfter: "100.00",
      byok: true,
    });
  });

  it("is readable by a viewer, 404 for another account's plan, 401 without a token, and changes nothing", async () => {
    const { accountId, token } = await seedAccount();
    const plan = await offlinePlan(token, (await customSite(accountId)).id, { articleCount: 2 });
    const viewer = await seedMember(accountId, "viewer");
    expect((await estimateOf(viewer.token, plan.id)).articles).toBe(2);

    const other = await seedAccount();
    await expectError(await call(`/api/autopilot/plans/${plan.id}/estimate`, { token: other.token }), 404, "not_found");
    await expectError(await call(`/api/autopilot/plans/${plan.id}/estimate`), 401);
    await expectError(await call(`/api/autopilot/plans/${"x".repeat(65)}/estimate`, { token }), 400);
    expect((await planVia(token, plan.id)).body).toMatchObject({ status: "DRAFT" });
    expect(await chargesOf(accountId)).toEqual([]);
  });

  it("a member limited to another site may not read it", async () => {
    const { accountId, token } = await seedAccount();
    const plan = await offlinePlan(token, (await customSite(accountId)).id, { articleCount: 1 });
    const elsewhere = await customSite(accountId);
    const limited = await seedMember(accountId, "editor", { siteIds: [elsewhere.id] });
    await expectError(await call(`/api/autopilot/plans/${plan.id}/estimate`, { token: limited.token }), 403, "site_not_allowed");
  });
});
