import { describe, expect, it } from "vitest";
import { answer, linkFor, reviewArticle, secretOf } from "../approvals/helpers";
import { memberToken, seedMember } from "../email/helpers";
import { call, seedAccount, seedSite } from "../harness";
import { offlinePlan } from "../pipeline/helpers";
import { connect, tool, toolError } from "./client";

// What an assistant reads in the lists: plans and sites by their names, and articles filtered by
// where the client's approval stands, the same as the HTTP API answers.

interface ArticleList {
  items: { id: string; approvalStatus: string }[];
  total: number;
}
interface PlanList {
  items: { id: string; name: string | null; siteId: string }[];
  total: number;
  hasMore: boolean;
}

const api = async (path: string, token: string) => (await call(path, { token })).json();

describe("list_articles filtered by the client's approval", () => {
  it("awaiting, approved, changes_requested and none, as GET /api/autopilot/articles?approval= answers", async () => {
    const { token, articleIds } = await reviewArticle({ articleCount: 4, mode: "review" });
    const [awaiting, approved, changes, none] = articleIds as [string, string, string, string];
    await linkFor(token, awaiting);
    expect((await answer(secretOf(await linkFor(token, approved)), { decision: "approve" })).status).toBe(200);
    expect((await answer(secretOf(await linkFor(token, changes)), { decision: "changes", comment: "Mention rye." })).status).toBe(200);
    const client = await connect(token);
    for (const [approval, id] of [
      ["awaiting", awaiting],
      ["approved", approved],
      ["changes_requested", changes],
      ["none", none],
    ] as const) {
      const listed = await tool<ArticleList>(client, "list_articles", { approval });
      expect(listed.items.map((article) => [article.id, article.approvalStatus])).toEqual([[id, approval]]);
      const rest = (await api(`/api/autopilot/articles?approval=${approval}`, token)) as ArticleList;
      expect(listed.items).toEqual(rest.items);
    }
    const pendingChanges = await tool<ArticleList>(client, "list_articles", { status: "pending", approval: "changes_requested" });
    expect(pendingChanges.items.map((article) => article.id)).toEqual([changes]);
    await client.close();
  });

  it("a bad value is a tool error naming the values", async () => {
    const { token } = await seedAccount();
    const client = await connect(token);
    for (const approval of ["yes", "", "AWAITING", 1, null])
      expect(await toolError(client, "list_articles", { approval }), JSON.stringify(approval)).toContain(
        "approval must be one of awaiting, approved, changes_requested, none",
      );
    await client.close();
  });
});

describe("names in the assistant's lists", () => {
  it("list_plans gives each plan's name, as GET /api/autopilot/plans does, also after a rename", async () => {
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId, { platform: "blog", url: "https://bakery.invalid", blogName: "The Bakery" });
    const first = (await offlinePlan(token, site.id)) as unknown as { id: string; name: string };
    const second = (await offlinePlan(token, site.id)) as unknown as { id: string; name: string };
    expect(first.name).toMatch(/^The Bakery · /);
    const client = await connect(token);
    await tool(client, "rename_plan", { planId: second.id, name: "Aralık kampanyası" });

    const listed = await tool<PlanList>(client, "list_plans");
    expect(Object.fromEntries(listed.items.map((plan) => [plan.id, plan.name]))).toEqual({
      [second.id]: "Aralık kampanyası",
      [first.id]: first.name,
    });
    expect(listed).toMatchObject({ total: 2, hasMore: false });
    const { hasMore: _, ...page } = listed;
    expect(page).toEqual(await api("/api/autopilot/plans", token));
    expect(await tool<PlanList>(client, "list_plans", { perPage: 1 })).toMatchObject({
      items: [{ id: listed.items[0]!.id }],
      hasMore: true,
    });
    expect(await toolError(client, "list_plans", { perPage: 0 })).toMatch(/perPage/);
    await client.close();
  });

  it("list_plans shows a member limited to some sites only their plans; another account's none", async () => {
    const { accountId, token } = await seedAccount();
    const mine = await seedSite(accountId, { platform: "custom", businessContext: "Bread" });
    const elsewhere = await seedSite(accountId, { platform: "custom", businessContext: "Cheese" });
    const plan = (await offlinePlan(token, mine.id)) as unknown as { id: string };
    await offlinePlan(token, elsewhere.id);
    const limited = await seedMember(accountId, { role: "viewer", siteIds: [mine.id] });
    const client = await connect(await memberToken(accountId, limited.memberId));
    expect((await tool<PlanList>(client, "list_plans")).items.map((p) => p.id)).toEqual([plan.id]);
    await client.close();
    const stranger = await connect((await seedAccount()).token);
    expect(await tool<PlanList>(stranger, "list_plans")).toMatchObject({ items: [], total: 0 });
    await stranger.close();
  });

  it("list_sites and get_site name each site by its display name", async () => {
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId, { platform: "blog", blogName: "WP Title" });
    expect((await call(`/api/sites/${site.id}`, { method: "PATCH", token, json: { displayName: "Fırın Blogu" } })).status).toBe(200);
    const client = await connect(token);
    const { sites } = await tool<{ sites: { id: string; name: string; displayName: string }[] }>(client, "list_sites");
    expect(sites).toEqual([expect.objectContaining({ id: site.id, name: "Fırın Blogu", displayName: "Fırın Blogu" })]);
    expect(await tool(client, "get_site", { siteId: site.id })).toMatchObject({ name: "Fırın Blogu" });
    await client.close();
  });
});
