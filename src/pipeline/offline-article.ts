import { countWords, htmlToText } from "../core/html-text";
import { upperFirst } from "../content/casing";
import { faqHeading } from "../content/faq";
import { topicWords } from "../content/text-folding";
import { characterCount, mentionsKeyword, primaryLanguage, SEO_DESC_CHARS, SEO_TITLE_CHARS } from "../content/article-rules";
import type { ArticleDraft, DraftClaim, SiteLink } from "../content/draft";
import type { WriteInput } from "./write-input";
import { linkTarget } from "../content/links";
import { cutAtWord, fitLength } from "../content/fit-length";
import { OFFLINE_PHRASES, type OfflinePhrases } from "./offline-phrases";
import { fnv1a } from "../adapters/serp-research/offline";
import { foldedWords } from "../content/quality/shingles";

export const ARTICLE_TITLE_MAX = 200;
const LINKED_PAGES = 3;
const MAX_TAGS = 8;
const TAG_MAX = 100;

/** The offline writer's answer: an article draft with the outline the model is asked for. */
export type OfflineArticle = ArticleDraft & { outline: string[] };

/**
 * The deterministic article of local runs, in Turkish for a Turkish site and in English
 * otherwise. It says in its first paragraph that no language model wrote it, and it passes
 * `checkArticle`: keyword in the title, the first paragraph and the first H2, enough words,
 * SEO fields within their lengths, links to up to three of the allowed pages, and the FAQ
 * section when the brief asks for one.
 */
export function writeOfflineArticle(input: WriteInput): OfflineArticle {
  const language = primaryLanguage(input.language) === "tr" ? "tr" : "en";
  const phrases = OFFLINE_PHRASES[language];
  const keyword = input.targetKeyword.trim().replace(/\s+/g, " ");
  const subject = upperFirst(keyword || input.title.trim(), language);
  const title = articleTitle(input.title, keyword, subject);
  const headings = withSharedHeadings(phrases.headings(subject), input.research?.sharedHeadings ?? []);
  const k = keyword || subject;
  const faq = input.brief.faq ? faqHtml(faqHeading(language), phrases.faq(k)) : "";
  const research = offlineResearch(input, phrases, headings.length);
  const html =
    articleHtml(
      phrases,
      k,
      subject,
      headings,
      linkedPages(input),
      input.minWords - countWords(htmlToText(faq)),
      language,
      research.paragraphs,
    ) + faq;
  return {
    claims: research.claims,
    outline: headings,
    title,
    seoTitle: fitLength(title, phrases.seoTitlePads, SEO_TITLE_CHARS),
    seoDesc: fitLength(phrases.seoDesc(subject), phrases.seoDescPads, SEO_DESC_CHARS),
    excerpt: phrases.excerpt(k, subject),
    html,
    tags: tagsOf(keyword || input.title, language, phrases.category),
    categories: [phrases.category],
    heroImagePrompt: phrases.heroImagePrompt(k),
    heroImageAlt: phrases.heroImageAlt(k, subject),
  };
}

/** The plan item's title when it names the keyword, else "<Keyword>: <title>". */
function articleTitle(itemTitle: string, keyword: string, subject: string): string {
  const title = itemTitle.trim().replace(/\s+/g, " ");
  if (!keyword || mentionsKeyword(title, keyword)) return cutAtWord(title || subject, ARTICLE_TITLE_MAX, 1);
  return cutAtWord(title ? `${subject}: ${title}` : subject, ARTICLE_TITLE_MAX, 1);
}

function articleHtml(
  phrases: OfflinePhrases,
  keyword: string,
  subject: string,
  headings: string[],
  links: SiteLink[],
  minWords: number,
  language: string,
  researchParagraphs: string[][],
): string {
  const opening = `<p>${escapeHtml(phrases.opening(keyword))}</p>`;
  const related = links.length > 0 ? `<p>${escapeHtml(phrases.related)} ${joinLinks(links, phrases.and)}.</p>` : "";
  const fixedWords = countWords(
    [phrases.opening(keyword), ...headings, ...(links.length > 0 ? [phrases.related, ...links.map((link) => link.title)] : [])].join(" "),
  );

  // Paragraphs of four sentences until the article has its words; each section gets at least one.
  const sentence = sentenceMaker(phrases, keyword, subject, language);
  const paragraphs: string[] = [];
  let words = fixedWords;
  for (let index = 0; words < minWords || paragraphs.length < headings.length; index += 1) {
    const paragraph = [0, 1, 2, 3].map((offset) => sentence(index * 4 + offset)).join(" ");
    paragraphs.push(paragraph);
    words += countWords(paragraph);
  }
  // Spread evenly, so no section is left without paragraphs (an empty "Summary" read badly).
  const share = (i: number) => Math.floor((i * paragraphs.length) / headings.length);
  const sections = headings.map((heading, i) => {
    const body = paragraphs.slice(share(i), share(i + 1)).map((text) => `<p>${escapeHtml(text)}</p>`);
    if (i === 1 && related) body.push(related);
    body.push(...(researchParagraphs[i] ?? []));
    return `<h2>${escapeHtml(heading)}</h2>${body.join("")}`;
  });
  return opening + sections.join("");
}

/**
 * The article's n-th sentence: the list from a place drawn from the keyword, naming the keyword in
 * one sentence of six and otherwise one of the generic words (also drawn from keyword and
 * sentence), so two offline articles of one site do not read as copies of each other; each later
 * round through the list starts its sentences with a different opener (from a place drawn from
 * the keyword too), so no sentence is said twice (up to 11 rounds, about 4,000 words).
 */
function sentenceMaker(phrases: OfflinePhrases, keyword: string, subject: string, language: string) {
  const withKeyword = phrases.sentences(keyword, subject);
  const generics = phrases.generic.map((generic) => phrases.sentences(generic.k, generic.K));
  const count = withKeyword.length;
  const seed = fnv1a(`${language}|${keyword}`);
  return (n: number): string => {
    const round = Math.floor(n / count);
    const index = (n + seed) % count;
    // The generic word of a sentence stays the same in every round, so the rounds' openers keep sentences apart.
    const plain = generics[(seed + index * 7) % generics.length]!;
    const text = (n % 6 === 0 ? withKeyword : plain)[index]!;
    // Half the first round's sentences get a lead-in; later rounds replace it with their opener.
    const leadIn = (seed >>> (index % 16)) & 1 ? phrases.leadIns[(seed + index * 3) % phrases.leadIns.length]! : null;
    if (round === 0 && leadIn === null) return text;
    const opener = round === 0 ? leadIn! : phrases.openers[(round - 1 + seed) % phrases.openers.length]!;
    const [first = "", ...rest] = [...text];
    return `${opener} ${first.toLocaleLowerCase(language)}${rest.join("")}`;
  };
}

/** The subtopics the top pages share, as sections after the first (up to three), before the offline writer's own. */
function withSharedHeadings(own: string[], shared: readonly string[]): string[] {
  const [first, ...rest] = own;
  return [first!, ...shared.slice(0, 3), ...rest];
}

const QUOTED_WORDS = 10;
/** Quotations the offline article makes, at most: about a hundred words per section after the first. */
const QUOTATIONS = 12;
const QUOTATIONS_PER_PARAGRAPH = 2;

/**
 * What the offline writer makes of the research, standing in for a model that writes about it:
 * short quotations (up to QUOTED_WORDS words, under the copied-run limit) of the sentences of the
 * sources' key passages, each attributed with a link and each a claim its source supports, spread
 * over the sections after the first. The attribution follows each quotation, so what comes after it
 * in the article (the next section's heading, often the heading that follows it on the page
 * quoted) never reads as part of one copied run. The quotations carry what the sources say into sentences; the
 * offline writer never lists the terms the score weighs.
 */
function offlineResearch(input: WriteInput, phrases: OfflinePhrases, sections: number): { paragraphs: string[][]; claims: DraftClaim[] } {
  const research = input.research;
  const paragraphs: string[][] = Array.from({ length: sections }, () => []);
  if (!research || research.sources.length === 0 || sections < 2) return { paragraphs, claims: [] };
  // Two sources may say the same thing (syndicated pages): each quotation is used once.
  const quoted = new Set<string>();
  const wanted = new Set(
    [...research.terms, ...research.facts.flatMap((fact) => fact.split(" "))].map((word) => word.toLocaleLowerCase(input.language)),
  );
  const bySource = research.sources.map((source) => ({
    source,
    quotes: source.passages
      .flatMap((passage) => passage.split(/(?<=[.!?…])\s+/u))
      .map((sentence) => richestWindow(sentence.split(/\s+/), wanted, input.language).replace(/[.,;:!?…]+$/u, ""))
      .filter((quote) => quote.split(" ").length >= 4),
  }));
  // Sources take turns, each with its next quotation not said yet.
  const chosen: { source: (typeof research.sources)[number]; quote: string }[] = [];
  while (chosen.length < QUOTATIONS && bySource.some((entry) => entry.quotes.length > 0)) {
    for (const { source, quotes } of bySource) {
      let quote = quotes.shift();
      while (quote !== undefined && quoted.has(quote)) quote = quotes.shift();
      if (quote === undefined || chosen.length === QUOTATIONS) continue;
      quoted.add(quote);
      chosen.push({ source, quote });
    }
  }
  const claims: DraftClaim[] = [];
  chosen.forEach(({ source, quote }, index) => {
    const link = `<a href="${escapeHtml(source.url)}">${escapeHtml(source.title)}</a>`;
    const section = 1 + (Math.floor(index / QUOTATIONS_PER_PARAGRAPH) % (sections - 1));
    const sentence = phrases.cites(link, escapeHtml(quote));
    const list = paragraphs[section]!;
    if (index % QUOTATIONS_PER_PARAGRAPH === 0) list.push(`<p>${sentence}</p>`);
    else list[list.length - 1] = list[list.length - 1]!.replace(/<\/p>$/, ` ${sentence}</p>`);
    claims.push({ text: quote, source: Number(source.id) });
  });
  return { paragraphs, claims };
}

/**
 * The QUOTED_WORDS consecutive words of a sentence that hold the most of the wanted words (the
 * first such run), shortened until the copy check counts no more than QUOTED_WORDS in it: it
 * counts "how-to-hub" as three words.
 */
function richestWindow(words: string[], wanted: ReadonlySet<string>, language: string): string {
  let best = 0;
  let bestCount = -1;
  if (words.length > QUOTED_WORDS) {
    const hits = words.map((word) => (wanted.has(word.replace(/[^\p{L}\p{N}'’-]/gu, "").toLocaleLowerCase(language)) ? 1 : 0));
    for (let start = 0; start + QUOTED_WORDS <= words.length; start++) {
      const count = hits.slice(start, start + QUOTED_WORDS).reduce<number>((sum, hit) => sum + hit, 0);
      if (count > bestCount) [best, bestCount] = [start, count];
    }
  }
  const window = words.slice(best, best + QUOTED_WORDS);
  while (window.length > 1 && foldedWords(window.join(" ")).length > QUOTED_WORDS) window.pop();
  return window.join(" ");
}

/** The FAQ section: the heading, then each question as an <h3> followed by its answer. */
function faqHtml(heading: string, entries: { question: string; answer: string }[]): string {
  return `<h2>${escapeHtml(heading)}</h2>${entries.map((entry) => `<h3>${escapeHtml(entry.question)}</h3><p>${escapeHtml(entry.answer)}</p>`).join("")}`;
}

/** Up to three allowed pages (the checks want two, or all when fewer), distinct as the checks compare them. */
function linkedPages(input: WriteInput): SiteLink[] {
  const seen = new Set<string>();
  const chosen: SiteLink[] = [];
  for (const link of input.internalLinks) {
    const target = linkTarget(link.url, input.siteUrl);
    if (target.kind !== "page" || seen.has(target.key)) continue;
    seen.add(target.key);
    chosen.push(link);
    if (chosen.length === LINKED_PAGES) break;
  }
  return chosen;
}

function joinLinks(links: SiteLink[], and: string): string {
  const anchors = links.map((link) => `<a href="${escapeHtml(link.url)}">${escapeHtml(link.title.trim() || link.url)}</a>`);
  return anchors.length === 1 ? anchors[0]! : `${anchors.slice(0, -1).join(", ")} ${and} ${anchors.at(-1)}`;
}

function tagsOf(keyword: string, language: string, fallback: string): string[] {
  const lower = keyword.toLocaleLowerCase(language);
  const words = lower.split(/[^\p{L}\p{N}'-]+/u).filter((word) => characterCount(word) >= 3 && topicWords(word).length > 0);
  const tags = [...new Set([lower, ...words].map((tag) => cutAtWord(tag.trim(), TAG_MAX, 1)).filter(Boolean))];
  return tags.length > 0 ? tags.slice(0, MAX_TAGS) : [fallback];
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}
