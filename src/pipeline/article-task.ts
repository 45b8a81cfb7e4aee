import { titleCasingRule } from "../content/casing";
import { z } from "zod";
import type { StructuredTask } from "../adapters/text-model/port";
import { briefForPrompt } from "../sites/brief";
import {
  MIN_H2_SECTIONS,
  MIN_INTERNAL_LINKS,
  PLACEHOLDERS,
  primaryLanguage,
  SEO_DESC_CHARS,
  SEO_TITLE_CHARS,
} from "../content/article-rules";
import type { ArticleDraft } from "../content/draft";
import type { WriteInput } from "./write-input";
import { LANGUAGE_NAMES } from "../content/language";
import { FAQ_QUESTIONS, faqHeading } from "../content/faq";
import { ARTICLE_TITLE_MAX, writeOfflineArticle } from "./offline-article";
import { researchPrompt } from "../content/research-prompt";

/** Internal links listed in the prompt; the checks accept any of `internalLinks`. */
const LINKS_IN_PROMPT = 50;

// Bounds that catch a malformed answer. The checks' rules (50–70, 150–160, word count…) are not
// here: an answer slightly off is checked and regenerated with the failures named, not repaired
// as invalid JSON.
const ArticleAnswerSchema = z.object({
  outline: z
    .array(z.string().trim().min(1).max(200))
    .min(1)
    .max(20)
    .describe("The <h2> headings of the article, in order, planned before writing it"),
  title: z.string().trim().min(1).max(ARTICLE_TITLE_MAX),
  seoTitle: z.string().trim().min(1).max(200),
  seoDesc: z.string().trim().min(1).max(400),
  excerpt: z.string().trim().max(1000),
  html: z.string().trim().min(1).max(200_000),
  tags: z.array(z.string().trim().min(1).max(100)).min(1).max(8),
  categories: z.array(z.string().trim().min(1).max(100)).min(1).max(3),
  heroImagePrompt: z.string().trim().min(1).max(1000),
  heroImageAlt: z.string().trim().min(1).max(250),
  claims: z
    .array(
      z.object({
        text: z.string().trim().min(1).max(600),
        source: z.number().int().min(1).max(20).nullable(),
      }),
    )
    .max(60)
    .default([])
    .describe("Each factual statement of the article (a number, a date, a name, a cause) with the number of the source that supports it"),
});

/** The text model writes one article for a plan item, planning its sections first. */
export const writeArticleTask: StructuredTask<WriteInput, ArticleDraft> = {
  name: "write_article",
  schema: ArticleAnswerSchema.transform(({ outline: _, ...draft }): ArticleDraft => draft),
  system: (input) =>
    [
      "You are an experienced web writer and editor. You write one complete, finished blog article that is useful to the site's readers and meets every rule you are given; the article is checked against each rule and sent back when it misses one.",
      `Write in ${languageName(input.language)}.`,
      "Answer with one JSON object only. Fill `outline` first with the <h2> headings you plan, then write the article that follows it.",
      "`html` is the article body as HTML: <p>, <h2>, <h3>, <ul>, <ol>, <li>, <strong>, <em>, <a href>, <blockquote>, <table> and the like; no <h1>, no scripts, styles, classes or inline attributes, no Markdown.",
    ].join("\n"),
  prompt: articlePrompt,
  offline: writeOfflineArticle,
  maxTokens: 8000,
  temperature: 0.7,
};

function articlePrompt(input: WriteInput): string {
  const keyword = input.targetKeyword.trim();
  const language = languageName(input.language);
  const parts = [
    `Website: ${input.siteUrl}`,
    [
      `Language: ${language} (${input.language}) for every field: title, SEO fields, excerpt, article, tags, categories, alt text.`,
      titleCasingRule(input.language),
    ]
      .filter(Boolean)
      .join(" "),
    `Brief:\n${briefForPrompt(input.brief)}`,
    `Article title from the plan: ${input.title}\nTarget keyword: ${keyword}`,
    rulesText(input, keyword),
    linksText(input),
    researchPrompt(input.research, "article"),
  ];
  if (input.brief.topicsToAvoid.length > 0) parts.push(`Never write about, mention or link to: ${input.brief.topicsToAvoid.join("; ")}.`);
  if (input.failures.length > 0) {
    parts.push(
      [
        "Your previous article failed these checks:",
        ...input.failures.map((failure) => `- ${failure}`),
        "Write the complete corrected article again: every field, not only the parts that change. Fix each problem above and keep meeting every other rule.",
      ].join("\n"),
    );
  }
  return parts.join("\n\n");
}

function rulesText(input: WriteInput, keyword: string): string {
  const placeholders = PLACEHOLDERS.map(({ text }) => `"${text}"`).join(", ");
  return [
    "Rules (each one is checked):",
    `- title: contains the target keyword "${keyword}".`,
    `- seoTitle: ${SEO_TITLE_CHARS.min}–${SEO_TITLE_CHARS.max} characters, spaces included (count them); with the keyword near the start.`,
    `- seoDesc: ${SEO_DESC_CHARS.min}–${SEO_DESC_CHARS.max} characters, spaces included (count them); a meta description that makes a searcher want to read on.`,
    `- html: no <h1> (the page shows the title as its H1); at least ${MIN_H2_SECTIONS} <h2> sections, the headings of your outline, with <h3> subsections where useful.`,
    `- html: at least ${input.minWords} words of article text.`,
    `- The first paragraph (the first <p>) contains the target keyword "${keyword}", and so does at least one <h2>.`,
    "- excerpt: one or two sentences summing up the article; not empty.",
    "- tags: 1–8 short topic tags. categories: 1–3.",
    `- No placeholder or unfinished text anywhere, none of: ${placeholders}. Everything is final, publishable text.`,
    "- heroImagePrompt: a description of a photograph for the top of the article, with no text or lettering in the image. heroImageAlt: what that image shows, for screen readers.",
    "- Say each thing once: no sentence twice, no phrase twice in the title or seoTitle, every <h2> section with at least 40 words of its own; use the target keyword where it reads naturally (under 3 times per 100 words).",
    faqRule(input),
  ]
    .filter(Boolean)
    .join("\n");
}

function faqRule(input: WriteInput): string {
  if (!input.brief.faq) return "- No FAQ section.";
  return `- End the html with an FAQ section: <h2>${faqHeading(input.language)}</h2>, then ${FAQ_QUESTIONS.min}–${FAQ_QUESTIONS.max} questions readers ask about the topic, each an <h3> ending in a question mark followed by its answer in one or two <p>. The answers add to the article rather than repeat its sentences.`;
}

function linksText(input: WriteInput): string {
  const links = input.internalLinks.slice(0, LINKS_IN_PROMPT);
  if (links.length === 0)
    return `Internal links: the site has no pages to link to yet, so do not link to any page of ${input.siteUrl}. Links to other websites are allowed.`;
  const required = Math.min(MIN_INTERNAL_LINKS, links.length);
  return [
    `Internal links: link to ${required === 1 ? "this page" : `at least ${required} different pages from this list`}, with <a href> and the URL exactly as written, in sentences where the link fits naturally. Link to no other page of ${input.siteUrl}; links to other websites are allowed.`,
    ...links.map((link) => `- ${link.title}: ${link.url}`),
  ].join("\n");
}

function languageName(tag: string): string {
  return LANGUAGE_NAMES[primaryLanguage(tag)] ?? tag;
}
