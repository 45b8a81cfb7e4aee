import { faqOf, type FaqEntry } from "./faq";
import { cutAtWord } from "./fit-length";

// The structured data of an article page (JSON-LD, schema.org): an Article — a BlogPosting on a
// blog — and, when the article has an FAQ section, an FAQPage read from that section's HTML.
// Built by us from the article, never by the model, and checked against what Google's Article
// and FAQPage rich-result documentation requires and recommends.

export const ARTICLE_TYPES = ["Article", "BlogPosting", "NewsArticle"] as const;
/** Google shows at most this much of a headline; longer ones are cut at a word. */
export const HEADLINE_MAX = 110;

export interface StructuredDataInput {
  type: "Article" | "BlogPosting";
  headline: string;
  description: string;
  /** The article's HTML: its FAQ section, if any, becomes the FAQPage. */
  html: string;
  language: string;
  /** The page's own URL, when known. */
  url: string | null;
  /** The hero picture's absolute URL, when there is one. */
  imageUrl: string | null;
  datePublished: string;
  dateModified: string;
  /** A person's name; without one, the organisation is the author. */
  authorName: string;
  organizationName: string;
  logoUrl: string | null;
}

export interface JsonLdNode {
  "@type": string;
  [property: string]: unknown;
}

export interface StructuredData {
  "@context": "https://schema.org";
  "@graph": JsonLdNode[];
}

/** The JSON-LD document of an article page. */
export function articleStructuredData(input: StructuredDataInput): StructuredData {
  const publisher: JsonLdNode = { "@type": "Organization", name: input.organizationName };
  if (input.logoUrl) publisher.logo = { "@type": "ImageObject", url: input.logoUrl };
  const article: JsonLdNode = {
    "@type": input.type,
    headline: cutAtWord(input.headline.trim(), HEADLINE_MAX, 1),
    description: input.description.trim(),
    ...(input.imageUrl ? { image: [input.imageUrl] } : {}),
    datePublished: input.datePublished,
    dateModified: input.dateModified,
    inLanguage: input.language,
    author: input.authorName.trim()
      ? { "@type": "Person", name: input.authorName.trim() }
      : { "@type": "Organization", name: input.organizationName },
    publisher,
    ...(input.url ? { mainEntityOfPage: { "@type": "WebPage", "@id": input.url }, url: input.url } : {}),
  };
  const faq = faqOf(input.html);
  const graph = [article];
  if (faq && faq.entries.length > 0) graph.push(faqPage(faq.entries));
  return { "@context": "https://schema.org", "@graph": graph };
}

function faqPage(entries: FaqEntry[]): JsonLdNode {
  return {
    "@type": "FAQPage",
    mainEntity: entries.map((entry) => ({
      "@type": "Question",
      name: entry.question,
      acceptedAnswer: { "@type": "Answer", text: entry.answer },
    })),
  };
}

/**
 * The document as text for a `<script type="application/ld+json">`: `<`, `>` and `&` as JSON
 * escapes, so no value can close the script element or start markup however it is printed.
 */
export function structuredDataText(data: StructuredData): string {
  return JSON.stringify(data).replace(/[<>&\u2028\u2029]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

const isArticleNode = (node: JsonLdNode) => (ARTICLE_TYPES as readonly string[]).includes(node["@type"]);
const withArticle = (data: StructuredData, change: (article: JsonLdNode) => JsonLdNode): StructuredData => ({
  ...data,
  "@graph": data["@graph"].map((node) => (isArticleNode(node) ? change(node) : node)),
});

/** The same document with the hero's URL where the page's platform serves it (WordPress's copy of the picture). */
export function withImage(data: StructuredData, imageUrl: string): StructuredData {
  return withArticle(data, (article) => ({ ...article, image: [imageUrl] }));
}

/** The same document naming the page's address, once the platform has given the page one. */
export function withPageUrl(data: StructuredData, url: string): StructuredData {
  return withArticle(data, (article) => ({ ...article, mainEntityOfPage: { "@type": "WebPage", "@id": url }, url }));
}

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const isAbsoluteUrl = (value: unknown) => typeof value === "string" && /^https?:\/\/[^\s/]+/i.test(value);
const isText = (value: unknown) => typeof value === "string" && value.trim() !== "";
const nameOf = (value: unknown) =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>).name : undefined;

/**
 * What is wrong with an article page's JSON-LD, one sentence per problem; empty when it is fit
 * to publish. `text` must parse; the Article node needs headline (≤ 110 characters), description,
 * datePublished and dateModified (ISO 8601 with a time zone, modified not before published),
 * inLanguage, author and publisher with names, and an absolute image URL when `imageRequired`
 * (the hero is drawn after the checks); the FAQPage must be there exactly when `html` has an FAQ
 * section, with the same questions and answers in the same order.
 */
export function structuredDataProblems(text: string, html: string, options: { imageRequired: boolean }): string[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return ["The structured data (JSON-LD) is not valid JSON"];
  }
  const graph =
    data && typeof data === "object" && Array.isArray((data as StructuredData)["@graph"]) ? (data as StructuredData)["@graph"] : null;
  if (!graph || (data as StructuredData)["@context"] !== "https://schema.org")
    return ["The structured data (JSON-LD) is not a schema.org @graph"];
  const problems: string[] = [];
  const articles = graph.filter((node) => node && isArticleNode(node));
  if (articles.length !== 1) problems.push(`The structured data has ${articles.length} Article nodes; it must have exactly one`);
  const article = articles[0];
  if (article) {
    if (!isText(article.headline)) problems.push("The structured data's Article has no headline");
    else if ([...(article.headline as string)].length > HEADLINE_MAX)
      problems.push(`The structured data's headline is longer than ${HEADLINE_MAX} characters`);
    if (!isText(article.description)) problems.push("The structured data's Article has no description");
    for (const field of ["datePublished", "dateModified"] as const) {
      if (typeof article[field] !== "string" || !ISO_DATE_TIME.test(article[field] as string))
        problems.push(`The structured data's ${field} is not an ISO 8601 date and time with a time zone`);
    }
    if (
      typeof article.datePublished === "string" &&
      typeof article.dateModified === "string" &&
      Date.parse(article.dateModified) < Date.parse(article.datePublished)
    ) {
      problems.push("The structured data's dateModified is before its datePublished");
    }
    if (!isText(article.inLanguage)) problems.push("The structured data's Article has no inLanguage");
    if (!isText(nameOf(article.author))) problems.push("The structured data's Article has no author with a name");
    if (!isText(nameOf(article.publisher))) problems.push("The structured data's Article has no publisher with a name");
    const images = Array.isArray(article.image) ? article.image : article.image === undefined ? [] : [article.image];
    if (images.some((image) => !isAbsoluteUrl(image))) problems.push("The structured data's image is not an absolute URL");
    if (options.imageRequired && images.length === 0) problems.push("The structured data's Article has no image");
  }
  problems.push(...faqMismatch(graph, html));
  return problems;
}

function faqMismatch(graph: JsonLdNode[], html: string): string[] {
  const pages = graph.filter((node) => node?.["@type"] === "FAQPage");
  const visible = faqOf(html)?.entries ?? [];
  if (visible.length === 0) return pages.length === 0 ? [] : ["The structured data has an FAQPage, but the article shows no FAQ"];
  if (pages.length !== 1) return [`The article shows an FAQ, but the structured data has ${pages.length} FAQPage nodes; it must have one`];
  const questions = Array.isArray(pages[0]!.mainEntity) ? (pages[0]!.mainEntity as Record<string, unknown>[]) : [];
  const told = questions.map((question) => ({
    question: question?.["@type"] === "Question" ? question.name : undefined,
    answer:
      (question?.acceptedAnswer as Record<string, unknown> | undefined)?.["@type"] === "Answer"
        ? (question.acceptedAnswer as Record<string, unknown>).text
        : undefined,
  }));
  const same =
    told.length === visible.length &&
    told.every((entry, i) => entry.question === visible[i]!.question && entry.answer === visible[i]!.answer);
  return same ? [] : ["The FAQPage in the structured data does not match the FAQ the article shows (same questions and answers, in order)"];
}
