import { describe, expect, it } from "vitest";
import { copyNormalForm } from "../../../src/content/quality/normal-form";
import { foldedWords, longestSourceRun, SHINGLE_WORDS, shinglesOf } from "../../../src/content/quality/shingles";

// Issue 41 §4: a copy is a copy whatever its characters. Each disguise below changes how the copied
// sentence is spelt but not how it reads; the longest copied run must stay the whole sentence.

const ENGLISH = {
  source:
    "A baker’s first loaf of sourdough bread needs a lively starter, fed with flour and water every morning until it doubles in size within six hours of its next feeding.",
  words: 30,
};
const TURKISH = {
  source: "İyi bir ekşi maya ekmeği için hamuru 10’dan fazla kez katlayın, sonra ılık bir yerde dört saat boyunca mayalanmaya bırakın.",
  words: 20,
};

/** The copied sentence inside an article of its own, so the run is the sentence and no more. */
const articleAround = (copy: string) => `Here is what we learned last winter. ${copy} Then we bake it at home.`;

const between = (mark: string) => (text: string) => text.replace(/(\p{L}{2})(?=\p{L}{2})/gu, `$1${mark}`);
const letters = (map: Record<string, string>) => (text: string) => text.replace(/./gu, (ch) => map[ch] ?? ch);
const fullWidth = (text: string) => text.replace(/[A-Za-z0-9]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) + 0xfee0));
const joined = (hyphen: string) => (text: string) => text.replace(/([^\s,.]+) ([^\s,.]+)/gu, `$1${hyphen}$2`);

const DISGUISES: [string, (text: string) => string, (typeof ENGLISH)[]][] = [
  ["a soft hyphen inside words", between("\u00AD"), [ENGLISH, TURKISH]],
  ["a zero-width space inside words", between("\u200B"), [ENGLISH, TURKISH]],
  ["a zero-width joiner inside words", between("\u200D"), [ENGLISH, TURKISH]],
  ["a word joiner inside words", between("\u2060"), [ENGLISH, TURKISH]],
  ["a BOM inside words", between("\uFEFF"), [ENGLISH, TURKISH]],
  ["an inline tag inside words", (text) => text.replace(/(\p{L}{2})(\p{L}+)/gu, "$1<b>$2</b>"), [ENGLISH, TURKISH]],
  [
    "an inline tag with attributes inside words",
    (text) => text.replace(/(\p{L}{2})(\p{L}+)/gu, `$1<span class="x" title='a > b'>$2</span>`),
    [ENGLISH, TURKISH],
  ],
  [
    "Cyrillic look-alikes",
    letters({ A: "А", a: "а", e: "е", o: "о", p: "р", c: "с", y: "у", x: "х", i: "і", s: "ѕ", d: "ԁ", h: "һ", l: "ӏ", k: "к" }),
    [ENGLISH, TURKISH],
  ],
  ["Greek look-alikes", letters({ A: "Α", a: "α", o: "ο", v: "ν", i: "ι", p: "ρ", u: "υ", y: "γ", k: "κ" }), [ENGLISH, TURKISH]],
  ["full-width letters and digits", fullWidth, [ENGLISH, TURKISH]],
  ["words joined by hyphens", joined("-"), [ENGLISH, TURKISH]],
  ["words joined by U+2010 hyphens", joined("\u2010"), [ENGLISH, TURKISH]],
  ["words joined by non-breaking hyphens", joined("\u2011"), [ENGLISH, TURKISH]],
  ["words joined by en dashes", joined("–"), [ENGLISH, TURKISH]],
  ["the fi ligature", (text) => text.replace(/fi/g, "ﬁ"), [ENGLISH]],
  ["a straight apostrophe for a curly one", (text) => text.replace(/’/g, "'"), [ENGLISH, TURKISH]],
  ["a modifier-letter apostrophe for a curly one", (text) => text.replace(/’/g, "ʼ"), [ENGLISH, TURKISH]],
  ["an acute accent for a curly apostrophe", (text) => text.replace(/’/g, "´"), [ENGLISH, TURKISH]],
];

describe("a copied run is found through every disguise", () => {
  it("the sentences are 30 and 20 words", () => {
    expect(foldedWords(ENGLISH.source)).toHaveLength(ENGLISH.words);
    expect(foldedWords(TURKISH.source)).toHaveLength(TURKISH.words);
    expect(longestSourceRun(articleAround(ENGLISH.source), [ENGLISH.source])).toBe(ENGLISH.words);
    expect(longestSourceRun(articleAround(TURKISH.source), [TURKISH.source])).toBe(TURKISH.words);
  });

  for (const [name, disguise, sentences] of DISGUISES) {
    it(`${name}: the whole sentence is copied`, () => {
      for (const { source, words } of sentences) {
        const copy = disguise(source);
        expect(copy).not.toBe(source);
        expect(longestSourceRun(articleAround(copy), ["Nothing in common here.", source])).toBe(words);
        // The same trick in the source instead of the article.
        expect(longestSourceRun(articleAround(source), [copy])).toBe(words);
      }
    });
  }

  it("a curly apostrophe for a straight one, and a hyphen-joined source pasted unjoined", () => {
    for (const { source, words } of [ENGLISH, TURKISH]) {
      const straight = source.replace(/’/g, "'");
      expect(longestSourceRun(articleAround(source), [straight])).toBe(words);
      expect(longestSourceRun(articleAround(straight), [source])).toBe(words);
      expect(longestSourceRun(articleAround(source), [joined("-")(source)])).toBe(words);
    }
    expect(foldedWords("10’dan")).toEqual(foldedWords("10'dan"));
    expect(foldedWords("10’dan")).toEqual(["10'dan"]);
  });
});

describe("the copy normal form", () => {
  it("keeps words apart at block tags and line breaks, joins them across inline tags", () => {
    for (const html of [
      "word</p><p>next",
      "word <br> next",
      "word<br>next",
      "word<br/>next",
      "word</li><li>next",
      "word</div><div class='a'>next",
      "word</h2>next",
      "word</td><td>next",
      "word</tr><tr>next",
    ])
      expect(foldedWords(html)).toEqual(["word", "next"]);
    expect(foldedWords('ex<b>am</b>ple <a href="/x">li</a>nk <em>w</em>ord')).toEqual(["example", "link", "word"]);
    // A source whose two words a block tag separates does not hold them as one.
    expect(longestSourceRun("bread</p><p>flour", ["breadflour"])).toBe(0);
  });

  it("reads capital and small look-alikes as the Latin letters the Unicode table gives", () => {
    expect(copyNormalForm("ΝΕW ΥΕΑR ΗΟΤ ΚΙΤΕ")).toBe("new year hot kite");
    expect(copyNormalForm("НЕLLО ВАКЕR ТОМ")).toBe("hello baker tom");
    expect(copyNormalForm("ναlυe")).toBe("value");
    // Cyrillic text keeps reading alike in either case.
    expect(copyNormalForm("Нет")).toBe(copyNormalForm("нет"));
    expect(copyNormalForm("ТЕКСТ")).toBe(copyNormalForm("текст"));
  });

  it("drops format characters and folds like foldText", () => {
    expect(copyNormalForm("so\u00ADme\u200Bth\u200Ci\u200Dn\u2060g\uFEFF \u180Eel\u2061se")).toBe("something else");
    expect(copyNormalForm("İSTANBUL’DA Şık ＦＵＬＬ ﬁne")).toBe("istanbul'da sik full fine");
  });
});

describe("plain ASCII text is shingled as before", () => {
  it("gives the same shingles as the old lower-case word pattern", () => {
    const text =
      "Don't knead the dough for more than 10 minutes. Bakers say it's done when it springs back; the 2 loaves then rest, covered, for 45 minutes at 24 degrees.";
    const words = text.toLowerCase().match(/[a-z0-9]+(?:'[a-z0-9]+)*/g)!;
    const expected = new Set(words.slice(0, 1 - SHINGLE_WORDS).map((_, i) => words.slice(i, i + SHINGLE_WORDS).join(" ")));
    expect(shinglesOf(text)).toEqual(expected);
    expect(expected.size).toBe(words.length - SHINGLE_WORDS + 1);
  });
});
