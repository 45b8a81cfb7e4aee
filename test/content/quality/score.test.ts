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

describe("content score: 0.5 terms + 0.3 headings + 0.2 length", () => {
  it("weighs the measures, leaving out those without a reference", () => {
    // 100 × (0.5 × 0.5 + 0.3 × 1/3 + 0.2 × 1) = 100 × (0.25 + 0.1 + 0.2) = 55.
    expect(contentScore({ terms: 0.5, headings: 1 / 3, length: 1 })).toBe(55);
    // Without headings: (0.5 × 0.5 + 0.2 × 1) / 0.7 = 0.642857 → 64.
    expect(contentScore({ terms: 0.5, headings: null, length: 1 })).toBe(64);
    expect(contentScore({ terms: null, headings: null, length: null })).toBeNull();
  });

  it("rewards length up to the median, stops at twice it, then takes a little off", () => {
    expect(lengthScore(6, 12)).toBe(0.5);
    expect(lengthScore(18, 12)).toBe(1);
    expect(lengthScore(36, 12)).toBe(0.75); // ratio 3: 1 − (3 − 2)/4
    expect(lengthScore(120, 12)).toBe(0.5);
    expect(lengthScore(10, 0)).toBeNull();
  });

  // The sources have 10, 13 and 12 words: the median is 12. Terms and headings as in terms.test.ts.
  const base = "<h2>Sourdough starter explained</h2><p>Our sourdough starter needs flour.</p>";
  const fuller = `${base}<h2>Feeding your starter</h2><p>Feed it water.</p><h2>Baking tips</h2><p>Bake bread.</p>`;
  const thinner = "<h2>Sourdough starter</h2><p>Starter needs flour.</p>";

  it("rises when missing terms are added and headings covered, falls when the article is thinned", () => {
    // base: terms 0.521469, headings 1/3, 8 words → 8/12.
    // 100 × (0.5 × 0.521469 + 0.3 × 0.333333 + 0.2 × 0.666667) = 26.0735 + 10 + 13.3333 = 49.4 → 49.
    const before = scoreArticle(input(base));
    expect(before.contentScore).toBe(49);
    expect(before.missingTerms).toEqual(["feed", "water", "bake", "bread"]);
    // fuller: every term (feed, water, bak, bread now in), all three subtopics, 18 words (1.5 × the
    // median, full marks): 100.
    const after = scoreArticle(input(fuller));
    expect(after.contentScore).toBe(100);
    expect(after.missingTerms).toEqual([]);
    // thinner: the same terms and subtopic as base, 5 words → 5/12.
    // 26.0735 + 10 + 0.2 × 41.6667 = 44.4 → 44.
    expect(scoreArticle(input(thinner)).contentScore).toBe(44);
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
      ["citations", "contentScore", "factCheck", "longestSourceRun", "missingTerms", "readability", "similarity", "sources"].sort(),
    );
  });
});
