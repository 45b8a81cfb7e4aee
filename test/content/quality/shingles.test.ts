import { describe, expect, it } from "vitest";
import { highestSimilarity, jaccard, longestSourceRun, shinglesOf } from "../../../src/content/quality/shingles";

describe("similarity: 5-word shingles", () => {
  const a = "The quick brown fox jumps over the lazy dog.";
  const b = "the quick brown fox jumps over a sleeping cat";

  it("takes the Jaccard of the two shingle sets", () => {
    // a: 9 words → 5 shingles; b: 9 words → 5 shingles. Shared: "the quick brown fox jumps" and
    // "quick brown fox jumps over" (case and punctuation folded). 2 / (5 + 5 − 2) = 0.25.
    expect([...shinglesOf(a)]).toEqual([
      "the quick brown fox jumps",
      "quick brown fox jumps over",
      "brown fox jumps over the",
      "fox jumps over the lazy",
      "jumps over the lazy dog",
    ]);
    expect([...shinglesOf(b)]).toEqual([
      "the quick brown fox jumps",
      "quick brown fox jumps over",
      "brown fox jumps over a",
      "fox jumps over a sleeping",
      "jumps over a sleeping cat",
    ]);
    expect(jaccard(shinglesOf(a), shinglesOf(b))).toBe(0.25);
  });

  it("answers the highest over the other texts, 1 for a copy, 0 for none or short texts", () => {
    expect(highestSimilarity(a, ["an unrelated text about bread and butter", b])).toBe(0.25);
    expect(highestSimilarity(a, ["THE QUICK brown fox, jumps over the lazy dog!"])).toBe(1);
    expect(highestSimilarity(a, [])).toBe(0);
    expect(highestSimilarity("four words only here", ["four words only here"])).toBe(0);
  });
});

describe("longest run copied from a source", () => {
  it("finds the pasted run of a paragraph, words compared after folding", () => {
    const source = "Sourdough bread rises slowly because wild yeast and lactic bacteria ferment the flour over many hours.";
    const article = "Why wait? SOURDOUGH bread rises slowly, because wild yeast and lactic bacteria ferment the dough quickly.";
    // sourdough bread rises slowly because wild yeast and lactic bacteria ferment the: 12 words.
    expect(longestSourceRun(article, ["Nothing in common here.", source])).toBe(12);
  });

  it("folds Turkish letters and diacritics", () => {
    // "ekşi maya ekmeği" and "EKŞİ MAYA EKMEĞİ" fold to the same three words, then "uzun" differs.
    expect(longestSourceRun("EKŞİ MAYA EKMEĞİ kısa sürede", ["ekşi maya ekmeği uzun sürede"])).toBe(3);
  });

  it("is 0 with no source or no shared word", () => {
    expect(longestSourceRun("a b c", [])).toBe(0);
    expect(longestSourceRun("a b c", ["d e f"])).toBe(0);
  });
});
