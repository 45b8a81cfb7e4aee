import { describe, expect, it } from "vitest";
import { reserveCredits, settleCharge } from "../../src/billing/charges";
import { call, db, expectError, seedAccount, seedSite } from "../harness";
import { createPlanVia, planVia } from "./helpers";

const BRIEF = "Home baking: sourdough bread, rye bread, banana bread, focaccia";

async function approvedPlan(accountId: string, token: string, url: string, articleCount = 3) {
  const site = await seedSite(accountId, { platform: "blog", url, businessContext: BRIEF });
  const plan = await createPlanVia(token, { siteId: site.id, articleCount, cadencePerWeek: 7 });
  const approved = await planVia(token, plan.id, "approve");
  expect(approved.status).toBe(200);
  return { site, plan: approved.body };
}

describe("GET /api/autopilot/items (the panel's overview: what is next, what failed)", () => {
  it("lists SCHEDULED items across plans soonest first, each with its plan and site; other accounts' items never", async () => {
    const { accountId, token } = await seedAccount();
    const first = await approvedPlan(accountId, token, "https://one.invalid");
    const second = await approvedPlan(accountId, token, "https://two.invalid");
    const stranger = await seedAccount();
    await approvedPlan(stranger.accountId, stranger.token, "https://stranger.invalid");

    const res = await call("/api/autopilot/items?status=SCHEDULED&per_page=100", { token });
    expect(res.status).toBe(200);
    const page = (await res.json()) as {
      items: { id: string; planId: string; siteId: string; scheduledAt: string; status: string }[];
      total: number;
      totalPages: number;
    };
    expect(page.total).toBe(6);
    expect(new Set(page.items.map((item) => item.planId))).toEqual(new Set([first.plan.id, second.plan.id]));
    const times = page.items.map((item) => item.scheduledAt);
    expect(times).toEqual([...times].sort());
    expect(page.items.every((item) => item.status === "SCHEDULED")).toBe(true);
    const firstItem = page.items.find((item) => item.id === first.plan.items[0]!.id);
    expect(firstItem).toMatchObject({ planId: first.plan.id, siteId: first.site.id, title: first.plan.items[0]!.title });

    const onlySecond = (await (await call(`/api/autopilot/items?siteId=${second.site.id}`, { token })).json()) as {
      items: { siteId: string }[];
      total: number;
    };
    expect(onlySecond.total).toBe(3);
    expect(onlySecond.items.every((item) => item.siteId === second.site.id)).toBe(true);

    const paged = (await (await call("/api/autopilot/items?status=SCHEDULED&per_page=4&page=2", { token })).json()) as {
      items: unknown[];
      page: number;
      totalPages: number;
    };
    expect(paged).toMatchObject({ page: 2, totalPages: 2 });
    expect(paged.items).toHaveLength(2);

    const failed = (await (await call("/api/autopilot/items?status=FAILED", { token })).json()) as { items: unknown[]; total: number };
    expect(failed).toMatchObject({ items: [], total: 0 });
  });

  it("answers a clear 400 for an unknown status or a bad page, and 401 without a token", async () => {
    const { token } = await seedAccount();
    await expectError(await call("/api/autopilot/items?status=DONE", { token }), 400, "invalid_request");
    await expectError(await call("/api/autopilot/items?per_page=500", { token }), 400, "invalid_request");
    await expectError(await call("/api/autopilot/items"), 401);
    await expectError(await call(`/api/autopilot/items?siteId=${"s".repeat(65)}`, { token }), 400, "invalid_request");
  });

  it("another account's site id lists nothing of that account", async () => {
    const owner = await seedAccount();
    const { site } = await approvedPlan(owner.accountId, owner.token, "https://owner.invalid");
    const stranger = await seedAccount();
    const res = await call(`/api/autopilot/items?siteId=${site.id}`, { token: stranger.token });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ items: [], total: 0 });
  });
});

describe("GET /api/billing/balance: reservations held for work under way", () => {
  it("counts reserved credits until they are settled", async () => {
    const { accountId, token } = await seedAccount({ creditKurus: 10_000 });
    const empty = (await (await call("/api/billing/balance", { token })).json()) as { reserved: unknown };
    expect(empty.reserved).toEqual({ amount: "0.00", count: 0, oldestAt: null });

    const now = new Date("2026-11-23T10:00:00Z");
    await reserveCredits(db(), { accountId, reference: "item_a:run", kind: "generation", amountKurus: 1500, now });
    await reserveCredits(db(), {
      accountId,
      reference: "item_b:run",
      kind: "generation",
      amountKurus: 500,
      now: new Date("2026-11-23T10:05:00Z"),
    });
    const held = (await (await call("/api/billing/balance", { token })).json()) as { creditBalance: string; reserved: unknown };
    expect(held).toMatchObject({ creditBalance: "80.00", reserved: { amount: "20.00", count: 2, oldestAt: "2026-11-23T10:00:00Z" } });

    await settleCharge(db(), { accountId, reference: "item_a:run", now });
    const after = (await (await call("/api/billing/balance", { token })).json()) as { reserved: unknown };
    expect(after.reserved).toEqual({ amount: "5.00", count: 1, oldestAt: "2026-11-23T10:05:00Z" });
  });
});
