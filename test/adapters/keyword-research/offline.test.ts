import { describe, expect, it } from "vitest";
import { createOfflineKeywordResearch, OFFLINE_TEMPLATES } from "../../../src/adapters/keyword-research/offline";
import { isProviderError } from "../../../src/adapters/provider-error";

const research = createOfflineKeywordResearch();

describe("offline keyword research", () => {
  it("says its volumes are estimates and costs nothing", async () => {
    expect(research).toMatchObject({ provider: "offline", offline: true });
    const { usage } = await research.keywordIdeas({ seeds: ["coffee"], language: "en", limit: 50 });
    expect(usage).toEqual({ inputTokens: 0, outputTokens: 0, images: 0, costUsd: 0 });
  });

  it("builds English ideas from each seed with the English templates", async () => {
    const { ideas } = await research.keywordIdeas({ seeds: ["Coffee Grinder", "espresso"], language: "en", limit: 1000 });
    const keywords = ideas.map((idea) => idea.keyword);
    expect(keywords).toHaveLength(2 * OFFLINE_TEMPLATES.en!.length);
    expect(keywords).toEqual(
      expect.arrayContaining([
        "coffee grinder",
        "best coffee grinder",
        "coffee grinder guide",
        "how to espresso",
        "espresso for beginners",
      ]),
    );
  });

  it("builds Turkish ideas with Turkish templates and Turkish lower-casing", async () => {
    const { ideas } = await research.keywordIdeas({ seeds: ["KAHVE Makinesi", "IŞIK"], language: "tr", limit: 1000 });
    const keywords = ideas.map((idea) => idea.keyword);
    expect(keywords).toEqual(
      expect.arrayContaining([
        "en iyi kahve makinesi",
        "kahve makinesi nasıl yapılır",
        "kahve makinesi önerileri",
        "kahve makinesi fiyatları",
        "ışık",
      ]),
    );
    expect(keywords.some((keyword) => keyword.includes("best"))).toBe(false);
  });

  it("gives a language without templates its seeds alone, not phrases in another language", async () => {
    const { ideas } = await research.keywordIdeas({ seeds: ["コーヒー", "紅茶"], language: "ja", limit: 100 });
    expect(ideas.map((idea) => idea.keyword).sort()).toEqual(["コーヒー", "紅茶"].sort());
  });

  it("is deterministic, with positive volumes, known levels, sorted by volume, and honours the limit", async () => {
    const input = { seeds: ["coffee", "tea"], language: "en", limit: 7 };
    const first = await research.keywordIdeas(input);
    const again = await createOfflineKeywordResearch().keywordIdeas(input);
    expect(again).toEqual(first);
    expect(first.ideas).toHaveLength(7);
    for (const idea of first.ideas) {
      expect(idea.monthlyVolume).toBeGreaterThan(0);
      expect(["LOW", "MEDIUM", "HIGH"]).toContain(idea.competition);
    }
    const volumes = first.ideas.map((idea) => idea.monthlyVolume);
    expect(volumes).toEqual([...volumes].sort((a, b) => b - a));
    // Different seeds, different estimates: the figures come from the phrase, not a constant.
    expect(new Set((await research.keywordIdeas({ ...input, limit: 100 })).ideas.map((idea) => idea.monthlyVolume)).size).toBeGreaterThan(
      3,
    );
  });

  it("no seed is bad_request", async () => {
    const error = await research.keywordIdeas({ seeds: ["  "], language: "en", limit: 10 }).catch((thrown: unknown) => thrown);
    expect(isProviderError(error, "bad_request")).toBe(true);
  });
});
