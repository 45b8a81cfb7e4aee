import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { parseConfig } from "../../src/config";
import { encryptSecret } from "../../src/core/crypto";
import { accounts, byokKeys, byokLicences, planItems, plans } from "../../src/db/schema";
import { imageModelFor, keywordResearchFor, textModelFor } from "../../src/services/model-providers";
import { keyChecker } from "../../src/services/providers";
import { call, db, expectError, seedAccount, seedArticle, seedExistingPosts, seedSite, testEnv, testServices, useVars } from "../harness";
import { fakeNetwork } from "../fakes/network";
import { createPlanVia, useResearchFakes, OPERATOR_OPENAI_KEY } from "./helpers";

/** A plan of an earlier day on the site, inserted directly (its items count as covered topics). */
async function seedEarlierPlanItem(accountId: string, siteId: string, keyword: string) {
  const planId = `plan_earlier${Math.random().toString(36).slice(2, 10)}`;
  await db()
    .insert(plans)
    .values({
      id: planId,
      accountId,
      siteId,
      articleCount: 1,
      cadencePerWeek: 1,
      research: {
        keywordProvider: "offline",
        textProvider: "offline",
        textModel: "offline-draft",
        volumesAreEstimates: true,
        seeds: [],
        ideasFound: 1,
        ideasUsable: 1,
        costUsd: 0,
        inputTokens: 0,
        outputTokens: 0,
      },
    });
  await db()
    .insert(planItems)
    .values({
      id: `item_${planId.slice(5)}`,
      planId,
      accountId,
      siteId,
      position: 1,
      title: `All about ${keyword}`,
      targetKeyword: keyword,
      keywordKey: keyword,
      monthlyVolume: 10,
      competition: "LOW",
    });
}

describe("plan research through the real OpenAI and DataForSEO clients (fakes following the contracts)", () => {
  it("Turkish: asks for seeds, researches them in tr/Turkey, drops what the site covers in folded forms, groups near-duplicates, titles the rest", async () => {
    const { openai, dataforseo } = useResearchFakes([
      { keyword: "ekşi maya ekmeği", searchVolume: 5400, competitionLevel: "MEDIUM" }, // an existing post's title, other case and suffix-free
      { keyword: "tam buğday ekmekler", searchVolume: 2900, competitionLevel: "LOW" }, // an earlier plan's keyword, without its possessive ending
      { keyword: "kepekli ekmek", searchVolume: 2400, competitionLevel: "LOW" }, // an article of the site
      { keyword: "simit", searchVolume: 12100, competitionLevel: "HIGH" }, // a short existing post's title
      { keyword: "poğaça tarifi", searchVolume: 3600, competitionLevel: "LOW" },
      { keyword: "çavdar ekmekleri", searchVolume: 1900, competitionLevel: "LOW" },
      { keyword: "Çavdar Ekmekler", searchVolume: 1300, competitionLevel: "LOW" }, // near-duplicate of the one above
      { keyword: "mısır ekmeği", searchVolume: 880, competitionLevel: "HIGH" },
      { keyword: "MISIR EKMEĞİ", searchVolume: 500, competitionLevel: "HIGH" }, // near-duplicate: dotless ı, capitals
      { keyword: "ekmek kalıbı", searchVolume: null, competitionLevel: "LOW" }, // no measured volume: never used
    ]);
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId, {
      platform: "blog",
      url: "https://firin.invalid",
      language: "tr",
      businessContext: "Kadıköy'de bir fırın",
    });
    await seedExistingPosts(accountId, site.id, [
      { title: "EKŞİ MAYA EKMEĞİ NASIL YAPILIR", url: "https://firin.invalid/eksi-maya-ekmegi-nasil-yapilir/" },
      { title: "Simit", url: "https://firin.invalid/?p=7" },
    ]);
    await seedEarlierPlanItem(accountId, site.id, "TAM BUĞDAY EKMEKLERİ");
    await seedArticle(accountId, { siteId: site.id, title: "Kepekli Ekmek Rehberi", language: "tr" });
    openai.script(
      { answer: { seeds: ["ekmek", "Poğaça", "ÇAVDAR"] } },
      {
        answer: {
          titles: ["Evde Poğaça Tarifi: Adım Adım", "Çavdar Ekmekleri Neden Daha Doyurucu?", "Mısır Ekmeği: Karadeniz'in Sofra Klasiği"],
        },
      },
    );

    const plan = await createPlanVia(token, { siteId: site.id, articleCount: 5, cadencePerWeek: 3 });

    expect(plan.items.map((i) => [i.targetKeyword, i.monthlyVolume, i.competition, i.title])).toEqual([
      ["poğaça tarifi", 3600, "LOW", "Evde Poğaça Tarifi: Adım Adım"],
      ["çavdar ekmekleri", 1900, "LOW", "Çavdar Ekmekleri Neden Daha Doyurucu?"],
      ["mısır ekmeği", 880, "HIGH", "Mısır Ekmeği: Karadeniz'in Sofra Klasiği"],
    ]);
    expect(plan.warnings).toEqual([expect.stringMatching(/found 3 usable keywords for 5 articles \(9 ideas; 4 already covered/)]);
    expect(plan.research).toMatchObject({
      keywordProvider: "dataforseo",
      textProvider: "openai",
      textModel: "gpt-4o-mini",
      volumesAreEstimates: false,
      seeds: ["ekmek", "Poğaça", "ÇAVDAR"],
      ideasFound: 9,
      ideasUsable: 3,
    });

    // What reached the providers: the operator's key and model, strict schemas, one research task in Turkish for Turkey.
    expect(openai.requests).toHaveLength(2);
    expect(openai.requests.map((r) => r.headers.authorization)).toEqual([`Bearer ${OPERATOR_OPENAI_KEY}`, `Bearer ${OPERATOR_OPENAI_KEY}`]);
    expect(
      openai.requests.map((r) => [
        r.body.model,
        r.body.response_format.type,
        r.body.response_format.json_schema.name,
        r.body.response_format.json_schema.strict,
      ]),
    ).toEqual([
      ["gpt-4o-mini", "json_schema", "seed_keywords", true],
      ["gpt-4o-mini", "json_schema", "plan_titles", true],
    ]);
    expect(JSON.stringify(openai.requests[0]!.body.messages)).toContain("Kadıköy'de bir fırın");
    expect(JSON.stringify(openai.requests[0]!.body.messages)).toContain("EKŞİ MAYA EKMEĞİ NASIL YAPILIR");
    expect(JSON.stringify(openai.requests[1]!.body.messages)).toContain("1. poğaça tarifi\\n2. çavdar ekmekleri\\n3. mısır ekmeği");
    expect(dataforseo.calls).toHaveLength(1);
    const [task] = dataforseo.calls[0]!.body as Record<string, unknown>[];
    expect(task).toMatchObject({ keywords: ["ekmek", "poğaça", "çavdar"], language_code: "tr", location_code: 2792 });

    // The research cost is what the providers reported: DataForSEO's dollars, OpenAI's tokens (two calls).
    const [stored] = await db().select().from(plans).where(eq(plans.id, plan.id));
    expect(stored!.research.costUsd).toBeGreaterThan(0);
    expect(stored!.research.costUsd).toBe(plan.research.costUsd);
    expect([plan.research.inputTokens, plan.research.outputTokens]).toEqual([
      2 * openai.usage.prompt_tokens,
      2 * openai.usage.completion_tokens,
    ]);
  });

  it("English: plurals, stop words and case do not sneak a covered topic back in; topics to avoid stay out", async () => {
    const { openai } = useResearchFakes([
      { keyword: "banana bread recipes", searchVolume: 9000, competitionLevel: "LOW" }, // an existing post: "Banana Bread Recipe"
      { keyword: "the best focaccia", searchVolume: 8000, competitionLevel: "LOW" }, // an earlier plan: "Focaccia"
      { keyword: "gluten free bread", searchVolume: 7000, competitionLevel: "LOW" }, // a topic to avoid
      { keyword: "rye sourdough starter", searchVolume: 500, competitionLevel: "MEDIUM" },
    ]);
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId, { platform: "blog", url: "https://bakery.invalid", businessContext: "A bakery" });
    await call(`/api/sites/${site.id}/brief`, { method: "PUT", token, json: { business: "A bakery", topicsToAvoid: ["Gluten-free"] } });
    await seedExistingPosts(accountId, site.id, [{ title: "Banana Bread Recipe", url: "https://bakery.invalid/banana-bread-recipe/" }]);
    await seedEarlierPlanItem(accountId, site.id, "Focaccia");
    openai.script({ answer: { seeds: ["bread"] } }, { answer: { titles: ["Starting a rye sourdough starter"] } });

    const plan = await createPlanVia(token, { siteId: site.id, articleCount: 3, cadencePerWeek: 1 });
    expect(plan.items.map((i) => i.targetKeyword)).toEqual(["rye sourdough starter"]);
    expect(JSON.stringify(openai.requests[0]!.body.messages)).toContain("Never write about: Gluten-free");
  });

  it("sends one repair request naming the errors when the model's answer does not fit, then goes on", async () => {
    const { openai } = useResearchFakes([{ keyword: "rye bread", searchVolume: 100, competitionLevel: "LOW" }]);
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId, { businessContext: "Bread" });
    openai.script({ answer: { seeds: [] } }, { answer: { seeds: ["rye"] } }, { answer: { titles: ["Rye bread, the honest way"] } });
    const plan = await createPlanVia(token, { siteId: site.id, articleCount: 1, cadencePerWeek: 1 });
    expect(plan.items.map((i) => i.title)).toEqual(["Rye bread, the honest way"]);
    expect(openai.requests).toHaveLength(3);
    const repair = openai.requests[1]!.body.messages.at(-1);
    expect(repair.role).toBe("user");
    expect(repair.content).toMatch(/seeds/);
  });

  it("a provider failure is a 502 with our message, and no plan is stored", async () => {
    const { dataforseo } = useResearchFakes([]);
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId, { businessContext: "Bread" });
    dataforseo.failTask(40204, "Access denied. Visit Plans and Subscriptions to activate your subscription and get access to this API");
    const error = await expectError(
      await call("/api/autopilot/plans", { method: "POST", token, json: { siteId: site.id, articleCount: 1, cadencePerWeek: 1 } }),
      502,
      "upstream_error",
    );
    expect(error.message).toMatch(/DataForSEO/);
    expect(await db().select().from(plans).where(eq(plans.accountId, accountId))).toEqual([]);
  });

  it("422 saying why when research finds no usable keyword (issue 18, item 11), and no plan is stored", async () => {
    useResearchFakes([
      { keyword: "<b>rye</b> bread", searchVolume: 100, competitionLevel: "LOW" },
      { keyword: "rye bread tips", searchVolume: 0, competitionLevel: "LOW" },
    ]);
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId, { businessContext: "Bread" });
    const error = await expectError(
      await call("/api/autopilot/plans", { method: "POST", token, json: { siteId: site.id, articleCount: 2, cadencePerWeek: 1 } }),
      422,
      "no_usable_keywords",
    );
    expect(error.message).toMatch(/no usable keyword/);
    expect(await db().select().from(plans).where(eq(plans.accountId, accountId))).toEqual([]);
  });

  it("422 for a site language keyword research has no market for, before any provider is called", async () => {
    const { openai, dataforseo } = useResearchFakes([]);
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId, { language: "xx" });
    const error = await expectError(
      await call("/api/autopilot/plans", { method: "POST", token, json: { siteId: site.id, articleCount: 1, cadencePerWeek: 1 } }),
      422,
      "keyword_market_unsupported",
    );
    expect(error.message).toMatch(/'xx'/);
    expect([openai.requests.length, dataforseo.calls.length]).toEqual([0, 0]);
  });

  it("a bring-your-own-key account writes with its own key and model, not the operator's", async () => {
    const byokKey = "sk-byok-customer-key-0123456789";
    const { openai } = useResearchFakes([{ keyword: "rye bread", searchVolume: 100, competitionLevel: "LOW" }], [byokKey]);
    const { accountId, token } = await seedAccount();
    await db().update(accounts).set({ billingMode: "BYOK_MONTHLY" }).where(eq(accounts.id, accountId));
    await db().insert(byokLicences).values({ accountId, kind: "BYOK_MONTHLY", expiresAt: "2099-01-01T00:00:00Z" });
    await db()
      .insert(byokKeys)
      .values({
        accountId,
        provider: "openai",
        model: "gpt-4o",
        apiKeyEncrypted: await encryptSecret(testEnv.ENCRYPTION_KEY!, byokKey),
        keyLastFour: "6789",
      });
    const site = await seedSite(accountId, { businessContext: "Bread" });
    openai.script({ answer: { seeds: ["rye"] } }, { answer: { titles: ["Rye bread, the honest way"] } });
    const plan = await createPlanVia(token, { siteId: site.id, articleCount: 1, cadencePerWeek: 1 });
    expect(plan.research).toMatchObject({ textProvider: "openai", textModel: "gpt-4o" });
    expect(openai.requests.map((r) => [r.headers.authorization, r.body.model])).toEqual([
      [`Bearer ${byokKey}`, "gpt-4o"],
      [`Bearer ${byokKey}`, "gpt-4o"],
    ]);
  });

  it("a BYOK account without a stored key is 403 and calls no one", async () => {
    const { openai } = useResearchFakes([]);
    const { accountId, token } = await seedAccount();
    await db().update(accounts).set({ billingMode: "BYOK_YEARLY" }).where(eq(accounts.id, accountId));
    const site = await seedSite(accountId);
    const error = await expectError(
      await call("/api/autopilot/plans", { method: "POST", token, json: { siteId: site.id, articleCount: 1, cadencePerWeek: 1 } }),
      403,
      "byok_key_missing",
    );
    expect(error.message).toMatch(/BYOK key missing/);
    expect(openai.requests).toHaveLength(0);
  });
});

describe("offline providers in production", () => {
  const production = (vars: Record<string, string> = {}) => ({
    ...testServices(),
    config: parseConfig({ ...testEnv, ENVIRONMENT: "production", ...vars }),
  });

  it("are refused (text, images, keywords, the BYOK key check) unless ALLOW_OFFLINE_PROVIDERS=true", () => {
    for (const build of [textModelFor, imageModelFor, keywordResearchFor]) {
      expect(() => build(production())).toThrow(/offline provider, refused in production \(set ALLOW_OFFLINE_PROVIDERS=true/);
      expect(build(production({ ALLOW_OFFLINE_PROVIDERS: "true" })).offline).toBe(true);
    }
    expect(() => keyChecker(production({ BYOK_KEY_CHECK: "offline" }).config, fakeNetwork())).toThrow(/BYOK_KEY_CHECK=offline/);
    expect(keyChecker(production({ BYOK_KEY_CHECK: "offline", ALLOW_OFFLINE_PROVIDERS: "true" }).config, fakeNetwork()).live).toBe(false);
  });

  it("a plan asked for in production with offline providers is a 500 that says why, and nothing is stored", async () => {
    useVars({ ENVIRONMENT: "production", ALLOW_PRIVATE_URLS: "true" });
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId, { businessContext: "Bread" });
    const error = await expectError(
      await call("/api/autopilot/plans", { method: "POST", token, json: { siteId: site.id, articleCount: 1, cadencePerWeek: 1 } }),
      500,
      "internal_error",
    );
    expect(error.message).toMatch(/offline provider, refused in production/);
    expect(await db().select().from(plans).where(eq(plans.accountId, accountId))).toEqual([]);
  });

  it("the real providers need their secrets and the Workers AI binding: a clear 500 without them", () => {
    const services = testServices();
    const config = (vars: Record<string, string>) => ({ ...services, config: parseConfig({ ...testEnv, ...vars }) });
    expect(() => textModelFor({ ...config({ TEXT_PROVIDER: "workers-ai" }), ai: undefined })).toThrow(/Workers AI binding \(AI\)/);
    expect(() => textModelFor(config({ TEXT_PROVIDER: "openai", OPENAI_API_KEY: "" }))).toThrow(/OPENAI_API_KEY is not set/);
    expect(() => keywordResearchFor(config({ KEYWORD_PROVIDER: "dataforseo", DATAFORSEO_PASSWORD: "" }))).toThrow(
      /DATAFORSEO_LOGIN and DATAFORSEO_PASSWORD/,
    );
    expect(textModelFor({ ...config({ TEXT_PROVIDER: "workers-ai" }), ai: { run: async () => ({ response: "{}" }) } }).provider).toBe(
      "workers-ai",
    );
  });
});
