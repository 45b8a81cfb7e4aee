import { decodeHtmlEntities } from "../core/html-entities";
import { plainTextProblem } from "../core/plain-text";
import { countWords, htmlToText } from "../core/html-text";
import {
  characterCount,
  mentionsKeyword,
  MIN_H2_SECTIONS,
  MIN_INTERNAL_LINKS,
  OFFLINE_LANGUAGES,
  PLACEHOLDERS,
  primaryLanguage,
  SEO_DESC_CHARS,
  SEO_TITLE_CHARS,
} from "../content/article-rules";
import type { ArticleDraft, CheckContext } from "../content/draft";
import { detectLanguage, LANGUAGE_NAMES } from "../content/language";
import { linksOf, linkTarget } from "../content/links";
import {
  blockText,
  endsMidWord,
  keywordDensity,
  MAX_KEYWORD_DENSITY,
  MIN_SECTION_WORDS,
  repeatedPhrase,
  repeatedSentences,
  thinSections,
} from "../content/reader-checks";
import { topicWords } from "../content/text-folding";
import { faqProblems } from "../content/faq";
import { structuredDataProblems, structuredDataText } from "../content/structured-data";

export { detectLanguage } from "../content/language";

/**
 * What is wrong with a written article, one sentence per problem naming what to change, so the
 * list can go back to the model in a regeneration request. Empty when the article passes.
 */
export function checkArticle(draft: ArticleDraft, context: CheckContext): string[] {
  return [
    ...lengthFailures(draft),
    ...structureFailures(draft, context),
    ...keywordFailures(draft, context.targetKeyword.trim()),
    ...linkFailures(draft.html, context),
    ...placeholderFailures(draft),
    ...plainTextFailures(draft),
    ...languageFailures(draft, context),
    ...readerFailures(draft, context.targetKeyword.trim()),
    ...faqProblems(draft.html, context.language, context.faq),
    ...structuredDataFailures(draft, context),
  ];
}

/** The page's JSON-LD as it would be published, checked like any other field (the hero is drawn after the checks). */
function structuredDataFailures(draft: ArticleDraft, context: CheckContext): string[] {
  const data = context.structuredData(draft);
  return data ? structuredDataProblems(structuredDataText(data), draft.html, { imageRequired: false }) : [];
}

/** What a reader notices: a phrase said twice in a title, an SEO text cut mid-word, a sentence said twice, a thin section, a stuffed keyword. */
function readerFailures(draft: ArticleDraft, keyword: string): string[] {
  const failures: string[] = [];
  for (const [field, text] of [
    ["title", draft.title],
    ["seoTitle", draft.seoTitle],
  ] as const) {
    const phrase = repeatedPhrase(text);
    if (phrase) failures.push(`The ${field} says "${phrase}" twice; say it once`);
  }
  const source = `${draft.title} ${htmlToText(draft.html)}`;
  for (const [field, text, range] of [
    ["seoTitle", draft.seoTitle, SEO_TITLE_CHARS],
    ["seoDesc", draft.seoDesc, SEO_DESC_CHARS],
  ] as const) {
    if (endsMidWord(text, source, range.max)) failures.push(`The ${field} ends in the middle of a word; end it on a whole word`);
  }
  const text = blockText(draft.html);
  const repeated = repeatedSentences(text);
  if (repeated.length > 0)
    failures.push(
      `${repeated.length} sentence${repeated.length === 1 ? " is" : "s are"} said more than once (for example "${repeated[0]}"); say each thing once`,
    );
  for (const section of thinSections(draft.html)) {
    failures.push(
      `The section "${section.heading}" has ${section.words} words; give it at least ${MIN_SECTION_WORDS}, or remove the heading`,
    );
  }
  // A keyword of stop words only ("how to") is ordinary language, not a keyword to stuff.
  const density = topicWords(keyword).length > 0 ? keywordDensity(text, keyword) : 0;
  if (density > MAX_KEYWORD_DENSITY)
    failures.push(
      `The target keyword "${keyword}" comes ${density.toFixed(1)} times per 100 words; keep it under ${MAX_KEYWORD_DENSITY} (use it where it reads naturally, and other words elsewhere)`,
    );
  return failures;
}

function lengthFailures(draft: ArticleDraft): string[] {
  const failures: string[] = [];
  const fits = (field: string, value: string, range: { min: number; max: number }) => {
    const count = characterCount(value);
    if (count < range.min || count > range.max) failures.push(`${field} has ${count} characters; it must have ${range.min}–${range.max}`);
  };
  fits("seoTitle", draft.seoTitle, SEO_TITLE_CHARS);
  fits("seoDesc", draft.seoDesc, SEO_DESC_CHARS);
  return failures;
}

function structureFailures(draft: ArticleDraft, context: CheckContext): string[] {
  const failures: string[] = [];
  if (/<h1[\s/>]/i.test(draft.html))
    failures.push("The html has an <h1> heading; use <h2> for sections instead (the page title is the only H1)");
  const h2Count = headingsOf(draft.html).length;
  if (h2Count < MIN_H2_SECTIONS)
    failures.push(
      `The html has ${h2Count} <h2> section${h2Count === 1 ? "" : "s"}; it must have at least ${MIN_H2_SECTIONS} (<h3> subsections are allowed inside them)`,
    );
  const words = countWords(htmlToText(draft.html));
  if (words < context.minWords)
    failures.push(`The article has ${words} words; it must have at least ${context.minWords} (write longer sections, or more of them)`);
  if (!draft.excerpt.trim()) failures.push("The excerpt is empty; write a one- or two-sentence summary of the article");
  if (!draft.tags.some((tag) => tag.trim())) failures.push("There are no tags; give 1–8 tags naming the article's topics");
  return failures;
}

function keywordFailures(draft: ArticleDraft, keyword: string): string[] {
  if (!keyword) return [];
  const failures: string[] = [];
  if (!mentionsKeyword(draft.title, keyword))
    failures.push(`The title "${draft.title}" does not contain the target keyword "${keyword}"; put the keyword in the title`);
  const firstParagraph = firstParagraphOf(draft.html);
  if (firstParagraph === null)
    failures.push(`The html has no <p> paragraph; open the article with a paragraph that contains the target keyword "${keyword}"`);
  else if (!mentionsKeyword(firstParagraph, keyword))
    failures.push(`The first paragraph does not contain the target keyword "${keyword}"; use it in the opening paragraph`);
  if (!headingsOf(draft.html).some((heading) => mentionsKeyword(heading, keyword)))
    failures.push(`No <h2> heading contains the target keyword "${keyword}"; use it in at least one <h2>`);
  return failures;
}

const UNKNOWN_LINKS_LISTED = 5;

function linkFailures(html: string, context: CheckContext): string[] {
  const allowed = new Map<string, string>();
  for (const link of context.internalLinks) {
    const target = linkTarget(link.url, context.siteUrl);
    if (target.kind === "page" && !allowed.has(target.key)) allowed.set(target.key, link.url);
  }
  const known = new Set<string>();
  const unknown: string[] = [];
  for (const href of linksOf(html)) {
    const target = linkTarget(href, context.siteUrl);
    if (target.kind !== "page") continue;
    if (allowed.has(target.key)) known.add(target.key);
    else if (target.internal && !unknown.includes(href)) unknown.push(href);
  }
  const failures = unknown
    .slice(0, UNKNOWN_LINKS_LISTED)
    .map(
      (href) =>
        `The html links to ${href} on the site, which is not one of the allowed internal links; link only to the listed URLs, or remove the link`,
    );
  if (unknown.length > UNKNOWN_LINKS_LISTED)
    failures.push(
      `The html has ${unknown.length - UNKNOWN_LINKS_LISTED} more links to pages of the site that are not allowed; remove them`,
    );
  const required = Math.min(MIN_INTERNAL_LINKS, allowed.size);
  if (known.size < required) {
    const examples = [...allowed.values()].slice(0, 3).join(", ");
    const wanted = required === 1 ? "at least one of them" : `at least ${required} different ones`;
    failures.push(`The html links to ${known.size} of the allowed internal links; it must link to ${wanted} (for example ${examples})`);
  }
  return failures;
}

function placeholderFailures(draft: ArticleDraft): string[] {
  const fields: [string, string][] = [
    ["title", draft.title],
    ["seoTitle", draft.seoTitle],
    ["seoDesc", draft.seoDesc],
    ["excerpt", draft.excerpt],
    ["html", decodeHtmlEntities(draft.html)],
    ["tags", draft.tags.join(", ")],
    ["categories", draft.categories.join(", ")],
    ["heroImageAlt", draft.heroImageAlt],
  ];
  return fields.flatMap(([field, text]) =>
    PLACEHOLDERS.filter(({ pattern }) => pattern.test(text)).map(
      ({ text: placeholder }) => `The ${field} contains the placeholder text "${placeholder}"; replace it with the real content`,
    ),
  );
}

/** Titles, SEO texts, the excerpt and terms are shown as text on the page: no markup, no control characters. */
function plainTextFailures(draft: ArticleDraft): string[] {
  const fields: [string, string][] = [
    ["title", draft.title],
    ["seoTitle", draft.seoTitle],
    ["seoDesc", draft.seoDesc],
    ["excerpt", draft.excerpt],
    ["heroImageAlt", draft.heroImageAlt],
    ...draft.tags.map((tag) => ["tag", tag] as [string, string]),
    ...draft.categories.map((category) => ["category", category] as [string, string]),
  ];
  return fields.flatMap(([field, text]) => {
    const problem = plainTextProblem(text, { noMarkup: true });
    return problem ? [`The ${field} ${problem}; write it as plain text`] : [];
  });
}

function languageFailures(draft: ArticleDraft, context: CheckContext): string[] {
  const expected = primaryLanguage(context.language);
  // The offline writer writes English for the languages it does not know; that is not an error of the draft.
  if (context.offline && !OFFLINE_LANGUAGES.includes(expected)) return [];
  const detected = detectLanguage(htmlToText(draft.html));
  if (detected === null || detected === expected) return [];
  const name = (code: string) => (LANGUAGE_NAMES[code] ? `${LANGUAGE_NAMES[code]} (${code})` : code);
  return [
    `The article is written in ${name(detected)}, but the site's language is ${name(expected)}; write the whole article in ${LANGUAGE_NAMES[expected] ?? expected}`,
  ];
}

// After sanitising, elements carry only allowlisted attributes; a quoted value may still hold a '>'.
const ATTRIBUTES = `(?:[^>"']|"[^"]*"|'[^']*')*`;
const H2 = new RegExp(`<h2\\b${ATTRIBUTES}>([\\s\\S]*?)</h2\\s*>`, "gi");
const FIRST_P = new RegExp(`<p\\b${ATTRIBUTES}>([\\s\\S]*?)(?=</p\\s*>|<(?:p|h[1-6]|ul|ol|dl|table|blockquote|pre|figure|hr)\\b|$)`, "i");

/** The text of each `<h2>`. */
function headingsOf(html: string): string[] {
  return [...html.matchAll(H2)].map((match) => htmlToText(match[1]!));
}

/** The text of the first `<p>` (an unclosed one ends at the next block), or null without one. */
function firstParagraphOf(html: string): string | null {
  const match = FIRST_P.exec(html);
  return match ? htmlToText(match[1]!) : null;
}
