import { createOfflinePageReader } from "../../src/adapters/page-reader/offline";
import { pickSources } from "../../src/adapters/page-reader/sources";
import { createOfflineSerpResearch } from "../../src/adapters/serp-research/offline";
import { researchDigest } from "../../src/content/research-digest";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { encryptSecret } from "../../src/core/crypto";
import { accounts, byokKeys, byokLicences, charges, chatMessages, sites } from "../../src/db/schema";
import { writeOfflineArticle } from "../../src/pipeline/offline-article";
import { BriefSchema } from "../../src/sites/brief";
import { fakeNetwork } from "../fakes/network";
import { createFakeOpenAiChat, type OpenAiChatRequest } from "../fakes/openai-chat";
import { call, db, expectError, seedAccount, seedExistingPosts, seedSite, testEnv, useFakeFetch, useVars } from "../harness";
import { outboxOf } from "../email/helpers";
import { articlesOfItem, offlinePlan, runNow } from "../pipeline/helpers";
import { OPERATOR_OPENAI_KEY, type PlanBody } from "../plans/helpers";

const BUSINESS = "A family bakery in Kadıköy that sells rye sourdough";
const POSTS = [
  { title: "Feeding a sourdough starter", url: "https://bakery.invalid/feeding-a-starter/" },
  { title: "Rye flour basics", url: "https://bakery.invalid/rye-flour-basics/" },
  { title: "Oven temperatures for bread", url: "https://bakery.invalid/oven-temperatures/" },
];

interface ChatPage {
  items: { id: string; role: string; content: string; briefUpdated: boolean; createdAt: string }[];
  page: number;
  perPage: number;
  total: number;
  totalPages: number;
}

/**
 * A custom site with a brief, three existing posts and an offline plan; then the
 * operator's text model is the real OpenAI client answered by the fake (vars may add a price).
 */
async function siteWithAgent(vars: Record<string, string> = {}) {
  const { accountId, token } = await seedAccount();
  const site = await seedSite(accountId, { platform: "custom", url: "https://bakery.invalid", language: "en", businessContext: BUSINESS });
  await seedExistingPosts(accountId, site.id, POSTS);
  const plan = await offlinePlan(token, site.id);
  const openai = createFakeOpenAiChat({ keys: [OPERATOR_OPENAI_KEY] });
  useVars({ TEXT_PROVIDER: "openai", TEXT_MODEL: "gpt-4o-mini", ...vars });
  useFakeFetch(fakeNetwork(openai.peer));
  return { accountId, token, site, plan, openai };
}

const chat = (token: string, siteId: string, body: unknown) => call(`/api/sites/${siteId}/chat`, { method: "POST", token, json: body });
const say = async (token: string, siteId: string, message: string) => {
  const res = await chat(token, siteId, { message });
  if (res.status !== 200) throw new Error(`chat failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as { reply: string; briefUpdated: boolean };
};
const history = async (token: string, siteId: string, query = "") =>
  (await (await call(`/api/sites/${siteId}/chat${query}`, { token })).json()) as ChatPage;
const briefOf = async (token: string, siteId: string) =>
  (await (await call(`/api/sites/${siteId}/brief`, { token })).json()) as Record<string, unknown>;
const storedBrief = async (siteId: string) =>
  (await db().select({ brief: sites.brief, updatedAt: sites.updatedAt }).from(sites).where(eq(sites.id, siteId)))[0]!;
const promptOf = (request: OpenAiChatRequest) => (request.body.messages as { content: string }[]).map((m) => m.content).join("\n");

const FACT = "Our readers are home bakers in Istanbul. Never write about gluten-free diets.";
const UPDATE = {
  reply: "Noted: your audience is home bakers in Istanbul, and gluten-free diets are now a topic to avoid.",
  briefUpdate: { audience: "Home bakers in Istanbul", topicsToAvoid: ["gluten-free diets"] },
};

describe("POST /api/sites/{siteId}/chat with a text model (OpenAI-compatible, against its fake)", () => {
  it("updates the brief when the message states facts, and the model saw the brief, the existing posts, the plans and the message", async () => {
    const { token, site, plan, openai } = await siteWithAgent();
    openai.script({ answer: UPDATE });

    expect(await say(token, site.id, FACT)).toEqual({ reply: UPDATE.reply, briefUpdated: true });
    expect(await briefOf(token, site.id)).toMatchObject({
      business: BUSINESS,
      audience: "Home bakers in Istanbul",
      tone: "",
      topicsToAvoid: ["gluten-free diets"],
      notes: "",
    });

    expect(openai.requests).toHaveLength(1);
    const request = openai.requests[0]!;
    expect(request.body.response_format).toMatchObject({ type: "json_schema", json_schema: { name: "site_agent_chat", strict: true } });
    const prompt = promptOf(request);
    expect(prompt).toContain(`Business: ${BUSINESS}`);
    for (const post of POSTS) expect(prompt).toContain(post.title);
    expect(plan.items.length).toBeGreaterThan(0);
    for (const item of plan.items) expect(prompt).toContain(item.title);
    expect(prompt).toContain(FACT);
    expect(prompt).toContain("This is the first message of the conversation.");

    // Stored: the message, then the reply that changed the brief (newest first).
    const page = await history(token, site.id);
    expect(page).toMatchObject({ page: 1, perPage: 10, total: 2, totalPages: 1 });
    expect(page.items.map((m) => [m.role, m.content, m.briefUpdated])).toEqual([
      ["assistant", UPDATE.reply, true],
      ["user", FACT, false],
    ]);
    expect(page.items[0]!.id).toMatch(/^\d+$/);
    expect(Number(page.items[0]!.id)).toBeGreaterThan(Number(page.items[1]!.id));
  });

  it("leaves the stored brief byte for byte as it was for a question, and for an update that changes nothing", async () => {
    const { token, site, openai } = await siteWithAgent();
    expect(
      (
        await call(`/api/sites/${site.id}/brief`, {
          method: "PUT",
          token,
          json: { business: BUSINESS, tone: "Warm", topicsToAvoid: ["politics"] },
        })
      ).status,
    ).toBe(200);
    const before = await storedBrief(site.id);
    openai.script(
      { answer: { reply: "You have three posts; the newest is about oven temperatures.", briefUpdate: null } },
      { answer: { reply: "That is already in the brief.", briefUpdate: { tone: "Warm", topicsToAvoid: ["politics", " Politics "] } } },
    );

    expect(await say(token, site.id, "What have I written about so far?")).toEqual({
      reply: "You have three posts; the newest is about oven temperatures.",
      briefUpdated: false,
    });
    expect(await say(token, site.id, "Our tone is warm.")).toEqual({ reply: "That is already in the brief.", briefUpdated: false });
    expect(await storedBrief(site.id)).toEqual(before);
    expect((await history(token, site.id)).items.map((m) => m.briefUpdated)).toEqual([false, false, false, false]);
  });

  it("gives the model the last 20 messages as context, and pages the history newest first", async () => {
    const { token, site, openai } = await siteWithAgent();
    useVars({ TEXT_PROVIDER: "offline" });
    for (let i = 1; i <= 11; i += 1) await say(token, site.id, `Note ${String(i).padStart(2, "0")}`);
    useVars({ TEXT_PROVIDER: "openai", TEXT_MODEL: "gpt-4o-mini" });
    openai.script({ answer: { reply: "Here is what we discussed.", briefUpdate: null } });
    await say(token, site.id, "Summarise our conversation");

    const prompt = promptOf(openai.requests[0]!);
    expect(prompt).not.toContain("Note 01");
    for (let i = 2; i <= 11; i += 1) expect(prompt).toContain(`User: Note ${String(i).padStart(2, "0")}`);
    expect(prompt.indexOf("Note 02")).toBeLessThan(prompt.indexOf("Note 11"));
    expect(prompt).toContain("You: Offline agent");

    const first = await history(token, site.id, "?per_page=5");
    expect(first).toMatchObject({ page: 1, perPage: 5, total: 24, totalPages: 5 });
    expect(first.items.map((m) => [m.role, m.content])).toEqual([
      ["assistant", "Here is what we discussed."],
      ["user", "Summarise our conversation"],
      ["assistant", expect.stringContaining("Offline agent")],
      ["user", "Note 11"],
      ["assistant", expect.stringContaining("Offline agent")],
    ]);
    const last = await history(token, site.id, "?page=5&per_page=5");
    expect(last).toMatchObject({ page: 5, total: 24, totalPages: 5 });
    expect(last.items.map((m) => [m.role, m.content])).toEqual([
      ["assistant", expect.stringContaining("Offline agent")],
      ["user", "Note 02"],
      ["assistant", expect.stringContaining("Offline agent")],
      ["user", "Note 01"],
    ]);
    expect((await history(token, site.id, "?page=6&per_page=5")).items).toEqual([]);
    await expectError(await call(`/api/sites/${site.id}/chat?per_page=101`, { token }), 400, "invalid_request");
  });

  it("refuses an empty, oversize or malformed message (400) and stores nothing", async () => {
    const { token, site, openai } = await siteWithAgent();
    const before = await storedBrief(site.id);
    for (const body of [
      { message: "" },
      { message: " \n\t " },
      { message: "x".repeat(4001) },
      {},
      { message: 42 },
      { message: "hi", extra: true },
    ]) {
      const error = await expectError(await chat(token, site.id, body), 400, "invalid_request");
      expect(error.message).toMatch(/message|extra/);
    }
    expect((await expectError(await chat(token, site.id, { message: "  " }), 400)).message).toContain("empty");
    expect((await expectError(await chat(token, site.id, { message: "x".repeat(4001) }), 400)).message).toContain("4000");
    expect(openai.requests).toHaveLength(0);
    expect((await history(token, site.id)).total).toBe(0);
    expect(await storedBrief(site.id)).toEqual(before);
    // 4000 characters (after trimming) is still accepted.
    openai.script({ answer: { reply: "Long message read.", briefUpdate: null } });
    expect((await say(token, site.id, ` ${"y".repeat(4000)} `)).briefUpdated).toBe(false);
  });

  it("is 404 for another account's site (both routes), and nothing is stored or asked", async () => {
    const { site, openai } = await siteWithAgent();
    const stranger = await seedAccount();
    await expectError(await chat(stranger.token, site.id, { message: "We sell cars." }), 404, "not_found");
    await expectError(await call(`/api/sites/${site.id}/chat`, { token: stranger.token }), 404, "not_found");
    await expectError(await chat(stranger.token, "site_nothing", { message: "Hello" }), 404, "not_found");
    expect(openai.requests).toHaveLength(0);
    expect(await db().select().from(chatMessages).where(eq(chatMessages.siteId, site.id))).toEqual([]);
    await expectError(await call(`/api/sites/${site.id}/chat`, { method: "POST", json: { message: "Hello" } }), 401);
  });

  it("sends an update that breaks the brief's limits back once with the errors", async () => {
    const { token, site, openai } = await siteWithAgent();
    openai.script(
      { answer: { reply: "Updated.", briefUpdate: { tone: "t".repeat(501) } } },
      { answer: { reply: "Updated the tone.", briefUpdate: { tone: "Calm and precise" } } },
    );
    expect(await say(token, site.id, "Our tone is calm and precise, like a long explanation …")).toEqual({
      reply: "Updated the tone.",
      briefUpdated: true,
    });
    expect(promptOf(openai.requests[1]!)).toContain("briefUpdate.tone");
    expect((await briefOf(token, site.id)).tone).toBe("Calm and precise");
  });
});

describe("charging chat (CHAT_PRICE_TRY)", () => {
  const chargesOf = (accountId: string) => db().select().from(charges).where(eq(charges.accountId, accountId)).orderBy(charges.id);
  const balanceOf = async (accountId: string) =>
    (await db().select().from(accounts).where(eq(accounts.id, accountId)))[0]!.creditBalanceKurus;

  it("is free by default: no charge row", async () => {
    const { accountId, token, site, openai } = await siteWithAgent();
    openai.script({ answer: UPDATE });
    await say(token, site.id, FACT);
    expect(await chargesOf(accountId)).toEqual([]);
  });

  it("settles a charge per message; a model failure refunds it and stores nothing; short credits are 402 before the model", async () => {
    const { accountId, token, site, openai } = await siteWithAgent({ CHAT_PRICE_TRY: "1.50" });
    const start = await balanceOf(accountId);
    openai.script({ answer: UPDATE });
    await say(token, site.id, FACT);
    const [asked] = (await history(token, site.id)).items.filter((m) => m.role === "user");
    const [settled] = await chargesOf(accountId);
    expect(settled).toMatchObject({
      kind: "chat",
      amountKurus: 150,
      status: "settled",
      siteId: site.id,
      reference: `chat:${site.id}:${asked!.id}`,
    });
    expect(await balanceOf(accountId)).toBe(start - 150);

    const brief = await storedBrief(site.id);
    openai.script({ status: 401, code: "invalid_api_key", type: "invalid_request_error", message: "bad key" });
    const failed = await expectError(await chat(token, site.id, { message: "We also sell pastries." }), 502, "upstream_error");
    expect(failed.message).not.toContain("bad key");
    expect((await chargesOf(accountId)).map((c) => [c.kind, c.status])).toEqual([
      ["chat", "settled"],
      ["chat", "refunded"],
    ]);
    expect(await balanceOf(accountId)).toBe(start - 150);
    expect((await history(token, site.id)).total).toBe(2);
    expect(await storedBrief(site.id)).toEqual(brief);

    await db().update(accounts).set({ creditBalanceKurus: 100 }).where(eq(accounts.id, accountId));
    const asked402 = openai.requests.length;
    await expectError(await chat(token, site.id, { message: "We also sell pastries." }), 402, "insufficient_credit");
    expect(openai.requests).toHaveLength(asked402);
    expect((await history(token, site.id)).total).toBe(2);
    expect(await balanceOf(accountId)).toBe(100);
  });

  it("a message that takes the balance below LOW_BALANCE_TRY tells the owner once; a refunded one tells no one", async () => {
    const { accountId, token, site, openai } = await siteWithAgent({ CHAT_PRICE_TRY: "1.50" });
    const lowBalanceMails = async () => (await outboxOf(accountId)).filter((row) => row.kind === "balance_low");
    await db().update(accounts).set({ creditBalanceKurus: 5_100 }).where(eq(accounts.id, accountId));

    // A failed message reserves 1.50 (below 50.00) and refunds it: the balance never went anywhere.
    openai.script({ status: 401, code: "invalid_api_key", type: "invalid_request_error", message: "bad key" });
    await expectError(await chat(token, site.id, { message: "We also sell pastries." }), 502, "upstream_error");
    expect(await lowBalanceMails()).toEqual([]);

    openai.script({ answer: UPDATE });
    await say(token, site.id, FACT); // 51.00 → 49.50
    const [mail] = await lowBalanceMails();
    expect(mail).toMatchObject({ kind: "balance_low", data: { mode: "credits", balance: "49.50", threshold: "50.00" } });

    // Further below: the same crossing, nothing new.
    openai.script({ answer: UPDATE });
    await say(token, site.id, FACT); // 49.50 → 48.00
    expect(await lowBalanceMails()).toHaveLength(1);
  });

  it("a model that does not answer in time is 504, refunded, nothing stored", async () => {
    const { accountId, token, site, openai } = await siteWithAgent({
      CHAT_PRICE_TRY: "1.50",
      MODEL_TIMEOUT_MS: "300",
      MODEL_MAX_RETRIES: "0",
    });
    const start = await balanceOf(accountId);
    openai.script({ hang: true });
    await expectError(await chat(token, site.id, { message: "We sell bread." }), 504, "upstream_timeout");
    expect((await chargesOf(accountId)).map((c) => c.status)).toEqual(["refunded"]);
    expect(await balanceOf(accountId)).toBe(start);
    expect((await history(token, site.id)).total).toBe(0);
  });

  it("never charges a BYOK account: the message runs on its own key", async () => {
    const { accountId, token, site, openai } = await siteWithAgent({ CHAT_PRICE_TRY: "1.50" });
    const byokKey = "sk-byok-chat-0123456789";
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
    const openaiByok = createFakeOpenAiChat({ keys: [byokKey] });
    useFakeFetch(fakeNetwork(openaiByok.peer));
    openaiByok.script({ answer: UPDATE });
    expect((await say(token, site.id, FACT)).briefUpdated).toBe(true);
    expect(openaiByok.requests[0]!.body.model).toBe("gpt-4o");
    expect(openai.requests).toHaveLength(0);
    expect(await chargesOf(accountId)).toEqual([]);
  });
});

describe("the offline agent (local runs without a model)", () => {
  it("updates the matching brief fields from stated facts and says what changed", async () => {
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId, { businessContext: "A bakery" });
    const res = await say(
      token,
      site.id,
      "Our audience is home bakers in Istanbul. Never write about gluten-free diets or keto. Our tone is warm and practical. We sell rye sourdough and simit.",
    );
    expect(res.briefUpdated).toBe(true);
    expect(res.reply).toMatch(/^Offline agent \(no language model\): I updated the brief: /);
    expect(res.reply).toContain('audience is now "home bakers in Istanbul"');
    expect(res.reply).toContain('added "gluten-free diets", "keto" to the topics to avoid');
    expect(await briefOf(token, site.id)).toMatchObject({
      business: "We sell rye sourdough and simit.",
      audience: "home bakers in Istanbul",
      tone: "warm and practical",
      topicsToAvoid: ["gluten-free diets", "keto"],
    });
    // "Avoid …" adds to the list; the same fact again changes nothing.
    expect((await say(token, site.id, "Avoid politics")).briefUpdated).toBe(true);
    expect((await briefOf(token, site.id)).topicsToAvoid).toEqual(["gluten-free diets", "keto", "politics"]);
    const again = await say(token, site.id, "Our tone is warm and practical.");
    expect(again).toEqual({
      reply: "Offline agent (no language model): The brief already says that; nothing changed.",
      briefUpdated: false,
    });
  });

  it("leaves the brief as it was for a question, a greeting or a sentence without a fact, and answers the same every time", async () => {
    const { accountId, token } = await seedAccount();
    const site = await seedSite(accountId, { businessContext: "A bakery" });
    await seedExistingPosts(accountId, site.id, POSTS);
    const before = await storedBrief(site.id);
    const question = await say(token, site.id, "Our audience is who?");
    expect(question).toEqual({
      reply:
        'Offline agent (no language model): I cannot answer questions without a language model, and the brief is unchanged. What I know: the business is "A bakery"; the site has 3 posts; 0 planned articles.',
      briefUpdated: false,
    });
    expect((await say(token, site.id, "Hello there!")).reply).toMatch(/^Offline agent \(no language model\): Hello! What I know:/);
    expect((await say(token, site.id, "The weather is nice today.")).reply).toContain("I found no fact");
    expect(await say(token, site.id, "Our audience is who?")).toEqual(question);
    expect(await storedBrief(site.id)).toEqual(before);
    expect((await history(token, site.id)).items.every((m) => !m.briefUpdated)).toBe(true);
  });
});

describe("the brief the agent edits feeds the next plan and article (proof of issue 11)", () => {
  it("reaches the prompts of plan creation and of the article writer, as the fake model received them", async () => {
    const { token, site, openai } = await siteWithAgent();
    openai.script({ answer: UPDATE });
    await say(token, site.id, FACT);

    // The next plan: seeds and titles are asked with the new brief.
    openai.script(
      { answer: { seeds: ["rye bread recipe", "sourdough loaf"] } },
      { answer: { titles: ["Rye bread recipe: a weekend guide for home bakers"] } },
    );
    const created = await call("/api/autopilot/plans", {
      method: "POST",
      token,
      json: { siteId: site.id, articleCount: 1, cadencePerWeek: 1 },
    });
    expect(created.status).toBe(201);
    const plan = (await created.json()) as PlanBody;
    const planPrompts = openai.requests.slice(1).map(promptOf);
    expect(planPrompts).toHaveLength(2);
    for (const prompt of planPrompts) {
      expect(prompt).toContain("Audience: Home bakers in Istanbul");
      expect(prompt).toContain("Never write about: gluten-free diets");
    }

    // The next article: the writing task is asked with the new brief.
    const item = plan.items[0]!;
    const brief = BriefSchema.parse({ business: BUSINESS, audience: "Home bakers in Istanbul", topicsToAvoid: ["gluten-free diets"] });
    const good = writeOfflineArticle({
      language: "en",
      siteUrl: site.url,
      brief,
      title: item.title,
      targetKeyword: item.targetKeyword,
      minWords: 800,
      internalLinks: POSTS,
      // What the run's research step finds for the keyword with the offline research providers.
      research: await offlineDigest(item.targetKeyword, site.url),
      failures: [],
    });
    // The writer's answer, then the fact check's: every claim supported.
    openai.script(
      { answer: good },
      { answer: { verdicts: good.claims.map((_, index) => ({ claim: index + 1, verdict: "supported", passage: "" })) } },
    );
    const run = await runNow(token, item.id);
    expect(run.status).toBe(200);
    const articlePrompt = promptOf(openai.requests[3]!);
    expect(articlePrompt).toContain("Audience: Home bakers in Istanbul");
    expect(articlePrompt).toContain("Never write about, mention or link to: gluten-free diets.");
    expect(articlePrompt).toContain(`Business: ${BUSINESS}`);
    expect(await articlesOfItem(item.id)).toHaveLength(1);
  });
});

describe("the OpenAPI document", () => {
  it("lists both chat operations under the Agent tag with their operationIds", async () => {
    const doc = (await (await call("/api/openapi.json")).json()) as {
      paths: Record<string, Record<string, { operationId?: string; tags?: string[] }>>;
    };
    const path = doc.paths["/api/sites/{siteId}/chat"]!;
    expect(path.post).toMatchObject({ operationId: "chatWithSiteAgent", tags: ["Agent"] });
    expect(path.get).toMatchObject({ operationId: "listSiteChatMessages", tags: ["Agent"] });
  });
});

/** The research digest the offline search and page reader give a keyword (deterministic). */
async function offlineDigest(keyword: string, siteUrl: string) {
  const serp = await createOfflineSerpResearch().research({ keyword, language: "en" });
  const picked = await pickSources({ results: serp.results, siteUrl, reader: createOfflinePageReader() });
  const sources = picked.sources.map((page, index) => ({ ...page, id: String(index + 1) }));
  return researchDigest({ questions: serp.questions, sources }, "en");
}
