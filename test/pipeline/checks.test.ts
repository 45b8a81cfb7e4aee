import { describe, expect, it } from "vitest";
import { countWords, htmlToText } from "../../src/core/html-text";
import { checkArticle, detectLanguage } from "../../src/pipeline/checks";
import type { ArticleDraft, CheckContext } from "../../src/content/draft";

// Distinct sentences (a sentence said twice fails the checks on its own): each section takes its own.
const SENTENCES = [
  "A loaf needs time more than skill, and a warm kitchen lets the starter do its work while you get on with the rest of your day.",
  "Weigh the flour and water, because cups are never the same twice and the dough will tell you when something is off.",
  "A young starter smells of yoghurt and apples, while an old one left too long turns sharp and vinegary.",
  "Feed it at the same hour each day, so the yeast and the bacteria settle into a rhythm you can plan around.",
  "Rye flour wakes a sleepy starter faster than white flour, thanks to the extra enzymes in the bran.",
  "Keep a rubber band around the jar at the level after feeding, and you will see at a glance how far it rose.",
  "Autolyse the flour and water for half an hour before the salt goes in, and the gluten starts to build by itself.",
  "Stretch and fold the dough four times during the first two hours instead of kneading it on the counter.",
  "A cold night in the fridge slows the rise down and gives the crumb a deeper, more rounded flavour.",
  "Preheat the pot for a full hour, since a heavy lid traps the steam that lets the crust open along the score.",
  "Score the top with one confident cut at a shallow angle, holding the blade almost flat against the surface.",
  "Take the lid off after twenty minutes and let the crust darken until it crackles when you tap the bottom.",
  "Let the bread cool on a rack for at least an hour, because the crumb is still setting while it steams.",
  "Slice it with a long serrated knife, sawing gently so the soft middle keeps its open holes and shine.",
  "Wrap leftover bread in a cotton cloth rather than plastic, which traps moisture and softens the crust.",
  "Stale slices make excellent croutons or breadcrumbs, so nothing from a good bake ever goes to waste.",
  "Write down the temperature of your kitchen with every bake, since most surprises come from a change in warmth.",
  "Share a piece of your starter with a friend, and you will always have a backup if yours ever fails.",
];
let nextSentence = 0;
const fill = (count: number) => Array.from({ length: count * 2 }, () => SENTENCES[nextSentence++ % SENTENCES.length]).join(" ");

const FAQ_ENTRIES = [
  "<h3>How long does a starter keep in the fridge?</h3><p>A healthy starter sleeps there for two or three weeks between feeds and wakes after a day on the counter.</p>",
  "<h3>Can I freeze the shaped dough?</h3><p>Yes, wrapped tightly for up to a month, though the rise afterwards is slower and the crumb a little tighter.</p>",
  "<h3>Why is my crust pale?</h3><p>The oven was not hot enough or the lid stayed on too long, so the sugars on the surface never had the chance to brown.</p>",
];

const LINKS_PARAGRAPH =
  '<p>Start with <a href="/starter-basics">our starter basics</a>, then pick a flour with the <a href="http://bakery.example/flour-guide/#rye">flour guide</a>. ' +
  'The history is on <a href="https://en.wikipedia.org/wiki/Sourdough" target="_blank" rel="noopener noreferrer">Wikipedia</a>.</p>';

const baseHtml = (links = LINKS_PARAGRAPH) =>
  "<p>Baking sourdough bread at home is easier than it looks, and this guide shows you every step.</p>" +
  `<h2>What makes sourdough bread different</h2><p>${fill(3)}</p>` +
  `<h2>Feeding the starter</h2><p>${fill(3)}</p>${links}` +
  `<h2>Baking day</h2><h3>Shaping the loaf</h3><p>${fill(3)}</p>`;

const article: ArticleDraft = {
  title: "How to bake sourdough bread at home",
  seoTitle: "Sourdough bread at home: a simple guide for beginners",
  seoDesc:
    "How to bake sourdough bread at home, from starter to crust, with a simple timetable, the tools you need and the mistakes that make a loaf flat or dense.",
  excerpt: "Everything you need to bake your first sourdough loaf at home.",
  html: baseHtml(),
  tags: ["sourdough", "bread"],
  categories: ["Recipes"],
  heroImagePrompt: "A crusty sourdough loaf on a wooden board",
  heroImageAlt: "A sourdough loaf cut in half",
  claims: [],
};

const context: CheckContext = {
  language: "en-US",
  siteUrl: "https://www.bakery.example",
  targetKeyword: "sourdough bread",
  minWords: 300,
  internalLinks: [
    { title: "Starter basics", url: "https://bakery.example/starter-basics/" },
    { title: "Flour guide", url: "https://www.bakery.example/flour-guide" },
    { title: "Oven temperatures", url: "https://bakery.example/ovens/" },
  ],
  offline: false,
  faq: false,
  structuredData: () => null,
};

const words = countWords(htmlToText(article.html));

describe("checkArticle", () => {
  it("passes a complete article", () => {
    expect(words).toBeGreaterThanOrEqual(300);
    expect(checkArticle(article, context)).toEqual([]);
  });

  type Broken = [rule: string, change: Partial<ArticleDraft>, contextChange: Partial<CheckContext>, failures: string[]];
  const cases: Broken[] = [
    ["seoTitle too short", { seoTitle: "Sourdough bread at home: a simple guide" }, {}, ["seoTitle has 39 characters; it must have 50–70"]],
    ["seoTitle too long", { seoTitle: "x".repeat(71) }, {}, ["seoTitle has 71 characters; it must have 50–70"]],
    ["seoDesc too short", { seoDesc: "y".repeat(149) }, {}, ["seoDesc has 149 characters; it must have 150–160"]],
    ["seoDesc too long", { seoDesc: "y".repeat(161) }, {}, ["seoDesc has 161 characters; it must have 150–160"]],
    [
      "an H1 in the html",
      { html: `<h1>Sourdough bread</h1>${baseHtml()}` },
      {},
      ["The html has an <h1> heading; use <h2> for sections instead (the page title is the only H1)"],
    ],
    [
      "two H2 sections only (H3s do not count)",
      { html: baseHtml().replace("<h2>Feeding the starter</h2>", "<h3>Feeding the starter</h3>") },
      {},
      ["The html has 2 <h2> sections; it must have at least 3 (<h3> subsections are allowed inside them)"],
    ],
    [
      "fewer words than asked",
      {},
      { minWords: 2000 },
      [`The article has ${words} words; it must have at least 2000 (write longer sections, or more of them)`],
    ],
    ["an empty excerpt", { excerpt: "  " }, {}, ["The excerpt is empty; write a one- or two-sentence summary of the article"]],
    ["no tags", { tags: [] }, {}, ["There are no tags; give 1–8 tags naming the article's topics"]],
    ["only blank tags", { tags: [" "] }, {}, ["There are no tags; give 1–8 tags naming the article's topics"]],
    [
      "the keyword missing from the title",
      { title: "How to bake a loaf at home" },
      {},
      ['The title "How to bake a loaf at home" does not contain the target keyword "sourdough bread"; put the keyword in the title'],
    ],
    [
      "the keyword missing from the first paragraph (though later in the text)",
      { html: baseHtml().replace("Baking sourdough bread at home", "Baking at home") },
      {},
      ['The first paragraph does not contain the target keyword "sourdough bread"; use it in the opening paragraph'],
    ],
    [
      "the keyword in no H2",
      { html: baseHtml().replace("What makes sourdough bread different", "What makes it different") },
      {},
      ['No <h2> heading contains the target keyword "sourdough bread"; use it in at least one <h2>'],
    ],
    [
      "a link to an unknown page of the site",
      { html: baseHtml(`${LINKS_PARAGRAPH}<p>More in <a href="https://www.bakery.example/secret-page">this post</a>.</p>`) },
      {},
      [
        "The html links to https://www.bakery.example/secret-page on the site, which is not one of the allowed internal links; link only to the listed URLs, or remove the link",
      ],
    ],
    [
      "one known internal link when three exist",
      { html: baseHtml('<p>Start with <a href="/starter-basics">our starter basics</a>.</p>') },
      {},
      [
        "The html links to 1 of the allowed internal links; it must link to at least 2 different ones (for example https://bakery.example/starter-basics/, https://www.bakery.example/flour-guide, https://bakery.example/ovens/)",
      ],
    ],
    [
      "placeholder text in the html",
      { html: baseHtml().replace("every step.", "every step. Lorem ipsum dolor sit amet.") },
      {},
      ['The html contains the placeholder text "lorem ipsum"; replace it with the real content'],
    ],
    [
      "placeholder text in the title",
      { title: "How to bake sourdough bread [insert year]" },
      {},
      ['The title contains the placeholder text "[insert"; replace it with the real content'],
    ],
    [
      "markup in the title (issue 18: titles reach WordPress's <h1>)",
      { title: "How to bake sourdough bread <img src=x onerror=alert(1)>" },
      {},
      [
        "The title is plain text: HTML markup is not allowed (found '<img src=x o…'); a '<' followed by a space is fine; write it as plain text",
      ],
    ],
    [
      "markup or control characters in a tag or category",
      { tags: ["sourdough", "<b>bread</b>"], categories: ["Rec\u0007ipes"] },
      {},
      [
        "The tag is plain text: HTML markup is not allowed (found '<b>bread</b>…'); a '<' followed by a space is fine; write it as plain text",
        "The category must not contain control characters (U+0007 at position 4); it is a single line; write it as plain text",
      ],
    ],
    [
      "a language that differs from the site's",
      {},
      { language: "de-DE" },
      ["The article is written in English (en), but the site's language is German (de); write the whole article in German"],
    ],
    [
      "an offline English draft for a Turkish site",
      {},
      { language: "tr", offline: true },
      ["The article is written in English (en), but the site's language is Turkish (tr); write the whole article in Turkish"],
    ],
    [
      "no FAQ section when the brief asks for one",
      {},
      { faq: true },
      [
        "The article has no FAQ section; end it with <h2>Frequently asked questions</h2> and 3–6 questions, each an <h3> followed by its answer in <p>",
      ],
    ],
    [
      "an FAQ of two questions",
      { html: `${baseHtml()}<h2>Frequently asked questions</h2>${FAQ_ENTRIES.slice(0, 2).join("")}` },
      { faq: true },
      ["The FAQ section has 2 questions; it must have 3–6, each an <h3> followed by its answer"],
    ],
    [
      "structured data that does not match the article's FAQ",
      { html: `${baseHtml()}<h2>FAQ</h2>${FAQ_ENTRIES.join("")}` },
      {
        structuredData: () => ({
          "@context": "https://schema.org",
          "@graph": [
            {
              "@type": "BlogPosting",
              headline: "Sourdough bread",
              description: "A guide",
              datePublished: "2026-11-24T10:00:00Z",
              dateModified: "2026-11-24T10:00:00Z",
              inLanguage: "en",
              author: { name: "Ayşe" },
              publisher: { name: "Bakery" },
            },
          ],
        }),
      },
      ["The article shows an FAQ, but the structured data has 0 FAQPage nodes; it must have one"],
    ],
    [
      "structured data without a headline or a publisher",
      {},
      {
        structuredData: () => ({
          "@context": "https://schema.org",
          "@graph": [
            {
              "@type": "Article",
              headline: " ",
              description: "A guide",
              datePublished: "2026-11-24T10:00:00Z",
              dateModified: "2026-11-24T10:00:00Z",
              inLanguage: "en",
              author: { name: "Ayşe" },
            },
          ],
        }),
      },
      ["The structured data's Article has no headline", "The structured data's Article has no publisher with a name"],
    ],
  ];

  it.each(cases)("fails on %s, naming what to fix", (_, change, contextChange, failures) => {
    expect(checkArticle({ ...article, ...change }, { ...context, ...contextChange })).toEqual(failures);
  });

  it("counts characters as a reader does: an emoji or a Turkish letter is one", () => {
    expect(checkArticle({ ...article, seoTitle: `${"a".repeat(69)}🍞` }, context)).toEqual([]);
    expect(checkArticle({ ...article, seoTitle: "ş".repeat(70), seoDesc: "ğ".repeat(160) }, context)).toEqual([]);
    expect(checkArticle({ ...article, seoTitle: `${"a".repeat(70)}🍞` }, context)).toEqual([
      "seoTitle has 71 characters; it must have 50–70",
    ]);
  });

  it("lists every rule broken at once", () => {
    const failures = checkArticle({ ...article, seoTitle: "short", excerpt: "", tags: [] }, context);
    expect(failures).toEqual([
      "seoTitle has 5 characters; it must have 50–70",
      "The excerpt is empty; write a one- or two-sentence summary of the article",
      "There are no tags; give 1–8 tags naming the article's topics",
    ]);
  });

  it("finds each placeholder, in any field, in any case", () => {
    const placeholders: [string, string][] = [
      ["lorem ipsum", "LOREM IPSUM"],
      ["[insert", "[Insert name]"],
      ["TODO", "TODO: add a photo"],
      ["TBD:", "tbd: prices"],
      ["as an AI", "As an AI, I cannot bake"],
      ["as a language model", "as a Language Model I think"],
      ["{{", "{{city}}"],
      ["[your", "[Your bakery]"],
    ];
    for (const [placeholder, text] of placeholders) {
      expect(checkArticle({ ...article, excerpt: `Bake it. ${text}` }, context)).toEqual([
        `The excerpt contains the placeholder text "${placeholder}"; replace it with the real content`,
      ]);
    }
    expect(checkArticle({ ...article, heroImageAlt: "[your alt text]", tags: ["TODO"] }, context)).toEqual([
      'The tags contains the placeholder text "TODO"; replace it with the real content',
      'The heroImageAlt contains the placeholder text "[your"; replace it with the real content',
    ]);
  });

  it("does not take ordinary words for placeholders", () => {
    // Spanish and Portuguese "todo", "as an aid", a price in brackets.
    const excerpt = "Todo sobre el pan: used as an aid to baking, todo o processo, [5 €] and {braces}.";
    expect(checkArticle({ ...article, excerpt }, context)).toEqual([]);
  });
});

describe("checkArticle: the target keyword", () => {
  const turkish: ArticleDraft = {
    ...article,
    title: "EKŞİ MAYA EKMEĞİ nasıl yapılır?",
    html: article.html
      .replace("Baking sourdough bread at home is easier than it looks", "Baking Eksi Maya Ekmegi at home is easier than it looks")
      .replace("What makes sourdough bread different", "What makes ekşi maya ekmeği different"),
  };
  const turkishContext = { ...context, targetKeyword: "ekşi maya ekmeği" };

  it("ignores case, the Turkish dotted and dotless i and diacritics", () => {
    expect(checkArticle(turkish, turkishContext)).toEqual([]);
    expect(checkArticle(turkish, { ...turkishContext, targetKeyword: "EKŞİ MAYA EKMEĞİ" })).toEqual([]);
  });

  it("ignores simple plurals and stop words", () => {
    expect(checkArticle(article, { ...context, targetKeyword: "sourdough breads" })).toEqual([]);
    expect(checkArticle(article, { ...context, targetKeyword: "the sourdough bread" })).toEqual([]);
  });

  it("does not take another form of the words for the keyword", () => {
    const failures = checkArticle({ ...turkish, title: "Ekşi mayalı ekmek nasıl yapılır?" }, turkishContext);
    expect(failures).toEqual([
      'The title "Ekşi mayalı ekmek nasıl yapılır?" does not contain the target keyword "ekşi maya ekmeği"; put the keyword in the title',
    ]);
  });

  it("finds the first paragraph when it is not closed", () => {
    const html = article.html.replace("every step.</p>", "every step.");
    expect(checkArticle({ ...article, html }, context)).toEqual([]);
    expect(checkArticle({ ...article, html: html.replace("Baking sourdough bread", "Baking") }, context)).toEqual([
      'The first paragraph does not contain the target keyword "sourdough bread"; use it in the opening paragraph',
    ]);
  });

  it("says when there is no paragraph at all", () => {
    const html = article.html.replaceAll("<p>", "<blockquote>").replaceAll("</p>", "</blockquote>");
    expect(checkArticle({ ...article, html }, context)).toEqual([
      'The html has no <p> paragraph; open the article with a paragraph that contains the target keyword "sourdough bread"',
    ]);
  });
});

describe("checkArticle: internal links", () => {
  const withLinks = (links: string) => checkArticle({ ...article, html: baseHtml(`<p>${links}</p>`) }, context);
  const unknownFailure = (href: string) =>
    `The html links to ${href} on the site, which is not one of the allowed internal links; link only to the listed URLs, or remove the link`;

  it("matches relative links, www., either scheme, a trailing slash and a fragment to the allowed URLs", () => {
    expect(withLinks('<a href="/starter-basics">a</a> <a href="ovens">b</a>')).toEqual([]);
    expect(
      withLinks('<a href="http://WWW.Bakery.example/starter-basics#top">a</a> <a href="https://bakery.example/flour-guide/">b</a>'),
    ).toEqual([]);
    expect(withLinks('<a href="https://www.bakery.example/starter-basics?">a</a> <a href="/flour-guide">b</a>')).toEqual([]);
  });

  it("refuses pages of the site that are not in the list, relative or absolute", () => {
    expect(
      withLinks(
        '<a href="/starter-basics">a</a> <a href="/ovens/">b</a> <a href="/about">c</a> <a href="https://bakery.example/ovens/old">d</a>',
      ),
    ).toEqual([unknownFailure("/about"), unknownFailure("https://bakery.example/ovens/old")]);
  });

  it("takes a query as part of the page", () => {
    expect(withLinks('<a href="/starter-basics">a</a> <a href="/ovens/">b</a> <a href="/ovens/?page=2">c</a>')).toEqual([
      unknownFailure("/ovens/?page=2"),
    ]);
  });

  it("allows links to other websites, mailto and in-page fragments without counting them", () => {
    const links =
      '<a href="https://flour.example/rye">x</a> <a href="//cdn.example/a">y</a> <a href="mailto:hi@bakery.example">m</a> <a href="#baking-day">f</a>';
    expect(withLinks(`<a href="/starter-basics">a</a> <a href="/ovens">b</a> ${links}`)).toEqual([]);
    expect(withLinks(links)).toEqual([
      "The html links to 0 of the allowed internal links; it must link to at least 2 different ones (for example https://bakery.example/starter-basics/, https://www.bakery.example/flour-guide, https://bakery.example/ovens/)",
    ]);
  });

  it("counts two links to one page once", () => {
    expect(withLinks('<a href="/ovens">a</a> <a href="https://www.bakery.example/ovens/">b</a>')).toEqual([
      "The html links to 1 of the allowed internal links; it must link to at least 2 different ones (for example https://bakery.example/starter-basics/, https://www.bakery.example/flour-guide, https://bakery.example/ovens/)",
    ]);
  });

  it("asks for one link when the site has one page, and for none when it has none", () => {
    const onePage = { ...context, internalLinks: [{ title: "Ovens", url: "https://bakery.example/ovens/" }] };
    const html = (links: string) => ({ ...article, html: baseHtml(`<p>${links}</p>`) });
    expect(checkArticle(html('<a href="/ovens">a</a>'), onePage)).toEqual([]);
    expect(checkArticle(html("no links"), onePage)).toEqual([
      "The html links to 0 of the allowed internal links; it must link to at least one of them (for example https://bakery.example/ovens/)",
    ]);
    const noPages = { ...context, internalLinks: [] };
    expect(checkArticle(html('<a href="https://flour.example/">a</a>'), noPages)).toEqual([]);
    expect(checkArticle(html('<a href="/ovens">a</a>'), noPages)).toEqual([unknownFailure("/ovens")]);
  });

  it("reads hrefs with entities, single quotes or no quotes", () => {
    const onePage = {
      ...context,
      internalLinks: [
        { title: "Search", url: "https://bakery.example/search?q=rye&page=2" },
        { title: "Ovens", url: "https://bakery.example/ovens" },
      ],
    };
    const html = baseHtml("<p><a href='/search?q=rye&amp;page=2'>a</a> <a href=/ovens>b</a></p>");
    expect(checkArticle({ ...article, html }, onePage)).toEqual([]);
  });

  it("compares Turkish paths whether percent-encoded or not", () => {
    const turkishPages = {
      ...context,
      internalLinks: [
        { title: "Ekmek", url: "https://bakery.example/ekşi-maya" },
        { title: "Fırın", url: "https://bakery.example/f%C4%B1r%C4%B1n/" },
      ],
    };
    const html = baseHtml('<p><a href="/ek%C5%9Fi-maya">a</a> <a href="/fırın">b</a></p>');
    expect(checkArticle({ ...article, html }, turkishPages)).toEqual([]);
  });

  it("lists five unknown links and counts the rest", () => {
    const links = Array.from({ length: 7 }, (_, i) => `<a href="/x${i}">x</a>`).join(" ");
    const failures = withLinks(`<a href="/ovens">a</a> <a href="/starter-basics">b</a> ${links}`);
    expect(failures).toEqual([
      ...[0, 1, 2, 3, 4].map((i) => unknownFailure(`/x${i}`)),
      "The html has 2 more links to pages of the site that are not allowed; remove them",
    ]);
  });
});

describe("checkArticle: the language", () => {
  it("skips the check for an offline draft in a language the offline writer does not write", () => {
    expect(checkArticle(article, { ...context, language: "de", offline: true })).toEqual([]);
    expect(checkArticle(article, { ...context, language: "ja", offline: true })).toEqual([]);
  });

  it("fails an English article for a site in a language it cannot detect", () => {
    expect(checkArticle(article, { ...context, language: "ja" })).toEqual([
      "The article is written in English (en), but the site's language is ja; write the whole article in ja",
    ]);
  });
});

describe("detectLanguage", () => {
  const samples: [string, string][] = [
    [
      "en",
      "The bakery opens at seven, and the first loaves come out of the oven when the street is still quiet. Most of our customers buy bread for the whole week, so we bake more on Fridays than on any other day of the week.",
    ],
    [
      "tr",
      "Fırın sabah yedide açılıyor ve ilk ekmekler sokak henüz sessizken fırından çıkıyor. Müşterilerimizin çoğu bütün hafta için ekmek alıyor, bu yüzden cuma günleri diğer günlerden daha çok ekmek pişiriyoruz ve her zaman taze olmasına dikkat ediyoruz.",
    ],
    [
      "de",
      "Die Bäckerei öffnet um sieben Uhr, und die ersten Brote kommen aus dem Ofen, wenn die Straße noch ruhig ist. Die meisten unserer Kunden kaufen Brot für die ganze Woche, deshalb backen wir am Freitag mehr als an jedem anderen Tag und achten auf die Qualität.",
    ],
    [
      "fr",
      "La boulangerie ouvre à sept heures et les premiers pains sortent du four quand la rue est encore calme. La plupart de nos clients achètent du pain pour toute la semaine, donc nous cuisons plus le vendredi que les autres jours, et nous faisons très attention à la qualité.",
    ],
    [
      "es",
      "La panadería abre a las siete y los primeros panes salen del horno cuando la calle todavía está tranquila. La mayoría de nuestros clientes compran pan para toda la semana, por eso los viernes horneamos más que los otros días y siempre cuidamos la calidad del pan con mucho cariño.",
    ],
    [
      "it",
      "La panetteria apre alle sette e i primi pani escono dal forno quando la strada è ancora tranquilla. La maggior parte dei nostri clienti compra il pane per tutta la settimana, per questo il venerdì facciamo più pane che negli altri giorni e anche la qualità della farina è molto importante.",
    ],
    [
      "pt",
      "A padaria abre às sete e os primeiros pães saem do forno quando a rua ainda está calma. A maioria dos nossos clientes compra pão para a semana toda, por isso às sextas fazemos mais pão do que nos outros dias e também cuidamos muito da qualidade da farinha que usamos.",
    ],
    [
      "nl",
      "De bakkerij gaat om zeven uur open en de eerste broden komen uit de oven als de straat nog stil is. De meeste klanten kopen brood voor de hele week, dus bakken we op vrijdag meer dan op andere dagen en letten we ook goed op de kwaliteit van het meel.",
    ],
  ];

  it.each(samples)("recognises %s", (language, text) => {
    expect(detectLanguage(text)).toBe(language);
  });

  it("answers null for a short or ambiguous text", () => {
    expect(detectLanguage("")).toBeNull();
    expect(detectLanguage("Pizza margherita con mozzarella")).toBeNull();
    expect(detectLanguage("The bread and the oven")).toBeNull();
    expect(detectLanguage("こんにちは、パン屋へようこそ。毎朝七時に開店します。")).toBeNull();
  });

  it("answers null for a text half in one language and half in another", () => {
    const [english, german] = [samples[0]![1], samples[2]![1]];
    expect(detectLanguage(`${english} ${german}`)).toBeNull();
  });
});

describe("checks a reader would notice (issue 20)", () => {
  it("passes the base article", () => {
    expect(checkArticle(article, context)).toEqual([]);
  });

  it("fails a phrase said twice in the seoTitle or the title", () => {
    const seoTitle = "Sourdough bread: a practical guide – a practical guide";
    expect(checkArticle({ ...article, seoTitle }, context)).toEqual([`The seoTitle says "a practical guide" twice; say it once`]);
    const title = "Sourdough bread at home, sourdough bread at home";
    expect(checkArticle({ ...article, title }, context)).toEqual([`The title says "sourdough bread at home" twice; say it once`]);
  });

  it("fails an SEO description cut in the middle of a word", () => {
    const seoDesc =
      "How to bake sourdough bread at home, from starter to crust, with a simple timetable, the tools you need and why a warm kitchen lets the starter do its wo";
    expect(checkArticle({ ...article, seoDesc }, context)).toEqual(["The seoDesc ends in the middle of a word; end it on a whole word"]);
  });

  it("fails an empty section and one under 40 words, naming them", () => {
    const html = `${baseHtml()}<h2>Sourdough bread in short</h2><p>Bake it often.</p><h2>Summary</h2>`;
    expect(checkArticle({ ...article, html }, context)).toEqual([
      'The section "Sourdough bread in short" has 3 words; give it at least 40, or remove the heading',
      'The section "Summary" has 0 words; give it at least 40, or remove the heading',
    ]);
  });

  it("fails sentences said more than once, quoting one", () => {
    const repeated = "Weigh the flour and water, because cups are never the same twice and the dough will tell you when something is off.";
    const html = baseHtml().replace("</h3>", `</h3><p>${repeated}</p>`);
    expect(checkArticle({ ...article, html }, context)).toEqual([
      `1 sentence is said more than once (for example "${repeated}"); say each thing once`,
    ]);
  });

  it("fails a keyword stuffed above 3 mentions per 100 words", () => {
    const stuffed =
      "<p>Sourdough bread here, sourdough bread there, sourdough bread everywhere; sourdough bread for breakfast, sourdough bread for lunch, " +
      "sourdough bread for dinner, sourdough bread for friends, sourdough bread for family, and sourdough bread again tomorrow.</p>" +
      "<p>Bake sourdough bread on Monday, sourdough bread on Tuesday, sourdough bread on Wednesday, sourdough bread on Thursday, " +
      "sourdough bread on Friday, sourdough bread on Saturday, and on Sunday, sourdough bread with sourdough bread on the side.</p>";
    const failures = checkArticle({ ...article, html: baseHtml().replace("</h3>", `</h3>${stuffed}`) }, context);
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatch(/^The target keyword "sourdough bread" comes \d\.\d times per 100 words; keep it under 3/);
  });
});
