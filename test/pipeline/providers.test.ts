import { describe, expect, it } from "vitest";
import { writeOfflineArticle } from "../../src/pipeline/offline-article";
import { fakeNetwork } from "../fakes/network";
import { createFakeOpenAiChat } from "../fakes/openai-chat";
import { expectError, seedAccount, seedExistingPosts, seedSite, useFakeFetch, useVars } from "../harness";
import { OPERATOR_OPENAI_KEY } from "../plans/helpers";
import { articlesOfItem, chargesOf, itemRow, offlinePlan, runNow, runRecord } from "./helpers";
import { BriefSchema } from "../../src/sites/brief";

const GPT_PRICE_KURUS = 1500;

/** A site with synced posts, a plan written offline, then the operator's OpenAI model (a fake) writes its articles. */
async function planThenOpenAi() {
  const { accountId, token } = await seedAccount();
  const site = await seedSite(accountId, {
    platform: "custom",
    url: "https://bakery.invalid",
    language: "en",
    businessContext: "Sourdough baking",
  });
  const links = [
    { title: "Feeding a starter", url: "https://bakery.invalid/feeding-a-starter/" },
    { title: "Rye flour basics", url: "https://bakery.invalid/rye-flour-basics/" },
    { title: "Oven temperatures", url: "https://bakery.invalid/oven-temperatures/" },
  ];
  await seedExistingPosts(accountId, site.id, links);
  const plan = await offlinePlan(token, site.id, { articleCount: 1 });
  const item = plan.items[0]!;
  const openai = createFakeOpenAiChat({ keys: [OPERATOR_OPENAI_KEY] });
  useVars({ TEXT_PROVIDER: "openai", TEXT_MODEL: "gpt-4o-mini" });
  useFakeFetch(fakeNetwork(openai.peer));
  const good = writeOfflineArticle({
    language: "en",
    siteUrl: site.url,
    brief: BriefSchema.parse({ business: "Sourdough baking" }),
    title: item.title,
    targetKeyword: item.targetKeyword,
    minWords: 800,
    internalLinks: links,
    research: null,
    failures: [],
  });
  return { accountId, token, item, openai, good, links };
}

const promptOf = (request: { body: { messages: { role: string; content: string }[] } }) =>
  request.body.messages.map((m) => m.content).join("\n");

describe("the pipeline with a real text model adapter (OpenAI-compatible, against its fake)", () => {
  it("sends the rules and the site's links, rewrites once naming what failed, and records the tokens and the model's price", async () => {
    const { accountId, token, item, openai, good, links } = await planThenOpenAi();
    openai.script({ answer: { ...good, seoTitle: "Far too short" } }, { answer: good });

    const res = await runNow(token, item.id);
    expect(res.status).toBe(200);
    expect(openai.requests).toHaveLength(2);
    const [first, second] = openai.requests.map(promptOf);
    expect(first).toContain(item.targetKeyword);
    for (const link of links) expect(first).toContain(link.url);
    expect(second).toMatch(/seoTitle has 13 characters/);

    const [article] = await articlesOfItem(item.id);
    expect(article).toMatchObject({ seoTitle: good.seoTitle, generationCostKurus: GPT_PRICE_KURUS });
    expect(article!.generationUsage).toMatchObject({
      textProvider: "openai",
      textModel: "gpt-4o-mini",
      text: { inputTokens: 240, outputTokens: 90 },
    });
    expect(article!.html).toContain(links[0]!.url);
    expect((await chargesOf(accountId)).map((c) => [c.amountKurus, c.status])).toEqual([[GPT_PRICE_KURUS, "settled"]]);
    expect(await runRecord(item.id, 1)).toMatchObject({ draftRound: 2 });
  });

  it("fails the item (422, the failures listed) when the rewrite fails the checks too, and refunds it", async () => {
    const { accountId, token, item, openai, good } = await planThenOpenAi();
    const bad = { ...good, html: good.html.replace("<p>", "<p>Lorem ipsum dolor sit amet. ") };
    openai.script({ answer: bad }, { answer: bad });

    const error = await expectError(await runNow(token, item.id), 422, "article_failed_checks");
    expect(error.message).toMatch(/^The article failed its checks twice: .*lorem ipsum/i);
    expect(await itemRow(item.id)).toMatchObject({ status: "FAILED", failureStatus: 422, failureCode: "article_failed_checks" });
    expect(await articlesOfItem(item.id)).toEqual([]);
    expect((await chargesOf(accountId)).map((c) => c.status)).toEqual(["refunded"]);
  });

  it("stops at once on a rejected key (no retries) and refunds", async () => {
    const { accountId, token, item, openai } = await planThenOpenAi();
    useVars({ TEXT_PROVIDER: "openai", TEXT_MODEL: "gpt-4o-mini", OPENAI_API_KEY: "sk-revoked" });
    const error = await expectError(await runNow(token, item.id), 502);
    expect(error.message.length).toBeGreaterThan(0);
    expect(openai.requests).toHaveLength(1);
    expect(await itemRow(item.id)).toMatchObject({ status: "FAILED", stage: "write article" });
    expect((await chargesOf(accountId)).map((c) => c.status)).toEqual(["refunded"]);
  });
});
