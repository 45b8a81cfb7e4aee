import { describe, expect, it } from "vitest";
import { isDemoSite } from "../../src/plans/defaults";
import { searchPages, searchQueries, sites } from "../../src/db/schema";
import { eq } from "drizzle-orm";
import { call, db, expectError, seedAccount, seedSite } from "../harness";
import { seedMember } from "../members/helpers";
import { createPlanVia, planVia, useResearchFakes } from "./helpers";

interface PlanWithFeedback {
  id: string;
  publishMode: string;
  warningDetails: { code: string }[];
  warnings: string[];
  fromSearchConsole: { opportunities: number; used: number; noneBecause: string | null } | null;
  items: { targetKeyword: string }[];
}

const BRIEF = "Home baking: sourdough bread, rye bread, banana bread, focaccia";

async function create(token: string, body: Record<string, unknown>) {
  return (await createPlanVia(token, { articleCount: 3, cadencePerWeek: 2, ...body })) as unknown as PlanWithFeedback;
}

async function seedQueries(siteId: string, rows: { query: string; impressions: number; position: number }[]) {
  for (const [index, row] of rows.entries()) {
    const [page] = await db()
      .insert(searchPages)
      .values({ siteId, urlKey: `bakery.invalid/p-${index}`, url: `https://bakery.invalid/p-${index}/` })
      .returning();
    await db()
      .insert(searchQueries)
      .values({ siteId, pageId: page!.id, clicks: 1, ...row });
  }
  await db().update(sites).set({ searchSyncedAt: "2026-11-20T06:00:00Z", searchConsoleState: "synced" }).where(eq(sites.id, siteId));
}

describe("Plan from Search Console: the plan records what it used, and why none", () => {
  it("no_sync before any sync stored queries", async () => {
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId, { url: "https://bakery.invalid", businessContext: BRIEF });
    const plan = await create(token, { siteId: site.id, fromSearchConsole: true });
    expect(plan.fromSearchConsole).toEqual({ opportunities: 0, used: 0, noneBecause: "no_sync" });
    expect((await create(token, { siteId: site.id })).fromSearchConsole).toBeNull();
    expect((await planVia(token, plan.id)).body).toMatchObject({ fromSearchConsole: plan.fromSearchConsole });
  });

  it("none_in_range when the site's queries rank above 8 or below 30", async () => {
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId, { url: "https://bakery.invalid", businessContext: BRIEF });
    await seedQueries(site.id, [
      { query: "bread flour types", impressions: 500, position: 3 },
      { query: "bread oven temperature", impressions: 500, position: 45 },
    ]);
    const plan = await create(token, { siteId: site.id, fromSearchConsole: true });
    expect(plan.fromSearchConsole).toEqual({ opportunities: 0, used: 0, noneBecause: "none_in_range" });
  });

  it("all_targeted when every query at 8–30 is already an item of the site", async () => {
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId, { url: "https://bakery.invalid", businessContext: BRIEF });
    const first = await create(token, { siteId: site.id, articleCount: 1 });
    await seedQueries(site.id, [{ query: first.items[0]!.targetKeyword, impressions: 400, position: 12 }]);
    const plan = await create(token, { siteId: site.id, fromSearchConsole: true });
    expect(plan.fromSearchConsole).toEqual({ opportunities: 0, used: 0, noneBecause: "all_targeted" });
  });

  it("outranked when research's keywords have more searches than every opportunity", async () => {
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId, { url: "https://bakery.invalid", businessContext: BRIEF });
    await seedQueries(site.id, [{ query: "overnight focaccia recipe", impressions: 10, position: 15 }]);
    const plan = await create(token, { siteId: site.id, fromSearchConsole: true });
    expect(plan.fromSearchConsole).toEqual({ opportunities: 1, used: 0, noneBecause: "outranked" });
  });

  it("counts the opportunities used; null on a plan made without the option", async () => {
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId, { url: "https://bakery.invalid", businessContext: BRIEF });
    await seedQueries(site.id, [{ query: "overnight focaccia recipe", impressions: 2800, position: 15 }]);
    const { openai } = useResearchFakes([
      { keyword: "sourdough bread", searchVolume: 5000, competitionLevel: "LOW" },
      { keyword: "rye bread", searchVolume: 900, competitionLevel: "LOW" },
    ]);
    openai.script(
      { answer: { seeds: ["bread"] } },
      { answer: { titles: ["A first title here", "A second title here", "A third title here"] } },
    );
    const plan = await create(token, { siteId: site.id, fromSearchConsole: true });
    expect(plan.items.map((i) => i.targetKeyword)).toContain("overnight focaccia recipe");
    expect(plan.fromSearchConsole).toEqual({ opportunities: 1, used: 1, noneBecause: null });
    expect(plan.warningDetails.map((w) => w.code)).toContain("search_console_keywords");
  });
});

describe("a new plan's publish mode with the offline writer", () => {
  it("knows a demo site: .invalid hosts and loopback addresses, nothing else", () => {
    for (const url of [
      "https://bakery.invalid",
      "http://localhost:8080",
      "http://127.0.0.1:8889/",
      "http://[::1]:80",
      "https://a.example.invalid",
    ])
      expect(isDemoSite(url), url).toBe(true);
    for (const url of ["https://blog.example.com", "https://invalid.com", "http://10.0.0.5", "not a url"])
      expect(isDemoSite(url), url).toBe(false);
  });

  it("waits for review on a real site when no mode is given, says why, and keeps a chosen mode", async () => {
    const { accountId, token } = await seedAccount();
    const real = await seedSite(accountId, { url: "https://real-bakery.example.com", businessContext: BRIEF });
    const plan = await create(token, { siteId: real.id });
    expect(plan.publishMode).toBe("review");
    expect(plan.warningDetails.map((w) => w.code)).toContain("review_by_default");
    expect(plan.warnings.join(" ")).toMatch(/writer is offline/);

    const chosen = await create(token, { siteId: real.id, publishMode: "publish" });
    expect(chosen.publishMode).toBe("publish");
    expect(chosen.warningDetails.map((w) => w.code)).not.toContain("review_by_default");
  });

  it("publishes by default on a .invalid or loopback demo", async () => {
    const { accountId, token } = await seedAccount();
    for (const url of ["https://bakery.invalid", "http://127.0.0.1:8889"]) {
      const site = await seedSite(accountId, { url, businessContext: BRIEF });
      const plan = await create(token, { siteId: site.id });
      expect(plan.publishMode, url).toBe("publish");
      expect(plan.warningDetails.map((w) => w.code)).not.toContain("review_by_default");
    }
  });

  it("GET /api/autopilot/plan-defaults says the mode, why and the name before a plan is made", async () => {
    const { accountId, token } = await seedAccount();
    const real = await seedSite(accountId, { url: "https://real-bakery.example.com", displayName: "Real Bakery" });
    const res = await call(`/api/autopilot/plan-defaults?siteId=${real.id}`, { token });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      siteId: real.id,
      publishMode: "review",
      reason: "offline_writer",
      name: expect.stringMatching(/^Real Bakery · /),
    });
    const demo = await seedSite(accountId, { url: "https://bakery.invalid" });
    expect(await (await call(`/api/autopilot/plan-defaults?siteId=${demo.id}`, { token })).json()).toMatchObject({
      publishMode: "publish",
      reason: null,
    });

    await expectError(await call("/api/autopilot/plan-defaults", { token }), 400, "invalid_request");
    const other = await seedAccount();
    await expectError(await call(`/api/autopilot/plan-defaults?siteId=${real.id}`, { token: other.token }), 404, "not_found");
    const limited = await seedMember(accountId, "viewer", { siteIds: [demo.id] });
    await expectError(await call(`/api/autopilot/plan-defaults?siteId=${real.id}`, { token: limited.token }), 404, "not_found");
  });
});
