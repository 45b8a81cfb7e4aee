import { describe, expect, it } from "vitest";
import { chooseKeywords } from "../../src/plans/choose-keywords";
import { foldText } from "../../src/content/text-folding";
import { CoveredTopics, keywordKey, slugWords } from "../../src/plans/keyword-key";

describe("keyword normal form", () => {
  it("folds case, the Turkish i's and diacritics", () => {
    expect(foldText("İSTANBUL Işık ŞEKER çörek Güneş")).toBe("istanbul isik seker corek gunes");
    expect(keywordKey("Ekşi Maya")).toBe(keywordKey("EKSI MAYA"));
    expect(keywordKey("ekşi maya")).toBe(keywordKey("Ekşİ mAyA"));
  });

  it("ignores stop words, word order and simple plurals (English and Turkish)", () => {
    expect(keywordKey("The best breads for kids")).toBe(keywordKey("kid bread"));
    expect(keywordKey("bread recipes")).toBe(keywordKey("bread recipe"));
    expect(keywordKey("cookies")).toBe(keywordKey("cookie"));
    expect(keywordKey("stories")).toBe(keywordKey("story"));
    expect(keywordKey("Ekmek Tarifleri")).toBe(keywordKey("tarif ekmek"));
    expect(keywordKey("ekşi maya ekmekler")).toBe(keywordKey("ekşi maya ekmek"));
    expect(keywordKey("en iyi kahve makineleri")).toBe(keywordKey("kahve makine"));
    expect(keywordKey("glass")).toBe("glass");
  });

  it("reads a slug's words from a post URL", () => {
    expect(slugWords("https://blog.example.com/2024/05/eksi-maya-ekmegi/")).toBe("eksi maya ekmegi");
    expect(slugWords("https://blog.example.com/?p=12")).toBe("");
  });

  it("counts a keyword covered when its key matches, or all its words (two or more) are in a known title", () => {
    const covered = new CoveredTopics();
    covered.add("How I bake sourdough bread at home");
    covered.add("Kahve Makineleri");
    expect(covered.covers("sourdough bread")).toBe(true);
    expect(covered.covers("Sourdough Breads")).toBe(true);
    expect(covered.covers("kahve makinesi")).toBe(false); // a different word form: not a plural
    expect(covered.covers("KAHVE MAKİNELERİ")).toBe(true);
    expect(covered.covers("sourdough starter")).toBe(false);
    expect(covered.covers("bread")).toBe(false); // one word of a longer title is not its topic
    covered.add("Our take: focaccia");
    expect(covered.covers("Focaccia")).toBe(true);
  });
});

describe("choosing keywords", () => {
  const idea = (keyword: string, monthlyVolume: number, competition: "LOW" | "MEDIUM" | "HIGH" = "LOW") => ({
    keyword,
    monthlyVolume,
    competition,
  });

  it("drops covered ideas, groups near-duplicates under the most searched, ranks by volume weighted by competition", () => {
    const covered = new CoveredTopics();
    covered.add("Sourdough bread for beginners");
    const choice = chooseKeywords(
      [
        idea("sourdough bread beginners", 5000),
        idea("rye bread", 1000, "HIGH"), // 300 after weighting
        idea("Rye Breads", 900, "LOW"), // same key as "rye bread": the higher volume stays
        idea("banana bread", 800, "LOW"),
        idea("Banana-Bread", 700, "LOW"), // a near-duplicate of "banana bread"
        idea("focaccia", 600, "MEDIUM"), // 360
        idea("zero volume", 0, "LOW"),
      ],
      covered,
      10,
    );
    expect(choice.covered).toBe(1);
    expect(choice.chosen.map((c) => c.keyword)).toEqual(["banana bread", "focaccia", "rye bread"]);
    expect(choice.usable).toBe(3);
  });

  it("keeps at most the number asked for", () => {
    const choice = chooseKeywords([idea("a b", 3), idea("c d", 2), idea("e f", 1)], new CoveredTopics(), 2);
    expect(choice.chosen.map((c) => c.keyword)).toEqual(["a b", "c d"]);
    expect(choice.usable).toBe(3);
  });
});
