import { describe, expect, it } from "vitest";
import { endsMidWord, keywordDensity, repeatedPhrase, repeatedSentences, thinSections } from "../../src/content/reader-checks";

const words = (n: number, word = "bread") => Array.from({ length: n }, (_, i) => `${word}${i}`).join(" ");

describe("checks a reader would notice", () => {
  it("finds a phrase a title says twice, and leaves titles that do not", () => {
    expect(repeatedPhrase("Rye bread cost: a practical guide – a practical guide")).toBe("a practical guide");
    expect(repeatedPhrase("Sourdough starter: feeding the starter every day")).toBeNull();
    expect(repeatedPhrase("Ekşi maya ekmeği: EKŞİ MAYA nasıl yapılır")).toBe("eksi maya");
    expect(repeatedPhrase("Bread and butter, salt and pepper")).toBeNull(); // "and" alone is not a phrase
    expect(repeatedPhrase("Tips for bakers: tips for beginners")).toBeNull(); // one long word is not yet a phrase
  });

  it("sees an SEO text cut mid-word, and not one that ends on a whole word", () => {
    const body = "Feed the starter with flour and water: practical tips to use today, useful for busy bakers.";
    expect(endsMidWord("Feed your starter with flour and water: practical tips to use tod", body)).toBe(true);
    expect(endsMidWord("Feed your starter with flour and water: practical tips to use", body)).toBe(false); // "use" is whole, though "useful" begins with it
    expect(endsMidWord("How to feed a sourdough starter, with practical tips…", body)).toBe(true);
    expect(endsMidWord("How to feed a sourdough starter: practical tips for busy bakers", body)).toBe(false);
    expect(endsMidWord("How to feed a sourdough starter: a guide", body)).toBe(false); // "guide" is not in the body, but no word starts with it
    expect(endsMidWord("Feed the starter every day.", body)).toBe(false);
  });

  it("finds H2 sections with fewer than 40 words, an empty one included", () => {
    const html = `<p>Intro</p><h2>Basics</h2><p>${words(45)}</p><h2>Short</h2><p>${words(12)}</p><h3>More</h3><p>${words(10)}</p><h2>Summary</h2>`;
    expect(thinSections(html)).toEqual([
      { heading: "Short", words: 23 },
      { heading: "Summary", words: 0 },
    ]);
    expect(thinSections(`<h2>One</h2><p>${words(40)}</p>`)).toEqual([]);
  });

  it("lists the sentences said more than once, ignoring case and short ones", () => {
    const text =
      "Feed the starter every single day. It rises. Keep notes of every bake you make! feed the starter every single day. It rises.";
    expect(repeatedSentences(text)).toEqual(["feed the starter every single day."]);
    expect(repeatedSentences("One sentence here that is long enough. Another sentence that is long enough too.")).toEqual([]);
  });

  it("measures keyword mentions per 100 words, whole phrases only", () => {
    const text = `${"Sourdough bread is simple. ".repeat(3)}${"Flour water salt and time make a loaf. ".repeat(11)}`; // 3 mentions in 100 words
    expect(keywordDensity(text, "sourdough bread")).toBeCloseTo(3, 5);
    expect(keywordDensity("Breadcrumbs and sourdough breads", "sourdough bread")).toBe(0);
    expect(keywordDensity("Ekşi maya ekmeği, EKŞİ MAYA EKMEĞİ", "ekşi maya ekmeği")).toBeCloseTo((2 * 100) / 6, 5);
  });
});
