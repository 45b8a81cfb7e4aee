import { describe, expect, it } from "vitest";
import { stemWord } from "../../../src/content/quality/stemming";
import { headingCoverage, termCoverage, termsOf } from "../../../src/content/quality/terms";
import { SOURCES } from "./corpus";

describe("stems (Snowball)", () => {
  it("meet inflected forms per language", () => {
    expect(["recipes", "recipe", "baking", "baked", "bakes", "stopped", "stories"].map((word) => stemWord(word, "en"))).toEqual([
      "recip",
      "recip",
      "bake",
      "bake",
      "bake",
      "stop",
      "stori",
    ]);
    // Read as written (vowel harmony needs ı and i apart), folded after: "ekmeği" meets "ekmek".
    expect(["tarifleri", "tarif", "ekmekler", "ekmeği", "ekmeklerinden"].map((word) => stemWord(word, "tr"))).toEqual([
      "tarif",
      "tarif",
      "ekmek",
      "ekmek",
      "ekmek",
    ]);
    expect(["brote", "brot", "kindern", "kinder"].map((word) => stemWord(word, "de"))).toEqual(["brot", "brot", "kind", "kind"]);
    expect(["journaux", "journal", "bonnes", "bon"].map((word) => stemWord(word, "fr"))).toEqual(["journal", "journal", "bon", "bon"]);
    expect(["casas", "casa", "panes", "pan"].map((word) => stemWord(word, "es"))).toEqual(["cas", "cas", "pan", "pan"]);
    expect(["pani", "pane"].map((word) => stemWord(word, "it"))).toEqual(["pan", "pan"]);
  });

  it("fold the Turkish forms issue 41 found apart, read against the words of the texts compared", () => {
    // Snowball alone gives "maya" → "ma", "günü" → "g", "unun" → "u": a stem that short is read
    // against the texts' words, and the shortest word between it and the word is the term.
    const text =
      "Mayanızı her gün besleyin; mayaya günde iki kez un ekleyin. Maya, unun ve suyun karışımıdır: undan ve sudan oluşur, günü gelince unu artırın.";
    const stems = new Map(termsOf(text, "tr").map((term) => [term.word, term.stem]));
    expect(["mayanızı", "mayaya", "maya"].map((word) => stems.get(word))).toEqual(["maya", "maya", "maya"]);
    expect(["gün", "günde", "günü"].map((word) => stems.get(word))).toEqual(["gun", "gun", "gun"]);
    expect(["un", "unun", "undan", "unu"].map((word) => stems.get(word))).toEqual(["un", "un", "un", "un"]);
  });

  it("cut a Turkish suffix after an apostrophe and a French elided article", () => {
    expect(termsOf("İstanbul'da ve İstanbul’un fırınları", "tr").map((term) => term.stem)).toEqual(["istanbul", "istanbul", "firin"]);
    expect(termsOf("l'eau et les eaux", "fr").map((term) => term.stem)).toEqual(["eau", "eau"]);
  });

  it("leave out stop words and short words, and fold first", () => {
    expect(termsOf("The Bread of İstanbul is GOOD", "en").map((term) => term.stem)).toEqual(["bread", "istanbul", "good"]);
  });
});

describe("missing terms by TF-IDF over the sources", () => {
  it("lists the shared terms the article lacks, weightiest first, and weighs coverage", () => {
    // Terms per source (stop words and words under 3 letters out, stemmed):
    //   1: sourdough starter need flour water feed starter dai                     (8)
    //   2: healthi starter need regular feed flour bak bread starter               (9)
    //   3: hydration matter water flour equal weight bread bak best hot            (10)
    // Shared by ≥ 2 sources, weight = Σ tf/len × ln(1 + 3/df):
    //   starter (df 2): (2/8 + 2/9) × ln 2.5 = 0.472222 × 0.916291 = 0.432693
    //   flour   (df 3): (1/8 + 1/9 + 1/10) × ln 2 = 0.336111 × 0.693147 = 0.232978
    //   feed, need (df 2): (1/8 + 1/9) × ln 2.5 = 0.216347 each
    //   water   (df 2): (1/8 + 1/10) × ln 2.5 = 0.206165
    //   bak, bread (df 2): (1/9 + 1/10) × ln 2.5 = 0.193439 each
    // Total 1.691408. The article has starter, need and flour: 0.882018 / 1.691408 = 0.521469.
    // Missing, by weight (ties by stem): feed, water, bak ("bake" and "bakes" once each: "bake"), bread.
    const result = termCoverage(
      "Our sourdough starter needs flour.",
      SOURCES.map((source) => source.text),
      "en",
    );
    expect(result.missing).toEqual(["feed", "water", "bake", "bread"]);
    expect(result.coverage).toBeCloseTo(0.521469, 5);
  });

  it("has no reference when no term is shared", () => {
    expect(termCoverage("bread", ["apples and pears"], "en")).toEqual({ coverage: null, missing: [] });
  });
});

describe("headings coverage of the shared subtopics", () => {
  const sourceHeadings = SOURCES.map((source) => source.headings);

  it("finds the subtopics two sources share, matched loosely", () => {
    // {sourdough, starter} matches "Sourdough starter basics" (Dice 4/5); "How to feed a sourdough
    // starter" is the same subtopic. {feed, starter} matches "How to feed…" (4/5) but not
    // {sourdough, starter} (2/4). {bak, tip} matches "Tips for baking". "Storing bread" and
    // "Bread history" share only "bread" (2/4): not a subtopic.
    // The article's "Sourdough starter explained" covers the first of three.
    const result = headingCoverage(["Sourdough starter explained"], sourceHeadings, "en");
    expect(result.coverage).toBeCloseTo(1 / 3, 10);
    expect(result.uncovered).toEqual(["Feeding your starter", "Baking tips"]);
  });

  it("covers all three with matching headings, none without sources' agreement", () => {
    expect(headingCoverage(["Sourdough starter", "How often to feed your starter", "Baking: tips"], sourceHeadings, "en").coverage).toBe(1);
    expect(headingCoverage(["Anything"], [["Storing bread"], ["Bread history"]], "en")).toEqual({ coverage: null, uncovered: [] });
  });
});
