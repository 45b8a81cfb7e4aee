import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { newId } from "../../src/core/ids";
import { existingPosts, planItems, searchPages, searchQueries, serpResearch } from "../../src/db/schema";
import { OverlapIndex } from "../../src/plans/overlap";
import { seedMember } from "../members/helpers";
import { call, db, expectError, seedAccount, seedExistingPosts, seedSite } from "../harness";
import { createPlanVia, useResearchFakes } from "./helpers";

// §1 of issue 42: a keyword is compared with the site's Search Console pages (a close variant at
// position ≤ 30) and the stored research of its other items and articles (≥ 4 shared top-10 URLs).

const SITE_URL = "https://bakery.invalid";

async function seedPage(siteId: string, slug: string, queries: { query: string; impressions: number; position: number }[]) {
  const [page] = await db()
    .insert(searchPages)
    .values({ siteId, urlKey: `bakery.invalid/${slug}`, url: `${SITE_URL}/${slug}/` })
    .returning();
  await db()
    .insert(searchQueries)
    .values(queries.map((row) => ({ siteId, pageId: page!.id, clicks: 1, ...row })));
  return page!;
}

async function seedResearch(accountId: string, siteId: string, keyword: string, urls: string[]) {
  const id = newId("res");
  await db()
    .insert(serpResearch)
    .values({
      id,
      accountId,
      siteId,
      keyword,
      language: "en",
      query: keyword,
      provider: "offline",
      results: urls.map((url, i) => ({ url, title: `Result ${i + 1}`, description: "", rank: i + 1 })),
      questions: [],
      relatedSearches: [],
      sources: [],
      skipped: [],
    });
  return id;
}

const results = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `https://${prefix}${i}.example.invalid/page`);

async function blogSite() {
  const { accountId, token } = await seedAccount();
  const site = await seedSite(accountId, { platform: "blog", url: SITE_URL, language: "en", businessContext: "Home baking" });
  return { accountId, token, site };
}

describe("OverlapIndex: pages earning for a close variant", () => {
  it("finds a page at average position 30 for the same words in another order, case and form, and names its post", async () => {
    const { accountId, site } = await blogSite();
    await seedExistingPosts(accountId, site.id, [{ title: "Rye bread", url: `${SITE_URL}/rye/` }]);
    const [post] = await db().select().from(existingPosts).where(eq(existingPosts.siteId, site.id));
    await seedPage(site.id, "rye", [{ query: "Rye Breads baking", impressions: 40, position: 30 }]);
    const index = await OverlapIndex.load(db(), site);
    expect(index.find("bake rye bread")).toEqual({
      kind: "page",
      url: `${SITE_URL}/rye/`,
      postId: post!.id,
      query: "Rye Breads baking",
      position: 30,
      impressions: 40,
    });
  });

  it("leaves a page at position 31, a page without impressions and another site's page alone", async () => {
    const { site } = await blogSite();
    const other = await blogSite();
    await seedPage(site.id, "deep", [{ query: "rye bread", impressions: 40, position: 31 }]);
    await seedPage(site.id, "quiet", [{ query: "spelt bread", impressions: 0, position: 4 }]);
    await seedPage(other.site.id, "theirs", [{ query: "oat bread", impressions: 90, position: 3 }]);
    const index = await OverlapIndex.load(db(), site);
    expect(index.find("rye bread")).toBeNull();
    expect(index.find("spelt bread")).toBeNull();
    expect(index.find("oat bread")).toBeNull();
    expect(index.find("rye bread recipe")).toBeNull(); // more words: another topic
  });

  it("names the page earning most for the query when several do", async () => {
    const { site } = await blogSite();
    await seedPage(site.id, "small", [{ query: "rye bread", impressions: 10, position: 5 }]);
    await seedPage(site.id, "big", [{ query: "rye bread", impressions: 900, position: 9 }]);
    expect((await OverlapIndex.load(db(), site)).find("rye bread")?.url).toBe(`${SITE_URL}/big/`);
  });
});

describe("OverlapIndex: items and articles on one topic by their research", () => {
  it("4 shared top-10 URLs make one topic; 3 do not", async () => {
    const { accountId, token, site } = await blogSite();
    const { openai } = useResearchFakes([{ keyword: "sourdough starter", searchVolume: 900, competitionLevel: "LOW" }]);
    openai.script({ answer: { seeds: ["sourdough"] } }, { answer: { titles: ["A sourdough starter guide"] } });
    const plan = await createPlanVia(token, { siteId: site.id, articleCount: 1, cadencePerWeek: 1 });
    const other = plan.items[0]!;
    const shared = results("shared", 4);
    const otherResearch = await seedResearch(accountId, site.id, "sourdough starter", [...shared, ...results("a", 6)]);
    await db().update(planItems).set({ researchId: otherResearch }).where(eq(planItems.id, other.id));
    await seedResearch(accountId, site.id, "levain", [...shared, ...results("b", 6)]);
    await seedResearch(accountId, site.id, "wild yeast", [...shared.slice(0, 3), ...results("c", 7)]);

    const index = await OverlapIndex.load(db(), site);
    expect(index.find("Levain")).toEqual({ kind: "item", url: null, itemId: other.id, sharedResults: 4 });
    expect(index.find("wild yeast")).toBeNull();
    // Never researched: nothing stored to compare at planning.
    expect(index.find("poolish")).toBeNull();
    // An item is not its own overlap.
    expect(index.find("sourdough starter", other.id)).toBeNull();
  });
});

describe("POST /api/autopilot/plans: overlap and suggestion", () => {
  it("marks an item overlapping a post improve, one overlapping a page without a post new, and keeps one item per page", async () => {
    const { accountId, token, site } = await blogSite();
    await seedExistingPosts(accountId, site.id, [{ title: "Our loaves", url: `${SITE_URL}/loaves/` }]);
    const [post] = await db().select().from(existingPosts).where(eq(existingPosts.siteId, site.id));
    await seedPage(site.id, "loaves", [
      { query: "rye bread", impressions: 300, position: 12 },
      { query: "spelt bread", impressions: 100, position: 8 },
    ]);
    await seedPage(site.id, "tag/focaccia", [{ query: "focaccia recipe", impressions: 50, position: 20 }]);
    const { openai } = useResearchFakes([
      { keyword: "rye bread", searchVolume: 5000, competitionLevel: "LOW" },
      { keyword: "spelt bread", searchVolume: 3000, competitionLevel: "LOW" },
      { keyword: "focaccia recipe", searchVolume: 1000, competitionLevel: "LOW" },
      { keyword: "banana loaf", searchVolume: 500, competitionLevel: "LOW" },
    ]);
    openai.script(
      { answer: { seeds: ["bread"] } },
      { answer: { titles: ["The first title here", "The second title here", "The third title here"] } },
    );

    const plan = await createPlanVia(token, { siteId: site.id, articleCount: 4, cadencePerWeek: 2 });
    const items = plan.items as unknown as { targetKeyword: string; overlap: Record<string, unknown> | null; suggestion: string | null }[];
    // "spelt bread" overlaps the same page as "rye bread": left out, so the plan has 3 items.
    expect(items.map((item) => [item.targetKeyword, item.suggestion])).toEqual([
      ["rye bread", "improve"],
      ["focaccia recipe", "new"],
      ["banana loaf", null],
    ]);
    expect(items[0]!.overlap).toEqual({
      kind: "page",
      url: `${SITE_URL}/loaves/`,
      postId: post!.id,
      query: "rye bread",
      position: 12,
      impressions: 300,
    });
    expect(items[1]!.overlap).toMatchObject({ kind: "page", url: `${SITE_URL}/tag/focaccia/`, query: "focaccia recipe" });
    expect(items[2]!.overlap).toBeNull();
  });
});

describe("POST /api/autopilot/plans/{planId}/items and PATCH /api/autopilot/items/{itemId}: overlap, suggestion", () => {
  async function draftWithOneItem() {
    const ctx = await blogSite();
    await seedExistingPosts(ctx.accountId, ctx.site.id, [{ title: "Our loaves", url: `${SITE_URL}/loaves/` }]);
    await seedPage(ctx.site.id, "loaves", [
      { query: "rye bread", impressions: 300, position: 12 },
      { query: "dark rye", impressions: 80, position: 14 },
    ]);
    const { openai } = useResearchFakes([{ keyword: "rye bread", searchVolume: 5000, competitionLevel: "LOW" }]);
    openai.script({ answer: { seeds: ["bread"] } }, { answer: { titles: ["Rye bread at home"] } });
    const plan = await createPlanVia(ctx.token, { siteId: ctx.site.id, articleCount: 1, cadencePerWeek: 2 });
    return { ...ctx, plan, itemId: plan.items[0]!.id, openai };
  }
  const patch = (token: string, itemId: string, json: unknown) => call(`/api/autopilot/items/${itemId}`, { method: "PATCH", token, json });
  const storedItem = async (itemId: string) => (await db().select().from(planItems).where(eq(planItems.id, itemId)))[0]!;

  it("an added keyword on the same page as an item of the plan is 409 keyword_same_topic, and nothing is added", async () => {
    const { token, plan } = await draftWithOneItem();
    const error = await expectError(
      await call(`/api/autopilot/plans/${plan.id}/items`, { method: "POST", token, json: { keyword: "dark rye", title: "Dark rye" } }),
      409,
      "keyword_same_topic",
    );
    expect(error.message).toContain(`${SITE_URL}/loaves/`);
    expect(await db().select().from(planItems).where(eq(planItems.planId, plan.id))).toHaveLength(1);
  });

  it("an added keyword overlapping another page carries its overlap", async () => {
    const { token, plan, site } = await draftWithOneItem();
    await seedPage(site.id, "oats", [{ query: "oat bread", impressions: 20, position: 25 }]);
    const res = await call(`/api/autopilot/plans/${plan.id}/items`, {
      method: "POST",
      token,
      json: { keyword: "Oat Breads", title: "Oats" },
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ overlap: { kind: "page", url: `${SITE_URL}/oats/`, query: "oat bread" }, suggestion: "new" });
  });

  it("the owner switches an improve item to new and back", async () => {
    const { token, itemId } = await draftWithOneItem();
    const toNew = await patch(token, itemId, { suggestion: "new" });
    expect(toNew.status).toBe(200);
    expect(await toNew.json()).toMatchObject({ suggestion: "new", overlap: { kind: "page" } });
    expect((await storedItem(itemId)).suggestion).toBe("new");
    const back = await patch(token, itemId, { suggestion: "improve" });
    expect(await back.json()).toMatchObject({ suggestion: "improve" });
  });

  it("improve without a post to improve is 409 item_not_improvable and changes nothing", async () => {
    const { token, plan, site } = await draftWithOneItem();
    const added = (await (
      await call(`/api/autopilot/plans/${plan.id}/items`, { method: "POST", token, json: { keyword: "banana loaf", title: "Banana" } })
    ).json()) as { id: string; suggestion: string | null };
    expect(added.suggestion).toBeNull();
    const before = await storedItem(added.id);
    await expectError(await patch(token, added.id, { suggestion: "improve" }), 409, "item_not_improvable");
    expect(await storedItem(added.id)).toEqual(before);
    void site;
  });

  it("a new keyword is compared again: its overlap and suggestion follow", async () => {
    const { token, itemId } = await draftWithOneItem();
    const res = await patch(token, itemId, { targetKeyword: "banana loaf" });
    expect(await res.json()).toMatchObject({ targetKeyword: "banana loaf", overlap: null, suggestion: null });
  });

  it.each([
    ["an unknown suggestion", { suggestion: "merge" }],
    ["a number", { suggestion: 1 }],
    ["null", { suggestion: null }],
  ])("400 for %s, and the item stays as it was", async (_case, body) => {
    const { token, itemId } = await draftWithOneItem();
    const before = await storedItem(itemId);
    await expectError(await patch(token, itemId, body), 400, "invalid_request");
    expect(await storedItem(itemId)).toEqual(before);
  });

  it("a started item is 409; a viewer is 403; another account's item is 404; nothing changes", async () => {
    const { accountId, token, itemId } = await draftWithOneItem();
    const before = await storedItem(itemId);
    const viewer = await seedMember(accountId, "viewer");
    await expectError(await patch(viewer.token, itemId, { suggestion: "new" }), 403);
    const stranger = await seedAccount();
    await expectError(await patch(stranger.token, itemId, { suggestion: "new" }), 404, "not_found");
    expect(await storedItem(itemId)).toEqual(before);
    await db().update(planItems).set({ status: "GENERATING" }).where(eq(planItems.id, itemId));
    await expectError(await patch(token, itemId, { suggestion: "new" }), 409, "plan_item_not_editable");
    expect((await storedItem(itemId)).suggestion).toBe("improve");
  });
});
