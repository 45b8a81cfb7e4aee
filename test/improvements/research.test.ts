import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { MAX_COPIED_WORDS } from "../../src/content/quality/gate";
import { charges, serpResearch, sites } from "../../src/db/schema";
import { researchOfRun, runResearchId } from "../../src/improvements/research";
import { researchKeyword, type ResearchSubject } from "../../src/research/research";
import type { Services } from "../../src/services/container";
import { TEST_DATAFORSEO_LOGIN } from "../fakes/dataforseo";
import { call, db, expectError, testServices, useVars } from "../harness";
import { goodSuggestion, type Improvement, ORIGINAL_TITLE, post, promptOf, syncedPost } from "./helpers";

/** What the improvement of the shared post researches: its title, in its site's language, never its site's own pages. */
async function subjectOf(accountId: string, siteId: string): Promise<ResearchSubject> {
  const [site] = await db().select().from(sites).where(eq(sites.id, siteId));
  return { accountId, siteId, siteUrl: site!.url, keyword: ORIGINAL_TITLE, language: site!.language };
}

const researchRowsOf = (accountId: string) => db().select().from(serpResearch).where(eq(serpResearch.accountId, accountId));

/** The services with the search provider's calls counted. */
function countingSearches(): { services: Services; searches: () => number } {
  const base = testServices();
  let searches = 0;
  const services: Services = {
    ...base,
    serpResearch: () => {
      searches += 1;
      return base.serpResearch();
    },
  };
  return { services, searches: () => searches };
}

/** A paragraph of the first top page the offline research finds for the post's keyword (the pages are deterministic). */
async function sourceParagraph(subject: ResearchSubject): Promise<string> {
  const research = await researchKeyword(testServices(), subject);
  const headings = new Set(research.sources[0]!.headings.map((heading) => heading.text));
  const paragraph = research.sources[0]!.text.split("\n").find((line) => !headings.has(line) && line.split(" ").length > 20);
  return paragraph!;
}

describe("improvements researched and scored (issue 29)", () => {
  it("researches the post's title once, writes against the digest, and shows the quality before and after", async () => {
    const { accountId, token, openai, site, postId } = await syncedPost();
    openai.script({ answer: goodSuggestion() });

    const res = await post(token, postId, "improve");
    expect(res.status).toBe(200);
    const { suggestion } = (await res.json()) as Improvement;
    const [row, ...more] = await researchRowsOf(accountId);
    expect(more).toHaveLength(0);
    expect(row).toMatchObject({ id: suggestion!.researchId, siteId: site.id, keyword: ORIGINAL_TITLE, provider: "offline" });
    expect(row!.id).toBe(await runResearchId(`improve:${postId}:1`));
    expect(row!.sources.length).toBeGreaterThan(0);

    // The model was told what the top pages cover, with their numbered sources and the copying rule.
    const prompt = promptOf(openai.requests[0]!);
    expect(prompt).toContain("Research: what the pages that rank for the post's keyword today cover");
    expect(prompt).toContain(`[1] ${row!.sources[0]!.title} — ${row!.sources[0]!.url}`);
    expect(prompt).toContain(`Never copy more than ${MAX_COPIED_WORDS} consecutive words from a source`);
    expect(prompt).not.toContain("`claims`");

    const { qualityBefore, qualityAfter } = suggestion!;
    expect(typeof qualityBefore!.contentScore).toBe("number");
    expect(typeof qualityAfter!.contentScore).toBe("number");
    // The suggestion adds a section to the post: it covers at least as much, and the post is not compared with itself.
    expect(qualityAfter!.contentScore!).toBeGreaterThanOrEqual(qualityBefore!.contentScore!);
    expect(qualityBefore!.similarity).toBeLessThan(0.5);
    expect(qualityAfter!.sources.map((source) => source.url)).toEqual(row!.sources.map((source) => source.url));
    expect(qualityAfter).not.toHaveProperty("rawScore");

    const read = (await (await call(`/api/sites/posts/${postId}/improvement`, { token })).json()) as Improvement;
    expect(read.suggestion).toEqual(suggestion);
  });

  it("researches once per run: a rewrite round reuses the run's research, a new run researches anew", async () => {
    const { accountId, token, openai, postId } = await syncedPost();
    const failing = { ...goodSuggestion(), seoTitle: "Too short" };
    openai.script({ answer: failing }, { answer: goodSuggestion() }, { answer: goodSuggestion() });

    const first = (await (await post(token, postId, "improve")).json()) as Improvement;
    expect(openai.requests).toHaveLength(2);
    expect(await researchRowsOf(accountId)).toHaveLength(1);
    const second = (await (await post(token, postId, "improve")).json()) as Improvement;
    const rows = await researchRowsOf(accountId);
    expect(rows.map((row) => row.id).sort()).toEqual([first.suggestion!.researchId, second.suggestion!.researchId].sort());
    expect(second.suggestion!.researchId).toBe(await runResearchId(`improve:${postId}:2`));
    const ledger = await db().select().from(charges).where(eq(charges.accountId, accountId));
    expect(ledger.map((charge) => [charge.reference, charge.status])).toEqual([
      [`improve:${postId}:1`, "settled"],
      [`improve:${postId}:2`, "settled"],
    ]);
  });

  it("a replayed run reads its stored research: no second search, no second row", async () => {
    const { accountId, token, openai, site, postId } = await syncedPost();
    const subject = await subjectOf(accountId, site.id);
    const reference = `improve:${postId}:1`;
    const { services, searches } = countingSearches();

    const stored = await researchOfRun(services, reference, subject);
    const replayed = await researchOfRun(services, reference, subject);
    expect(replayed).toEqual(stored);
    expect(searches()).toBe(1);
    // Two replays at once may both search, but the run keeps one research and both read it.
    const later = `improve:${postId}:9`;
    const [one, other] = await Promise.all([researchOfRun(services, later, subject), researchOfRun(services, later, subject)]);
    expect(one).toEqual(other);
    expect((await researchRowsOf(accountId)).map((row) => row.id).sort()).toEqual([stored.id, one.id].sort());
    await db().delete(serpResearch).where(eq(serpResearch.id, one.id));

    // The run that research was made for (run 1 of the post) finds it and searches no more.
    openai.script({ answer: goodSuggestion() });
    const body = (await (await post(token, postId, "improve")).json()) as Improvement;
    expect(body.suggestion!.researchId).toBe(stored.id);
    expect(await researchRowsOf(accountId)).toHaveLength(1);
  });

  it("sends a suggestion that pastes a source's paragraph back to the model, and refuses it when it pastes again", async () => {
    const { accountId, token, openai, site, postId } = await syncedPost();
    const paragraph = await sourceParagraph(await subjectOf(accountId, site.id));
    const pasting = { ...goodSuggestion(), html: `${goodSuggestion().html}<p>${paragraph}</p>` };
    openai.script({ answer: pasting }, { answer: goodSuggestion() });

    const res = await post(token, postId, "improve");
    expect(res.status).toBe(200);
    const retried = promptOf(openai.requests[1]!);
    expect(retried).toMatch(new RegExp(`\\d+ consecutive words are copied from a source \\(at most ${MAX_COPIED_WORDS}\\)`));
    const { suggestion } = (await res.json()) as Improvement;
    expect(suggestion!.qualityAfter!.longestSourceRun).toBeLessThanOrEqual(MAX_COPIED_WORDS);
    expect(suggestion!.html).not.toContain(paragraph);

    openai.script({ answer: pasting }, { answer: pasting });
    const error = await expectError(await post(token, postId, "improve"), 422, "improvement_failed_checks");
    expect(error.message).toContain("consecutive words are copied from a source");
    const ledger = await db().select().from(charges).where(eq(charges.accountId, accountId));
    expect(ledger.map((charge) => charge.status)).toEqual(["settled", "refunded"]);
  });

  it("does not hold against a suggestion the words its post already shares with a source", async () => {
    const { accountId, token, openai, site, target, postId } = await syncedPost();
    const paragraph = await sourceParagraph(await subjectOf(accountId, site.id));
    target.content = `${target.content}\n<p>${paragraph}</p>`;
    target.modifiedGmt = "2026-11-22T10:00:00";
    openai.script({ answer: { ...goodSuggestion(), html: `${goodSuggestion().html}<p>${paragraph}</p>` } });

    const res = await post(token, postId, "improve");
    expect(res.status).toBe(200);
    const { suggestion } = (await res.json()) as Improvement;
    expect(suggestion!.qualityBefore!.longestSourceRun).toBeGreaterThan(MAX_COPIED_WORDS);
    expect(suggestion!.qualityAfter!.longestSourceRun).toBe(suggestion!.qualityBefore!.longestSourceRun);
  });

  it("refunds the run and asks no model when the search fails", async () => {
    const { accountId, token, openai, postId } = await syncedPost();
    // DataForSEO is configured but no fake answers it: the search fails like an unreachable host.
    useVars({
      TEXT_PROVIDER: "openai",
      TEXT_MODEL: "gpt-4o-mini",
      KEYWORD_PROVIDER: "dataforseo",
      DATAFORSEO_LOGIN: TEST_DATAFORSEO_LOGIN.login,
      DATAFORSEO_PASSWORD: TEST_DATAFORSEO_LOGIN.password,
    });
    const res = await post(token, postId, "improve");
    expect(res.status).toBeGreaterThanOrEqual(502);
    expect(openai.requests).toHaveLength(0);
    expect(await researchRowsOf(accountId)).toHaveLength(0);
    const ledger = await db().select().from(charges).where(eq(charges.accountId, accountId));
    expect(ledger.map((charge) => charge.status)).toEqual(["refunded"]);
  });

  it("works with the offline writer and research (local runs): scored before and after", async () => {
    const { accountId, token, postId } = await syncedPost();
    useVars({ TEXT_PROVIDER: "offline" });
    const res = await post(token, postId, "improve");
    expect(res.status).toBe(200);
    const { suggestion } = (await res.json()) as Improvement;
    expect(typeof suggestion!.qualityBefore!.contentScore).toBe("number");
    expect(typeof suggestion!.qualityAfter!.contentScore).toBe("number");
    expect(await researchRowsOf(accountId)).toHaveLength(1);
  });
});
