import { describe, expect, it } from "vitest";
import { faqHeading, faqOf, faqProblems } from "../../src/content/faq";
import {
  articleStructuredData,
  structuredDataProblems,
  structuredDataText,
  withImage,
  type StructuredDataInput,
} from "../../src/content/structured-data";

const FAQ_HTML =
  "<p>Intro.</p><h2>Baking</h2><p>Body text.</p>" +
  "<h2>Frequently asked questions</h2>" +
  "<h3>How long does the dough rest?</h3><p>About <strong>12 hours</strong> &amp; a bit.</p>" +
  "<h3>Can I use rye flour?</h3><p>Yes.</p><p>Mix it half and half.</p>" +
  "<h3>Which oven is best?</h3><ul><li>A deck oven</li><li>A Dutch oven</li></ul>";

const input = (overrides: Partial<StructuredDataInput> = {}): StructuredDataInput => ({
  type: "BlogPosting",
  headline: "Sourdough bread at home",
  description: "How to bake sourdough bread at home, step by step.",
  html: FAQ_HTML,
  language: "en",
  url: null,
  imageUrl: "https://blog.example.com/wp-content/uploads/hero.webp",
  datePublished: "2026-11-24T10:00:00Z",
  dateModified: "2026-11-24T11:00:00Z",
  authorName: "Ayşe Yılmaz",
  organizationName: "Kadıköy Bakery",
  logoUrl: null,
  ...overrides,
});

describe("faqOf", () => {
  it("reads each question with the text of everything up to the next question, as a reader sees it", () => {
    expect(faqOf(FAQ_HTML)).toEqual({
      heading: "Frequently asked questions",
      entries: [
        { question: "How long does the dough rest?", answer: "About 12 hours & a bit." },
        { question: "Can I use rye flour?", answer: "Yes. Mix it half and half." },
        { question: "Which oven is best?", answer: "A deck oven A Dutch oven" },
      ],
    });
  });

  it("knows the heading in every language it writes, and FAQ; other sections with questions are not an FAQ", () => {
    expect(faqHeading("tr")).toBe("Sıkça sorulan sorular");
    expect(faqHeading("pt-BR")).toBe("Perguntas frequentes");
    expect(faqHeading("ja")).toBe("FAQ");
    expect(faqOf("<h2>SIKÇA SORULAN SORULAR</h2><h3>Ne?</h3><p>Bu.</p>")?.entries).toEqual([{ question: "Ne?", answer: "Bu." }]);
    expect(faqOf("<h2>FAQ:</h2><h3>Why?</h3><p>Because.</p>")?.entries).toHaveLength(1);
    expect(faqOf("<h2>Why bake?</h2><h3>Is it hard?</h3><p>No.</p>")).toBeNull();
  });
});

describe("faqProblems", () => {
  it("asks for the section when the brief wants one, with 3 to 6 answered questions", () => {
    expect(faqProblems(FAQ_HTML, "en", true)).toEqual([]);
    expect(faqProblems("<h2>Baking</h2><p>Body.</p>", "en", false)).toEqual([]);
    expect(faqProblems("<h2>Baking</h2><p>Body.</p>", "tr", true)).toEqual([
      "The article has no FAQ section; end it with <h2>Sıkça sorulan sorular</h2> and 3–6 questions, each an <h3> followed by its answer in <p>",
    ]);
    const two = "<h2>FAQ</h2><h3>One?</h3><p>A.</p><h3>Two</h3>";
    expect(faqProblems(two, "en", true)).toEqual([
      "The FAQ section has 2 questions; it must have 3–6, each an <h3> followed by its answer",
      'The FAQ question "Two" has no answer; put the answer in a <p> after its <h3>',
      'The FAQ heading "Two" is not a question; write each FAQ <h3> as a question ending in a question mark',
    ]);
    const seven = `<h2>FAQ</h2>${"<h3>Why?</h3><p>Because.</p>".repeat(7)}`;
    expect(faqProblems(seven, "en", false)).toEqual([
      "The FAQ section has 7 questions; it must have 3–6, each an <h3> followed by its answer",
    ]);
  });
});

describe("articleStructuredData", () => {
  it("is an Article or BlogPosting with Google's recommended properties, and an FAQPage matching the visible FAQ", () => {
    const data = articleStructuredData(input({ url: "https://blog.example.com/sourdough/", logoUrl: "https://blog.example.com/logo.png" }));
    expect(data["@context"]).toBe("https://schema.org");
    expect(data["@graph"][0]).toEqual({
      "@type": "BlogPosting",
      headline: "Sourdough bread at home",
      description: "How to bake sourdough bread at home, step by step.",
      image: ["https://blog.example.com/wp-content/uploads/hero.webp"],
      datePublished: "2026-11-24T10:00:00Z",
      dateModified: "2026-11-24T11:00:00Z",
      inLanguage: "en",
      author: { "@type": "Person", name: "Ayşe Yılmaz" },
      publisher: {
        "@type": "Organization",
        name: "Kadıköy Bakery",
        logo: { "@type": "ImageObject", url: "https://blog.example.com/logo.png" },
      },
      mainEntityOfPage: { "@type": "WebPage", "@id": "https://blog.example.com/sourdough/" },
      url: "https://blog.example.com/sourdough/",
    });
    expect(data["@graph"][1]).toEqual({
      "@type": "FAQPage",
      mainEntity: faqOf(FAQ_HTML)!.entries.map((entry) => ({
        "@type": "Question",
        name: entry.question,
        acceptedAnswer: { "@type": "Answer", text: entry.answer },
      })),
    });
    expect(structuredDataProblems(structuredDataText(data), FAQ_HTML, { imageRequired: true })).toEqual([]);
  });

  it("makes the organisation the author without a name, cuts a long headline at a word, and has no FAQPage without an FAQ", () => {
    const long = "Sourdough ".repeat(20).trim();
    const data = articleStructuredData(input({ authorName: " ", headline: long, html: "<h2>Baking</h2><p>Body.</p>", imageUrl: null }));
    const article = data["@graph"][0]!;
    expect(article.author).toEqual({ "@type": "Organization", name: "Kadıköy Bakery" });
    expect((article.headline as string).length).toBeLessThanOrEqual(110);
    expect(long.startsWith(article.headline as string)).toBe(true);
    expect(article.image).toBeUndefined();
    expect(data["@graph"]).toHaveLength(1);
    expect(withImage(data, "https://cdn.example/x.webp")["@graph"][0]!.image).toEqual(["https://cdn.example/x.webp"]);
  });
});

describe("structuredDataText", () => {
  it("can be printed inside a script element whatever the values hold", () => {
    const hostile = '"quoted" </script><script>alert(1)</script> <img src=x onerror=alert(1)> & \u2028';
    const text = structuredDataText(articleStructuredData(input({ headline: hostile, description: hostile })));
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect((JSON.parse(text) as { "@graph": { headline: string }[] })["@graph"][0]!.headline).toBe(hostile.trim());
  });
});

describe("structuredDataProblems", () => {
  const valid = articleStructuredData(input());
  const broken = (change: (article: Record<string, unknown>) => void) => {
    const copy = JSON.parse(JSON.stringify(valid)) as { "@graph": Record<string, unknown>[] };
    change(copy["@graph"][0]!);
    return JSON.stringify(copy);
  };

  it("names each missing or malformed property", () => {
    expect(structuredDataProblems("{not json", FAQ_HTML, { imageRequired: false })).toEqual([
      "The structured data (JSON-LD) is not valid JSON",
    ]);
    expect(structuredDataProblems(JSON.stringify({ "@type": "Article" }), FAQ_HTML, { imageRequired: false })).toEqual([
      "The structured data (JSON-LD) is not a schema.org @graph",
    ]);
    expect(
      structuredDataProblems(
        broken((article) => {
          article.headline = "";
          delete article.description;
          article.datePublished = "24.11.2026";
          article.dateModified = "2026-11-24T09:00";
          delete article.inLanguage;
          article.author = { "@type": "Person" };
          article.publisher = "Bakery";
          article.image = ["/relative.webp"];
        }),
        FAQ_HTML,
        { imageRequired: true },
      ),
    ).toEqual([
      "The structured data's Article has no headline",
      "The structured data's Article has no description",
      "The structured data's datePublished is not an ISO 8601 date and time with a time zone",
      "The structured data's dateModified is not an ISO 8601 date and time with a time zone",
      "The structured data's Article has no inLanguage",
      "The structured data's Article has no author with a name",
      "The structured data's Article has no publisher with a name",
      "The structured data's image is not an absolute URL",
    ]);
    expect(
      structuredDataProblems(
        broken((article) => void (article.dateModified = "2026-11-23T10:00:00Z")),
        FAQ_HTML,
        { imageRequired: false },
      ),
    ).toEqual(["The structured data's dateModified is before its datePublished"]);
    expect(
      structuredDataProblems(
        broken((article) => void delete article.image),
        FAQ_HTML,
        { imageRequired: true },
      ),
    ).toEqual(["The structured data's Article has no image"]);
    expect(
      structuredDataProblems(
        broken((article) => void delete article.image),
        FAQ_HTML,
        { imageRequired: false },
      ),
    ).toEqual([]);
  });

  it("wants the FAQPage exactly when the article shows an FAQ, with the same questions and answers", () => {
    const withoutFaq = "<h2>Baking</h2><p>Body.</p>";
    expect(structuredDataProblems(structuredDataText(valid), withoutFaq, { imageRequired: false })).toEqual([
      "The structured data has an FAQPage, but the article shows no FAQ",
    ]);
    const onlyArticle = structuredDataText({ ...valid, "@graph": [valid["@graph"][0]!] });
    expect(structuredDataProblems(onlyArticle, FAQ_HTML, { imageRequired: false })).toEqual([
      "The article shows an FAQ, but the structured data has 0 FAQPage nodes; it must have one",
    ]);
    const edited = FAQ_HTML.replace("Yes.", "No.");
    expect(structuredDataProblems(structuredDataText(valid), edited, { imageRequired: false })).toEqual([
      "The FAQPage in the structured data does not match the FAQ the article shows (same questions and answers, in order)",
    ]);
    const twoArticles = structuredDataText({ ...valid, "@graph": [valid["@graph"][0]!, ...valid["@graph"]] });
    expect(structuredDataProblems(twoArticles, FAQ_HTML, { imageRequired: false })).toEqual([
      "The structured data has 2 Article nodes; it must have exactly one",
    ]);
  });
});
