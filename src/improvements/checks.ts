import { decodeHtmlEntities } from "../core/html-entities";
import { countWords, htmlToText } from "../core/html-text";
import { plainTextProblem } from "../core/plain-text";
import type { PostSuggestion } from "../db/schema";
import { characterCount, PLACEHOLDERS, SEO_DESC_CHARS, SEO_TITLE_CHARS } from "../content/article-rules";
import type { SiteLink } from "../content/draft";
import { linksOf, linkTarget } from "../content/links";
import { endsMidWord, repeatedPhrase } from "../content/reader-checks";
import { DEFAULT_GATE, reviewReasonsOf } from "../content/quality/gate";
import type { Quality } from "../content/quality/types";

/** What a suggestion is checked against: the post as it was (sanitised) and the site's real pages. */
export interface SuggestionContext {
  siteUrl: string;
  originalHtml: string;
  minWords: number;
  internalLinks: SiteLink[];
}

const IMG_SRC = /<img\b(?:[^>"']|"[^"]*"|'[^']*')*?\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi;

/** The src of every `<img>`, entities decoded. */
export function imagesOf(html: string): string[] {
  return [...html.matchAll(IMG_SRC)].map((match) => decodeHtmlEntities(match[1] ?? match[2] ?? match[3] ?? "").trim());
}

/**
 * What is wrong with an improvement suggestion, one sentence per problem (sent back to the model
 * once): the SEO lengths, the structure, the author's links and images all kept, new internal
 * links only to pages that exist, no placeholders, titles as plain text (the article rules).
 * Empty when it passes.
 */
export function checkSuggestion(suggestion: PostSuggestion, context: SuggestionContext): string[] {
  const failures: string[] = [];
  const fits = (field: string, value: string, range: { min: number; max: number }) => {
    const count = characterCount(value);
    if (count < range.min || count > range.max) failures.push(`${field} has ${count} characters; it must have ${range.min}–${range.max}`);
  };
  fits("seoTitle", suggestion.seoTitle, SEO_TITLE_CHARS);
  fits("seoDesc", suggestion.seoDesc, SEO_DESC_CHARS);
  if (/<h1[\s/>]/i.test(suggestion.html))
    failures.push("The html has an <h1> heading; use <h2> for sections (the post title is the only H1)");
  const words = countWords(htmlToText(suggestion.html));
  if (words < context.minWords)
    failures.push(`The improved post has ${words} words; it must keep at least ${context.minWords} (do not shorten the post)`);

  const links = new Set(linksOf(suggestion.html));
  const lostLinks = [...new Set(linksOf(context.originalHtml))].filter((href) => !links.has(href));
  for (const href of lostLinks.slice(0, 5)) failures.push(`The original link to ${href} is missing; keep every link of the original post`);
  const images = new Set(imagesOf(suggestion.html));
  const lostImages = [...new Set(imagesOf(context.originalHtml))].filter((src) => !images.has(src));
  for (const src of lostImages.slice(0, 5)) failures.push(`The original image ${src} is missing; keep every image of the original post`);

  const allowed = new Set<string>();
  for (const href of [...context.internalLinks.map((link) => link.url), ...linksOf(context.originalHtml)]) {
    const target = linkTarget(href, context.siteUrl);
    if (target.kind === "page") allowed.add(target.key);
  }
  const invented = [...links].filter((href) => {
    const target = linkTarget(href, context.siteUrl);
    return target.kind === "page" && target.internal && !allowed.has(target.key);
  });
  for (const href of invented.slice(0, 5))
    failures.push(`The html links to ${href} on the site, which is not a page of the site; link only to the listed pages`);

  for (const [field, text] of [
    ["title", suggestion.title],
    ["seoTitle", suggestion.seoTitle],
    ["seoDesc", suggestion.seoDesc],
    ["html", decodeHtmlEntities(suggestion.html)],
  ] as const) {
    for (const { text: placeholder, pattern } of PLACEHOLDERS)
      if (pattern.test(text)) failures.push(`The ${field} contains the placeholder text "${placeholder}"; replace it with real content`);
  }
  // The title goes to WordPress and is shown on the page: markup in it is refused, as in an article's.
  for (const [field, text] of [
    ["title", suggestion.title],
    ["seoTitle", suggestion.seoTitle],
    ["seoDesc", suggestion.seoDesc],
  ] as const) {
    const problem = plainTextProblem(text, { noMarkup: true });
    if (problem) failures.push(`The ${field} ${problem}; write it as plain text`);
  }
  for (const [field, text] of [
    ["title", suggestion.title],
    ["seoTitle", suggestion.seoTitle],
  ] as const) {
    const phrase = repeatedPhrase(text);
    if (phrase) failures.push(`The ${field} says "${phrase}" twice; say it once`);
  }
  const source = `${suggestion.title} ${htmlToText(suggestion.html)} ${htmlToText(context.originalHtml)}`;
  for (const [field, text, range] of [
    ["seoTitle", suggestion.seoTitle, SEO_TITLE_CHARS],
    ["seoDesc", suggestion.seoDesc, SEO_DESC_CHARS],
  ] as const) {
    if (endsMidWord(text, source, range.max)) failures.push(`The ${field} ends in the middle of a word; end it on a whole word`);
  }
  return failures;
}

/**
 * The copied_from_source rule of articles (gate.ts), for a suggestion: a run of more than
 * MAX_COPIED_WORDS words from one source is a failure like the other checks (the model rewrites
 * once, then 422). A run the post already had is not held against the suggestion, which must keep
 * the author's text: only a suggestion that copies more than the post did fails.
 */
export function copiedFromSource(quality: { before: Quality; after: Quality }): string[] {
  if (quality.after.longestSourceRun <= quality.before.longestSourceRun) return [];
  return reviewReasonsOf(quality.after, DEFAULT_GATE)
    .filter((reason) => reason.code === "copied_from_source")
    .map((reason) => reason.message);
}
