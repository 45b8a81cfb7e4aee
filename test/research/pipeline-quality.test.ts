import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { serpResearch } from "../../src/db/schema";
import { call, db, expectError, seedAccount, seedSite } from "../harness";
import { itemRow, offlinePlan, runNow, runRecord } from "../pipeline/helpers";

// Issue 29: an item's run researches what ranks, writes from it with citations and claims, fact
// checks the claims, scores the article and holds it in REVIEW when the site's gate says so.

interface ArticleBody {
  id: string;
  status: string;
  html: string;
  contentScore: number | null;
  reviewReasons: { code: string; params: Record<string, number>; message: string }[];
  quality: {
    contentScore: number | null;
    missingTerms: string[];
    similarity: number;
    longestSourceRun: number;
    readability: { formula: string; score: number | null; band: string | null };
    citations: number;
    factCheck: { supported: number; unsupported: number; contradicted: number };
    sources: { id: string; url: string; title: string }[];
  } | null;
  claims: { text: string; source: string | null; verdict: string | null; passage: string }[];
}

async function publishedItem(brief: Record<string, unknown> = {}) {
  const { accountId, token } = await seedAccount({ creditKurus: 10_000 });
  const site = await seedSite(accountId, { platform: "custom", language: "en", businessContext: "Sourdough baking at home" });
  if (Object.keys(brief).length > 0) {
    const res = await call(`/api/sites/${site.id}/brief`, {
      method: "PUT",
      token,
      json: { business: "Sourdough baking at home", ...brief },
    });
    expect(res.status).toBe(200);
  }
  const plan = await offlinePlan(token, site.id, { articleCount: 2 });
  const item = plan.items[0]!;
  const res = await runNow(token, item.id);
  expect(res.status).toBe(200);
  const { articleId } = (await res.json()) as { articleId: string };
  const article = (await (await call(`/api/autopilot/articles/${articleId}`, { token })).json()) as ArticleBody;
  return { accountId, token, site, plan, item, article };
}

const researchRows = async (accountId: string) => db().select().from(serpResearch).where(eq(serpResearch.accountId, accountId));

describe("an item's run with research (offline providers)", () => {
  it("writes from 3+ sources with 2+ citations, checks every claim, scores the article and stores it all", async () => {
    const { accountId, token, item, article } = await publishedItem();
    expect(article.status).toBe("published");
    const quality = article.quality!;
    expect(quality.sources.length).toBeGreaterThanOrEqual(3);
    expect(quality.citations).toBeGreaterThanOrEqual(2);
    expect(quality.contentScore).toBeGreaterThanOrEqual(60);
    expect(article.contentScore).toBe(quality.contentScore);
    expect(quality.longestSourceRun).toBeLessThanOrEqual(12);
    expect(quality.readability).toMatchObject({ formula: "flesch-reading-ease", score: expect.any(Number), band: expect.any(String) });
    expect(article.reviewReasons).toEqual([]);
    // Every claim was read against its source and supported there.
    expect(article.claims.length).toBeGreaterThanOrEqual(2);
    for (const claim of article.claims) {
      expect(claim.verdict).toBe("supported");
      expect(claim.passage).not.toBe("");
      expect(quality.sources.map((source) => source.id)).toContain(claim.source);
    }
    expect(quality.factCheck).toEqual({ supported: article.claims.length, unsupported: 0, contradicted: 0 });
    // Each cited source is linked with the site's rel (noopener by default).
    for (const source of quality.sources.slice(0, 2)) {
      expect(article.html).toContain(`href="${source.url}" rel="noopener"`);
    }

    // The item shows its research; one research row for the account.
    const detail = (await (await call(`/api/autopilot/items/${item.id}`, { token })).json()) as {
      researched: boolean;
      research: {
        query: string;
        results: unknown[];
        questions: string[];
        sources: { excerpt: string; headings: unknown[] }[];
        warning: string | null;
      };
    };
    expect(detail.researched).toBe(true);
    expect(detail.research.results).toHaveLength(10);
    expect(detail.research.questions.length).toBeGreaterThan(0);
    expect(detail.research.sources.length).toBe(quality.sources.length);
    expect(detail.research.warning).toBeNull();
    for (const source of detail.research.sources) expect(new TextEncoder().encode(source.excerpt).length).toBeLessThanOrEqual(4096);
    expect(await researchRows(accountId)).toHaveLength(1);
  });

  it("404 for the research of another account's item, or of no item", async () => {
    const { item } = await publishedItem();
    const stranger = await seedAccount();
    await expectError(await call(`/api/autopilot/items/${item.id}`, { token: stranger.token }), 404, "not_found");
    await expectError(await call("/api/autopilot/items/item_doesnotexist00000", { token: stranger.token }), 404, "not_found");
  });

  it("400 for an item id over 64 characters, 401 without a token", async () => {
    const { token } = await seedAccount();
    const error = await expectError(await call(`/api/autopilot/items/item_${"x".repeat(80)}`, { token }), 400, "invalid_request");
    expect(error.message).toContain("itemId");
    await expectError(await call("/api/autopilot/items/item_doesnotexist00000"), 401);
  });

  it("a gate of 100 sends the article to REVIEW after one rewrite, with the reason on the item and the article", async () => {
    const { accountId, item, article } = await publishedItem({ minContentScore: 100 });
    expect(article.status).toBe("pending");
    expect(article.reviewReasons.map((reason) => reason.code)).toEqual(["content_score_low"]);
    expect(article.reviewReasons[0]!.params).toMatchObject({ min: 100, score: article.contentScore });
    const row = await itemRow(item.id);
    expect(row.status).toBe("REVIEW");
    expect(row.reviewReasons?.map((reason) => reason.code)).toEqual(["content_score_low"]);
    // One rewrite named the shortfall; the research was not made again for it.
    expect(await runRecord(item.id, 1)).toMatchObject({ draftRound: 2, qualityRound: 2, factCheckRound: 2 });
    expect(await researchRows(accountId)).toHaveLength(1);
  });

  it("the site's rel choice goes on the citation links", async () => {
    const { article } = await publishedItem({ citationRel: "nofollow noopener" });
    expect(article.html).toContain(`href="${article.quality!.sources[0]!.url}" rel="nofollow noopener"`);
  });
});

describe("PATCH moves the score", () => {
  it("thinning the article lowers its content score; pasting a source's paragraph raises longestSourceRun and holds a pending article", async () => {
    const { token, item, article } = await publishedItem({ minContentScore: 100 });
    const before = article.quality!;
    const thin = await call(`/api/autopilot/articles/${article.id}`, {
      method: "PATCH",
      token,
      json: { html: "<h2>Notes</h2><p>A short note about bread.</p>" },
    });
    expect(thin.status).toBe(200);
    const thinned = (await thin.json()) as ArticleBody;
    expect(thinned.quality!.contentScore!).toBeLessThan(before.contentScore!);
    expect(thinned.contentScore).toBe(thinned.quality!.contentScore);
    // The claims the text no longer makes are gone with their verdicts.
    expect(thinned.claims).toEqual([]);
    expect(thinned.quality!.citations).toBe(0);

    const research = (await (await call(`/api/autopilot/items/${item.id}`, { token })).json()) as {
      research: { sources: { excerpt: string }[] };
    };
    const paragraph = research.research.sources[0]!.excerpt.split("\n")[1]!;
    expect(paragraph.split(" ").length).toBeGreaterThan(12);
    const pasted = await call(`/api/autopilot/articles/${article.id}`, {
      method: "PATCH",
      token,
      json: { html: `${article.html}<p>${paragraph}</p>` },
    });
    const copied = (await pasted.json()) as ArticleBody;
    expect(copied.quality!.longestSourceRun).toBeGreaterThan(12);
    expect(copied.reviewReasons.map((reason) => reason.code)).toContain("copied_from_source");
    // The item waiting in review says the same as its article.
    expect((await itemRow(item.id)).reviewReasons?.map((reason) => reason.code)).toEqual(copied.reviewReasons.map((reason) => reason.code));
  });

  it("lists articles by score and filters by a score range; a bad range is 400", async () => {
    const { token, article } = await publishedItem();
    const other = await call(`/api/autopilot/articles/${article.id}`, { method: "GET", token });
    expect(other.status).toBe(200);
    const list = async (query: string) =>
      (await (await call(`/api/autopilot/articles?${query}`, { token })).json()) as {
        items: { id: string; contentScore: number | null }[];
      };
    expect((await list("sort=content_score&order=desc")).items[0]!.contentScore).toBe(article.contentScore);
    expect((await list(`minScore=${article.contentScore}`)).items.map((a) => a.id)).toEqual([article.id]);
    expect((await list(`maxScore=${article.contentScore! - 1}`)).items).toEqual([]);
    await expectError(await call("/api/autopilot/articles?minScore=101", { token }), 400, "invalid_request");
    await expectError(await call("/api/autopilot/articles?minScore=abc", { token }), 400, "invalid_request");
    await expectError(await call("/api/autopilot/articles?maxScore=-1", { token }), 400, "invalid_request");
    await expectError(await call("/api/autopilot/articles?maxScore=5.5", { token }), 400, "invalid_request");
    await expectError(await call("/api/autopilot/articles?order=sideways", { token }), 400, "invalid_request");
    await expectError(await call("/api/autopilot/articles?sort=score", { token }), 400, "invalid_request");
  });
});
