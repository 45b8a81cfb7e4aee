import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sites } from "../../src/db/schema";
import { call, db, expectError, seedAccount, seedSite, seedToken } from "../harness";
import { createPlanVia } from "../plans/helpers";

const ISO_SECONDS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/;

interface BriefBody {
  siteId: string;
  business: string;
  audience: string;
  tone: string;
  topicsToAvoid: string[];
  notes: string;
  authorName: string;
  organizationName: string;
  logoUrl: string;
  faq: boolean;
  updatedAt: string;
}

/** The structured data fields of a brief nobody filled in. */
const NO_STRUCTURED_DATA = {
  authorName: "",
  organizationName: "",
  logoUrl: "",
  faq: true,
  // Issue 29: the quality gate's defaults and the citations' rel.
  minContentScore: 60,
  maxSimilarity: 0.5,
  requireFactCheck: true,
  citationRel: "noopener",
};

const briefPath = (siteId: string) => `/api/sites/${siteId}/brief`;
const getBrief = (siteId: string, token?: string) => call(briefPath(siteId), { token });
const putBrief = (siteId: string, json: unknown, token?: string) => call(briefPath(siteId), { method: "PUT", token, json });

async function readBrief(siteId: string, token: string): Promise<BriefBody> {
  const res = await getBrief(siteId, token);
  expect(res.status).toBe(200);
  return (await res.json()) as BriefBody;
}

async function siteRow(siteId: string) {
  const [row] = await db().select().from(sites).where(eq(sites.id, siteId));
  return row!;
}

async function accountWithSite(fields: Partial<typeof sites.$inferInsert> = {}) {
  const { accountId, token } = await seedAccount();
  const site = await seedSite(accountId, fields);
  return { accountId, token, site };
}

describe("GET /api/sites/{siteId}/brief", () => {
  it("starts from the site's businessContext, every other field empty, until a brief is saved", async () => {
    const { token, site } = await accountWithSite({ businessContext: "A family bakery in Kadıköy selling sourdough bread" });
    const brief = await readBrief(site.id, token);
    expect(brief).toEqual({
      siteId: site.id,
      business: "A family bakery in Kadıköy selling sourdough bread",
      audience: "",
      tone: "",
      topicsToAvoid: [],
      notes: "",
      ...NO_STRUCTURED_DATA,
      updatedAt: site.updatedAt,
    });
    // Reading writes nothing.
    expect((await siteRow(site.id)).brief).toBe("");
  });

  it("is all empty for a site without a business context", async () => {
    const { token, site } = await accountWithSite();
    expect(await readBrief(site.id, token)).toMatchObject({ business: "", audience: "", tone: "", topicsToAvoid: [], notes: "" });
  });
});

describe("PUT /api/sites/{siteId}/brief", () => {
  it("saves the whole brief, trimmed, answers it and reads it back the same", async () => {
    const { token, site } = await accountWithSite({ businessContext: "Old words" });
    const started = Date.now();
    const res = await putBrief(
      site.id,
      {
        business: "  A family bakery: sourdough bread, rye flour  ",
        audience: "\tHome bakers in Istanbul\n",
        tone: " Warm, practical ",
        topicsToAvoid: ["  gluten-free diets ", "competitors"],
        notes: "  Metric units only.  ",
        authorName: " Ayşe Yılmaz ",
        organizationName: "Kadıköy Bakery",
        logoUrl: " https://bakery.example/logo.png ",
        faq: false,
      },
      token,
    );
    expect(res.status).toBe(200);
    const saved = (await res.json()) as BriefBody;
    expect(saved).toEqual({
      siteId: site.id,
      business: "A family bakery: sourdough bread, rye flour",
      audience: "Home bakers in Istanbul",
      tone: "Warm, practical",
      topicsToAvoid: ["gluten-free diets", "competitors"],
      notes: "Metric units only.",
      authorName: "Ayşe Yılmaz",
      organizationName: "Kadıköy Bakery",
      logoUrl: "https://bakery.example/logo.png",
      faq: false,
      // Not sent: the gate's defaults.
      minContentScore: 60,
      maxSimilarity: 0.5,
      requireFactCheck: true,
      citationRel: "noopener",
      updatedAt: expect.stringMatching(ISO_SECONDS),
    });
    expect(Date.parse(saved.updatedAt)).toBeGreaterThanOrEqual(started - 1000);
    expect(await readBrief(site.id, token)).toEqual(saved);

    const row = await siteRow(site.id);
    const { siteId: _siteId, updatedAt: _updatedAt, ...stored } = saved;
    expect(JSON.parse(row.brief)).toEqual(stored);
    expect(row.updatedAt).toBe(saved.updatedAt);
  });

  it("takes back the document GET answered, read-only fields ignored; another site's id is 400 (issue 18, item 11)", async () => {
    const { token, site } = await accountWithSite({ businessContext: "A bakery" });
    const read = await readBrief(site.id, token);
    const res = await putBrief(site.id, { ...read, tone: "Friendly" }, token);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ siteId: site.id, business: "A bakery", tone: "Friendly" });
    const error = await expectError(await putBrief(site.id, { ...read, siteId: "site_someoneelse" }, token), 400, "invalid_request");
    expect(error.message).toContain("'siteId'");
    expect((await readBrief(site.id, token)).tone).toBe("Friendly");
  });

  it("replaces the whole brief: fields left out become empty, and an empty business stays empty", async () => {
    const { token, site } = await accountWithSite({ businessContext: "The business context" });
    await putBrief(site.id, { business: "Bread", audience: "Bakers", tone: "Warm", topicsToAvoid: ["cake"], notes: "None" }, token);

    const replaced = await putBrief(site.id, { tone: "Dry humour" }, token);
    expect(replaced.status).toBe(200);
    expect(await replaced.json()).toMatchObject({ business: "", audience: "", tone: "Dry humour", topicsToAvoid: [], notes: "" });
    expect(await readBrief(site.id, token)).toMatchObject({ business: "", audience: "", tone: "Dry humour", topicsToAvoid: [], notes: "" });

    // An empty brief is a saved brief: the business context does not come back.
    expect((await putBrief(site.id, {}, token)).status).toBe(200);
    expect(await readBrief(site.id, token)).toMatchObject({ business: "", audience: "", tone: "", topicsToAvoid: [], notes: "" });
  });

  it("accepts every field at its limit", async () => {
    const { token, site } = await accountWithSite();
    const full = {
      business: "b".repeat(5000),
      audience: "a".repeat(1000),
      tone: "t".repeat(500),
      topicsToAvoid: Array.from({ length: 50 }, (_, i) => `${i}`.padEnd(200, "x")),
      notes: "n".repeat(4000),
      authorName: "a".repeat(200),
      organizationName: "o".repeat(200),
      logoUrl: `https://bakery.example/${"l".repeat(2048 - 23)}`,
      faq: true,
      minContentScore: 100,
      maxSimilarity: 1,
      requireFactCheck: false,
      citationRel: "nofollow noopener",
    };
    expect(full.logoUrl).toHaveLength(2048);
    const res = await putBrief(site.id, full, token);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject(full);
    expect(JSON.parse((await siteRow(site.id)).brief)).toEqual(full);
  });

  it.each([
    ["business over 5000 characters", { business: "x".repeat(5001) }, "business"],
    ["audience over 1000 characters", { audience: "x".repeat(1001) }, "audience"],
    ["tone over 500 characters", { tone: "x".repeat(501) }, "tone"],
    ["notes over 4000 characters", { notes: "x".repeat(4001) }, "notes"],
    ["51 topics to avoid", { topicsToAvoid: Array.from({ length: 51 }, (_, i) => `topic ${i}`) }, "topicsToAvoid"],
    ["a topic over 200 characters", { topicsToAvoid: ["fine", "x".repeat(201)] }, "topicsToAvoid.1"],
    ["an empty topic", { topicsToAvoid: [""] }, "topicsToAvoid.0"],
    ["a blank topic", { topicsToAvoid: ["cake", "   "] }, "topicsToAvoid.1"],
    ["an unknown key", { business: "Bread", businessContext: "old name" }, "businessContext"],
    ["a number for business", { business: 42 }, "business"],
    ["null for notes", { notes: null }, "notes"],
    ["a string for topicsToAvoid", { topicsToAvoid: "gluten" }, "topicsToAvoid"],
    ["a number among the topics", { topicsToAvoid: ["cake", 7] }, "topicsToAvoid.1"],
    ["an array for tone", { tone: ["warm"] }, "tone"],
    ["a minimum score over 100", { minContentScore: 101 }, "minContentScore"],
    ["a fractional minimum score", { minContentScore: 60.5 }, "minContentScore"],
    ["a negative similarity", { maxSimilarity: -0.1 }, "maxSimilarity"],
    ["a similarity over 1", { maxSimilarity: 1.5 }, "maxSimilarity"],
    ["a string for requireFactCheck", { requireFactCheck: "yes" }, "requireFactCheck"],
    ["an unknown citation rel", { citationRel: "sponsored" }, "citationRel"],
    ["an array body", [{ business: "Bread" }], "(root)"],
    ["a null body", null, "(root)"],
  ])("400 for %s; the stored brief and updatedAt stay", async (_case, body, field) => {
    const { token, site } = await accountWithSite({ businessContext: "A bakery" });
    await putBrief(site.id, { business: "Kept", tone: "Kept too" }, token);
    const before = await siteRow(site.id);
    const error = await expectError(await putBrief(site.id, body, token), 400, "invalid_request");
    expect(error.message).toContain(`'${field}'`);
    expect(await siteRow(site.id)).toEqual(before);
    expect(await readBrief(site.id, token)).toMatchObject({ business: "Kept", tone: "Kept too" });
  });

  it("400 for an invalid body on a site that never had a brief, and none is stored", async () => {
    const { token, site } = await accountWithSite({ businessContext: "A bakery" });
    await expectError(await putBrief(site.id, { audience: "x".repeat(1001) }, token), 400, "invalid_request");
    expect((await siteRow(site.id)).brief).toBe("");
    expect(await readBrief(site.id, token)).toMatchObject({ business: "A bakery", audience: "" });
  });

  it.each([
    ["malformed JSON", "{ not json", "application/json"],
    ["a cut-off body", '{"business": "Bread', "application/json"],
    ["no body", undefined, "application/json"],
  ])("400 for %s, and nothing is stored", async (_case, body, contentType) => {
    const { token, site } = await accountWithSite();
    await putBrief(site.id, { business: "Kept" }, token);
    const before = await siteRow(site.id);
    await expectError(
      await call(briefPath(site.id), { method: "PUT", token, headers: { "Content-Type": contentType }, body }),
      400,
      "invalid_request",
    );
    expect(await siteRow(site.id)).toEqual(before);
  });
});

describe("the brief feeds plan creation", () => {
  it("the saved brief, not the old business context, seeds the research: its business and audience phrases", async () => {
    const { token, site } = await accountWithSite({ businessContext: "Garden furniture, teak benches" });
    expect((await putBrief(site.id, { business: "Sourdough starter, rye flour", audience: "Pizza ovens" }, token)).status).toBe(200);
    const plan = await createPlanVia(token, { siteId: site.id, articleCount: 3, cadencePerWeek: 3 });
    expect(plan.research.seeds).toEqual(expect.arrayContaining(["sourdough starter", "rye flour", "pizza ovens"]));
    expect(plan.research.seeds.filter((seed) => /garden|teak/.test(seed))).toEqual([]);
    expect(plan.items.filter((item) => /garden|teak/.test(item.targetKeyword))).toEqual([]);
  });

  it("a topic to avoid keeps matching keywords out of the seeds and the plan", async () => {
    const business = "Sourdough starter, rye flour, gluten-free baking";
    // Without the topic to avoid, the plan does write about it.
    const free = await accountWithSite();
    await putBrief(free.site.id, { business }, free.token);
    const unrestricted = await createPlanVia(free.token, { siteId: free.site.id, articleCount: 20, cadencePerWeek: 3 });
    expect(unrestricted.research.seeds).toContain("gluten-free baking");
    expect(unrestricted.items.some((item) => /gluten/.test(item.targetKeyword))).toBe(true);

    const careful = await accountWithSite();
    await putBrief(careful.site.id, { business, topicsToAvoid: ["Gluten free"] }, careful.token);
    const plan = await createPlanVia(careful.token, { siteId: careful.site.id, articleCount: 20, cadencePerWeek: 3 });
    expect(plan.research.seeds).toEqual(expect.arrayContaining(["sourdough starter", "rye flour"]));
    expect(plan.research.seeds.filter((seed) => /gluten/.test(seed))).toEqual([]);
    expect(plan.items.length).toBeGreaterThan(0);
    expect(plan.items.filter((item) => /gluten/i.test(item.targetKeyword) || /gluten/i.test(item.title))).toEqual([]);
  });
});

describe("tenancy and access", () => {
  it("404 for another account's site on GET and PUT, and its brief is not written", async () => {
    const owner = await accountWithSite({ businessContext: "Theirs" });
    const intruder = await seedAccount();
    await expectError(await getBrief(owner.site.id, intruder.token), 404, "not_found");
    await expectError(await putBrief(owner.site.id, { business: "Mine now" }, intruder.token), 404, "not_found");
    expect(await siteRow(owner.site.id)).toEqual(owner.site);

    // Also once the owner saved one.
    await putBrief(owner.site.id, { business: "Still theirs" }, owner.token);
    const saved = await siteRow(owner.site.id);
    await expectError(await putBrief(owner.site.id, {}, intruder.token), 404, "not_found");
    expect(await siteRow(owner.site.id)).toEqual(saved);
    expect((await readBrief(owner.site.id, owner.token)).business).toBe("Still theirs");
  });

  it("404 for a missing or disconnected site", async () => {
    const { token, site } = await accountWithSite({ status: "DISCONNECTED", businessContext: "Gone" });
    await expectError(await getBrief("site_missing", token), 404, "not_found");
    await expectError(await putBrief("site_missing", { business: "Nowhere" }, token), 404, "not_found");
    await expectError(await getBrief(site.id, token), 404, "not_found");
    await expectError(await putBrief(site.id, { business: "Back?" }, token), 404, "not_found");
    expect((await siteRow(site.id)).brief).toBe("");
  });

  it("401 without a token and 403 for a public:read token, on GET and PUT; nothing written", async () => {
    const { accountId, site } = await accountWithSite({ businessContext: "A bakery" });
    const reader = await seedToken(accountId, "public:read");
    await expectError(await getBrief(site.id), 401);
    await expectError(await putBrief(site.id, { business: "Anonymous" }), 401);
    await expectError(await getBrief(site.id, reader.token), 403);
    await expectError(await putBrief(site.id, { business: "Reader" }, reader.token), 403);
    expect(await siteRow(site.id)).toEqual(site);
  });
});
