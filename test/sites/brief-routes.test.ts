import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sites } from "../../src/db/schema";
import { call, db, expectError, seedAccount, seedSite, seedToken } from "../harness";

const EMPTY = { audience: "", tone: "", topicsToAvoid: [], notes: "" };

describe("GET/PUT /api/sites/{siteId}/brief", () => {
  it("starts from the site's businessContext, then PUT replaces the whole brief (trimmed; left-out fields empty)", async () => {
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId, { businessContext: "A bakery in Kadıköy" });
    const first = await call(`/api/sites/${site.id}/brief`, { token });
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ siteId: site.id, business: "A bakery in Kadıköy", ...EMPTY });

    const full = { business: "  Sourdough starter, rye flour  ", audience: "Home bakers", tone: "Warm", topicsToAvoid: ["gluten-free diets"], notes: "Metric units" };
    const saved = await call(`/api/sites/${site.id}/brief`, { method: "PUT", token, json: full });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ siteId: site.id, ...full, business: "Sourdough starter, rye flour" });

    const replaced = await call(`/api/sites/${site.id}/brief`, { method: "PUT", token, json: { tone: "Dry humour" } });
    expect(await replaced.json()).toMatchObject({ business: "", audience: "", tone: "Dry humour", topicsToAvoid: [], notes: "" });
    expect(await (await call(`/api/sites/${site.id}/brief`, { token })).json()).toMatchObject({ tone: "Dry humour", business: "" });
  });

  it("feeds plan creation: the offline seeds are the brief's phrases, and a topic to avoid stays out", async () => {
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId, { businessContext: "Something else entirely" });
    await call(`/api/sites/${site.id}/brief`, { method: "PUT", token, json: { business: "Sourdough starter, rye flour, gluten-free baking", topicsToAvoid: ["Gluten free"] } });
    const res = await call("/api/autopilot/plans", { method: "POST", token, json: { siteId: site.id, articleCount: 10, cadencePerWeek: 3 } });
    expect(res.status).toBe(201);
    const plan = (await res.json()) as { research: { seeds: string[] }; items: { targetKeyword: string }[] };
    expect(plan.research.seeds).toEqual(["sourdough starter", "rye flour"]);
    expect(plan.items.filter((item) => /gluten/.test(item.targetKeyword))).toEqual([]);
  });

  it.each([
    [{ business: "x".repeat(5001) }, "business"],
    [{ audience: "x".repeat(1001) }, "audience"],
    [{ tone: "x".repeat(501) }, "tone"],
    [{ notes: "x".repeat(4001) }, "notes"],
    [{ topicsToAvoid: Array.from({ length: 51 }, (_, i) => `topic ${i}`) }, "topicsToAvoid"],
    [{ topicsToAvoid: ["x".repeat(201)] }, "topicsToAvoid"],
    [{ topicsToAvoid: ["  "] }, "topicsToAvoid"],
    [{ topicsToAvoid: "gluten" }, "topicsToAvoid"],
    [{ business: 42 }, "business"],
    [{ businessContext: "old name" }, "businessContext"],
  ])("400 for %j, naming %s, and the stored brief stays", async (body, name) => {
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId, { businessContext: "A bakery" });
    await call(`/api/sites/${site.id}/brief`, { method: "PUT", token, json: { business: "Kept", tone: "Kept too" } });
    const error = await expectError(await call(`/api/sites/${site.id}/brief`, { method: "PUT", token, json: body }), 400, "invalid_request");
    expect(error.message).toContain(name);
    expect(await (await call(`/api/sites/${site.id}/brief`, { token })).json()).toMatchObject({ business: "Kept", tone: "Kept too" });
  });

  it("400 for malformed JSON", async () => {
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId);
    await expectError(await call(`/api/sites/${site.id}/brief`, { method: "PUT", token, headers: { "Content-Type": "application/json" }, body: "{ not json" }), 400, "invalid_request");
  });

  it("404 for another account's or a missing site (nothing written); 401 without a token; 403 for public:read", async () => {
    const owner = await seedAccount();
    const site = await seedSite(owner.accountId, { businessContext: "Theirs" });
    const { token } = await seedAccount();
    await expectError(await call(`/api/sites/${site.id}/brief`, { token }), 404, "not_found");
    await expectError(await call(`/api/sites/${site.id}/brief`, { method: "PUT", token, json: { business: "Mine now" } }), 404, "not_found");
    await expectError(await call(`/api/sites/site_missing/brief`, { token }), 404, "not_found");
    const [row] = await db().select().from(sites).where(eq(sites.id, site.id));
    expect(row!.brief).toBe("");
    await expectError(await call(`/api/sites/${site.id}/brief`), 401);
    const reader = await seedToken(owner.accountId, "public:read");
    await expectError(await call(`/api/sites/${site.id}/brief`, { token: reader.token }), 403);
  });
});
