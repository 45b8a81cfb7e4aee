import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { serpResearch } from "../../src/db/schema";
import { createDataForSeoSerpFake } from "../fakes/dataforseo-serp";
import { TEST_DATAFORSEO_LOGIN } from "../fakes/dataforseo";
import { fakeNetwork } from "../fakes/network";
import { createSourcePagesFake } from "../fakes/source-pages";
import { call, db, seedAccount, seedSite, useFakeFetch, useVars } from "../harness";
import { offlinePlan, runNow } from "../pipeline/helpers";

// Issue 29 "Proof": the research of a run through the DataForSEO SERP client and the HTTP page
// reader, against fakes that follow their contracts: a page with headings, a robots.txt that
// disallows, a page that never answers, an oversize page, the site's own page, a video.

const organic = [
  "https://bakery.example/kahve", // the site's own page
  "https://www.youtube.com/watch?v=kahve",
  "https://articles.example/kahve",
  "https://blocked.example/kahve",
  "https://no-robots.example/slow",
  "https://no-robots.example/huge",
  "https://no-robots.example/article",
  "https://articles.example/guides/public-tips",
].map((url, index) => ({ url, title: `Kahve makinesi rehberi ${index + 1}`, description: "Kahve makinesi seçerken dikkat edilecekler." }));

async function researchedRun() {
  const { accountId, token } = await seedAccount({ creditKurus: 10_000 });
  const site = await seedSite(accountId, { platform: "custom", language: "tr", url: "https://bakery.example" });
  const plan = await offlinePlan(token, site.id, { articleCount: 1 });
  const serp = createDataForSeoSerpFake({ serp: { organic, questions: ["Kahve makinesi nasıl seçilir?"], related: [], extras: true } });
  const pages = createSourcePagesFake();
  useVars({
    KEYWORD_PROVIDER: "dataforseo",
    DATAFORSEO_LOGIN: TEST_DATAFORSEO_LOGIN.login,
    DATAFORSEO_PASSWORD: TEST_DATAFORSEO_LOGIN.password,
    OUTBOUND_TIMEOUT_MS: "300",
  });
  useFakeFetch(fakeNetwork(serp.peer, ...pages.peers));
  const item = plan.items[0]!;
  const res = await runNow(token, item.id);
  return { accountId, token, item, serp, pages, res };
}

describe("research through DataForSEO and the page reader (fakes)", () => {
  it("reads the readable top pages and says why each other result was not read; the cost is on the article", async () => {
    const { accountId, token, item, serp, res } = await researchedRun();
    expect(res.status).toBe(200);
    const { articleId } = (await res.json()) as { articleId: string };
    expect(serp.calls).toHaveLength(1);

    const detail = (await (await call(`/api/autopilot/items/${item.id}`, { token })).json()) as {
      research: {
        provider: string;
        questions: string[];
        sources: { url: string; headings: { level: number; text: string }[]; excerpt: string }[];
        skipped: { url: string; reason: string }[];
        costUsd: number;
      };
    };
    const { research } = detail;
    expect(research.provider).toBe("dataforseo");
    expect(research.questions).toEqual(["Kahve makinesi nasıl seçilir?"]);
    expect(research.sources.map((source) => source.url)).toEqual([
      "https://articles.example/kahve",
      "https://no-robots.example/huge",
      "https://no-robots.example/article",
      "https://articles.example/guides/public-tips",
    ]);
    // The main text's headings, without the header's, the aside's or the footer's.
    expect(research.sources[0]!.headings).toEqual([
      { level: 2, text: "Filtre kahve makineleri" },
      { level: 3, text: "Temizlik" },
      { level: 2, text: "Espresso makineleri" },
    ]);
    expect(Object.fromEntries(research.skipped.map((skip) => [skip.url, skip.reason]))).toEqual({
      "https://bakery.example/kahve": "own_site",
      "https://www.youtube.com/watch?v=kahve": "video_or_social",
      "https://blocked.example/kahve": "robots_disallowed",
      "https://no-robots.example/slow": "timeout",
    });
    expect(research.costUsd).toBeGreaterThan(0);

    const article = (await (await call(`/api/autopilot/articles/${articleId}`, { token })).json()) as {
      cost: { usage: { research?: { provider: string; costUsd: number } } };
      quality: { sources: { url: string }[]; citations: number };
    };
    expect(article.cost.usage.research).toEqual({ provider: "dataforseo", costUsd: research.costUsd });
    expect(article.quality.sources).toHaveLength(4);
    expect(article.quality.citations).toBeGreaterThanOrEqual(2);
    expect(await db().select().from(serpResearch).where(eq(serpResearch.accountId, accountId))).toHaveLength(1);
  });

  it("a search DataForSEO refuses fails the run with its error and stores no research", async () => {
    const { accountId, token } = await seedAccount({ creditKurus: 10_000 });
    const site = await seedSite(accountId, { platform: "custom", language: "tr", url: "https://bakery.example" });
    const plan = await offlinePlan(token, site.id, { articleCount: 1 });
    const serp = createDataForSeoSerpFake({ password: "another-password" });
    useVars({
      KEYWORD_PROVIDER: "dataforseo",
      DATAFORSEO_LOGIN: TEST_DATAFORSEO_LOGIN.login,
      DATAFORSEO_PASSWORD: TEST_DATAFORSEO_LOGIN.password,
    });
    useFakeFetch(fakeNetwork(serp.peer));
    const item = plan.items[0]!;
    const failed = await runNow(token, item.id);
    expect(failed.status).toBe(502);
    expect(((await failed.json()) as { message: string }).message).toContain("DataForSEO");
    expect(await db().select().from(serpResearch).where(eq(serpResearch.accountId, accountId))).toHaveLength(0);
  });
});
