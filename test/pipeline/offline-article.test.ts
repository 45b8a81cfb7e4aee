import { describe, expect, it } from "vitest";
import { isTermList, proseOf } from "../../src/content/quality/prose";
import { longestSourceRun } from "../../src/content/quality/shingles";
import { MAX_COPIED_WORDS } from "../../src/content/quality/gate";
import { htmlToText } from "../../src/core/html-text";
import { writeOfflineArticle } from "../../src/pipeline/offline-article";
import { BriefSchema } from "../../src/sites/brief";

// The offline writer of local runs writes from the research as a model would be asked to: it
// quotes its sources in sentences, attributed, each quotation under the copy limit however the
// copy check counts words, and never lists the terms the score weighs.
const passages = [
  // Ten words as written, thirteen as the copy check counts them.
  "How-to-hub looked at site-9jxjzaeu tips from the reader's side today.",
  "Start with the use you have in mind. The right choice of site-9jxjzaeu tips depends more on how often you need it than on the brand.",
];
const research = {
  sharedHeadings: ["How to choose site-9jxjzaeu tips", "What site-9jxjzaeu tips costs"],
  questions: [],
  terms: ["tips", "reader's", "compare", "deciding", "choice", "brand", "often", "needs"],
  facts: ["reader's side", "compare before"],
  sources: [1, 2, 3].map((n) => ({
    id: String(n),
    url: `https://source-${n}.example.invalid/tips`,
    title: n === 1 ? "How to choose site-9jxjzaeu tips" : `Source ${n}`,
    passages,
  })),
};
const article = writeOfflineArticle({
  language: "en",
  siteUrl: "https://site.invalid",
  brief: BriefSchema.parse({ business: "Tips" }),
  title: "Site-9jxjzaeu tips",
  targetKeyword: "site-9jxjzaeu tips",
  minWords: 800,
  internalLinks: [],
  research,
  failures: [],
});

describe("the offline writer with research", () => {
  it("quotes the sources within the copy limit, the hyphen-joined words counted as the check counts them", () => {
    expect(article.claims.length).toBeGreaterThanOrEqual(3);
    expect(
      longestSourceRun(
        htmlToText(article.html),
        passages.map((passage) => `${passage}\nHow to choose site-9jxjzaeu tips`),
      ),
    ).toBeLessThanOrEqual(MAX_COPIED_WORDS);
  });

  it("writes no term list: every quotation stands in a sentence of the prose", () => {
    const prose = proseOf(article.html, "en");
    expect(prose.termLists).toEqual([]);
    expect(prose.sentences.filter(isTermList)).toEqual([]);
    for (const claim of article.claims) expect(prose.sentences.some((sentence) => sentence.includes(claim.text))).toBe(true);
  });
});
