import { describe, expect, it } from "vitest";
import { factCoverage } from "../../../src/content/quality/facts";
import { isTermList, proseOf } from "../../../src/content/quality/prose";
import { lexiconOf, weightedTerms } from "../../../src/content/quality/terms";

describe("prose: where coverage is earned", () => {
  it("keeps the sentences of paragraphs and of list items written as sentences, under their headings", () => {
    const prose = proseOf(
      [
        "<p>Flour and water make a starter. It takes a week.</p>",
        "<h2>Feeding</h2><p>Feed it every day with equal weights.</p>",
        "<h3>How much</h3><ul><li>Rye flour</li><li>Use 50 g of flour and 50 g of water each time.</li></ul>",
        "<h2>Storing</h2><p>Keep it in the fridge between bakes.</p>",
        '<p><img alt="a jar of starter on a shelf"></p><table><tr><td>Rye flour is best for a new starter</td></tr></table>',
      ].join(""),
      "en",
    );
    expect(prose.sentences).toEqual([
      "Flour and water make a starter.",
      "It takes a week.",
      "Feed it every day with equal weights.",
      "Use 50 g of flour and 50 g of water each time.",
      "Keep it in the fridge between bakes.",
    ]);
    expect(prose.intro).toEqual(["Flour and water make a starter.", "It takes a week."]);
    expect(prose.sections.map((section) => [section.heading, section.sentences.length])).toEqual([
      ["Feeding", 2],
      ["How much", 1],
      ["Storing", 1],
    ]);
  });

  it("sets a comma-separated run of bare words apart as a term list, in any language", () => {
    expect(isTermList("sourdough starter, flour, water, hydration, levain, crumb, crust, feeding, jar.")).toBe(true);
    expect(isTermList("ekşi maya, un, su, tuz, kavanoz, besleme, kabarma ve ılık ortam")).toBe(true);
    expect(isTermList("You need flour, water and salt, and a clean jar with a loose lid.")).toBe(false);
    expect(isTermList("Mix the flour, add the water, stir it well, cover the jar, wait a day, then feed it again.")).toBe(false);
    const prose = proseOf("<p>starter, flour, water, hydration, levain, crumb, crust, feeding.</p><p>Feed the starter daily.</p>", "en");
    expect(prose.termLists).toHaveLength(1);
    expect(prose.sentences).toEqual(["Feed the starter daily."]);
  });
});

describe("facts the sources share", () => {
  const sources = [
    {
      text: "Starters like it warm.\nKeep the starter at 24 °C for the float test.\nKing Arthur Baking sells rye flour for it.",
      headings: ["Starters like it warm."],
    },
    { text: "The float test tells you when it peaks. At 24 °C that takes about 6 hours. Ask King Arthur Baking.", headings: [] },
    { text: "Use rye flour. A float test helps. Some use whole wheat.", headings: [] },
  ];
  const texts = sources.map((source) => source.text);
  const reading = {
    language: "en",
    lexicon: lexiconOf(texts, "en"),
    weighed: new Set(weightedTerms(texts, "en").map((term) => term.stem)),
  };

  it("counts the names and named things two sources state, and which the prose states", () => {
    const none = factCoverage(["Feed your starter every day."], sources, reading);
    expect(none.total).toBeGreaterThanOrEqual(3);
    expect(none.covered).toBe(0);
    expect(none.missing).toEqual(expect.arrayContaining(["King Arthur Baking", "float test", "rye flour"]));
    const some = factCoverage(["Try the float test with rye flour from King Arthur Baking."], sources, reading);
    expect(some.missing).not.toContain("float test");
    expect(some.missing).not.toContain("King Arthur Baking");
    expect(some.covered).toBeGreaterThanOrEqual(3);
    expect(some.share!).toBeGreaterThan(none.share!);
  });

  it("has no reference without a fact two sources share", () => {
    expect(
      factCoverage(["Anything."], [{ text: "Alpha beta.", headings: [] }], { ...reading, lexicon: lexiconOf(["Alpha beta."], "en") }).share,
    ).toBeNull();
  });
});
