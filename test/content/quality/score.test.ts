import { describe, expect, it } from "vitest";
import { contentScore, lengthScore, scoreArticle } from "../../../src/content/quality/score";
import type { QualityInput } from "../../../src/content/quality/types";
import { SOURCES } from "./corpus";

const sources = SOURCES.map((source, index) => ({
  id: `src_${index + 1}`,
  url: `https://example${index + 1}.com/sourdough`,
  title: `Source ${index + 1}`,
  ...source,
}));
const input = (html: string, overrides: Partial<QualityInput> = {}): QualityInput => ({
  article: { html, language: "en-US" },
  sources,
  otherTexts: [],
  factCheck: { supported: 3, unsupported: 1, contradicted: 0 },
  ...overrides,
});

describe("content score: 0.3 terms + 0.25 facts + 0.25 subtopics + 0.2 length, less 25 for stuffing", () => {
  it("weighs the measures, leaving out those without a reference", () => {
    // 100 × (0.3 × 0.5 + 0.25 × 0.4 + 0.25 × 1/3 + 0.2 × 1) = 15 + 10 + 8.333 + 20 = 53.3 → 53.
    expect(contentScore({ terms: 0.5, facts: 0.4, subtopics: 1 / 3, length: 1 })).toBe(53);
    // Without facts and subtopics: (0.3 × 0.5 + 0.2 × 1) / 0.5 = 0.7 → 70.
    expect(contentScore({ terms: 0.5, facts: null, subtopics: null, length: 1 })).toBe(70);
    expect(contentScore({ terms: null, facts: null, subtopics: null, length: null })).toBeNull();
  });

  it("takes 25 points off a stuffed article, never below 0", () => {
    expect(contentScore({ terms: 0.5, facts: 0.4, subtopics: 1 / 3, length: 1 }, true)).toBe(28);
    expect(contentScore({ terms: 0.1, facts: 0, subtopics: 0, length: 0.5 }, true)).toBe(0);
  });

  it("rewards length up to the median, stops at twice it, then takes a little off", () => {
    expect(lengthScore(6, 12)).toBe(0.5);
    expect(lengthScore(18, 12)).toBe(1);
    expect(lengthScore(36, 12)).toBe(0.75); // ratio 3: 1 − (3 − 2)/4
    expect(lengthScore(120, 12)).toBe(0.5);
    expect(lengthScore(10, 0)).toBeNull();
  });

  const base = "<h2>Sourdough starter explained</h2><p>Our sourdough starter needs flour.</p>";
  const fuller = `${base}<h2>Feeding your starter</h2><p>Feed it water every day.</p><h2>Baking tips</h2><p>Bake the bread hot.</p>`;
  const thinner = "<h2>Sourdough starter</h2><p>Starter needs flour.</p>";

  it("rises when missing terms are written in sentences, falls when the article is thinned", () => {
    const before = scoreArticle(input(base));
    expect(before.missingTerms).toEqual(["feed", "water", "bake", "bread"]);
    const after = scoreArticle(input(fuller));
    expect(after.missingTerms).toEqual([]);
    expect(after.contentScore!).toBeGreaterThan(before.contentScore!);
    expect(scoreArticle(input(thinner)).contentScore!).toBeLessThan(before.contentScore!);
  });

  it("counts no term that stands only in a heading, a bare-word list or alt text", () => {
    const named =
      '<h2>Feed the water</h2><ul><li>Bake</li><li>Bread</li></ul><p><img alt="feed water bake bread"></p><p>Our sourdough starter needs flour.</p>';
    expect(scoreArticle(input(named)).missingTerms).toEqual(["feed", "water", "bake", "bread"]);
  });

  it("is null with no source", () => {
    expect(scoreArticle(input(base, { sources: [] })).contentScore).toBeNull();
  });
});

describe("the quality answer", () => {
  it("counts citations, copies and similarity, and passes the tallies and sources through", () => {
    const html = [
      "<p>Sourdough starter needs flour and water, says ",
      '<a href="http://www.EXAMPLE1.com/sourdough/#top">one page</a>, and ',
      '<a href="https://example2.com/sourdough">another</a>; see also ',
      '<a href="https://elsewhere.com/sourdough">a third</a> and <a href="/sourdough">our guide</a>.</p>',
    ].join("");
    const quality = scoreArticle(input(html, { otherTexts: ["Sourdough starter needs flour and water, says one page."] }));
    // Two links point at sources (scheme, www., case, slash and fragment do not count); the
    // other site and the relative link do not.
    expect(quality.citations).toBe(2);
    // "sourdough starter needs flour and water" stands in source 1: 6 words.
    expect(quality.longestSourceRun).toBe(6);
    // The other text has 9 words → 5 shingles, all in the article; the article's 18 words give 14.
    // 5 / (14 + 5 − 5) = 0.357142… → 0.357.
    expect(quality.similarity).toBe(0.357);
    expect(quality.readability.formula).toBe("flesch-reading-ease");
    expect(quality.factCheck).toEqual({ supported: 3, unsupported: 1, contradicted: 0 });
    expect(quality.sources).toEqual([
      { id: "src_1", url: "https://example1.com/sourdough", title: "Source 1" },
      { id: "src_2", url: "https://example2.com/sourdough", title: "Source 2" },
      { id: "src_3", url: "https://example3.com/sourdough", title: "Source 3" },
    ]);
    expect(Object.keys(quality).sort()).toEqual(
      [
        "citations",
        "contentScore",
        "factCheck",
        "facts",
        "longestSourceRun",
        "missingTerms",
        "readability",
        "similarity",
        "sources",
        "stuffing",
        "uncoveredSubtopics",
      ].sort(),
    );
  });
});
