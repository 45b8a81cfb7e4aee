import { z } from "zod";
import type { StructuredTask } from "../adapters/text-model/port";
import { lowerCaseIn } from "../adapters/keyword-research/seeds";
import { briefForPrompt, type Brief } from "../sites/brief";
import { titleCasingRule, upperFirst } from "../content/casing";
import { mentionsTopic, topicWords } from "../content/text-folding";

export const MAX_SEEDS = 10;

export interface SeedInput {
  language: string;
  siteUrl: string;
  brief: Brief;
  /** Titles the site already has, for the model to look past. */
  existingTitles: string[];
}

/** The text model proposes seed keywords for research from the brief and what the site has. */
export const seedKeywordsTask: StructuredTask<SeedInput, { seeds: string[] }> = {
  name: "seed_keywords",
  schema: z.object({
    seeds: z.array(z.string().trim().min(2).max(60)).min(1).max(MAX_SEEDS),
  }),
  system: () =>
    "You are an SEO strategist. You propose seed keywords for keyword research: short phrases (one to three words) that people type into a search engine, naming the site's main topics. Answer with JSON only.",
  prompt: (input) =>
    [
      `Website: ${input.siteUrl}`,
      `Language of the keywords: ${input.language}`,
      "Brief:",
      briefForPrompt(input.brief),
      input.existingTitles.length > 0
        ? `Posts the site already has (look for topics next to these, not the same ones):\n- ${input.existingTitles.slice(0, 40).join("\n- ")}`
        : "The site has no posts yet.",
      `Propose 3 to ${MAX_SEEDS} seed keywords in ${input.language}, lower case, none about a topic the brief says never to write about.`,
    ].join("\n\n"),
  offline: offlineSeeds,
  maxTokens: 400,
  temperature: 0.4,
};

/**
 * The offline seeds: the short phrases of the brief's business and audience ("…: database
 * backups, image optimization") or, when it has none, its most frequent topic words; then the
 * topics of the site's first three post titles.
 */
function offlineSeeds(input: SeedInput): { seeds: string[] } {
  const text = [input.brief.business, input.brief.audience].join(". ");
  const phrases = text
    .split(/[.,;:!?()\n]+|\s+(?:and|or|ve|veya|und|oder)\s+/i)
    .map((part) => part.trim().split(/\s+/).filter(Boolean))
    .map((words) => trimStopWords(words, input.language))
    .filter((words) => words.length >= 1 && words.length <= 3)
    .map((words) => lowerCaseIn(words.join(" "), input.language));
  const avoided = (seed: string) => input.brief.topicsToAvoid.some((topic) => mentionsTopic(seed, topic));
  const fromBrief = [...new Set(phrases)].filter((seed) => seed.length >= 2 && !avoided(seed));
  const base = fromBrief.length > 0 ? fromBrief : frequentWords(text, input.language).slice(0, 5);
  // The topics of the site's first posts join them, as a model reading their titles would, so a
  // local plan meets the pages the site already has (what planning compares with: src/plans/overlap.ts).
  const fromTitles = input.existingTitles
    .slice(0, TITLE_SEEDS)
    .map((title) => titleSeed(title, input.language))
    .filter((seed) => seed.length >= 2 && !avoided(seed));
  const seeds = [...new Set([...base, ...fromTitles])];
  return { seeds: seeds.length > 0 ? seeds.slice(0, MAX_SEEDS) : [hostWord(input.siteUrl)] };
}

/** The brief's most frequent topic words (4 letters or more), when it has no short phrases. */
function frequentWords(text: string, language: string): string[] {
  const counts = new Map<string, number>();
  for (const word of text.split(/[^\p{L}\p{N}]+/u).filter((word) => word.length >= 4 && topicWords(word).length > 0)) {
    const lower = lowerCaseIn(word, language);
    counts.set(lower, (counts.get(lower) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([word]) => word);
}

/** Offline seeds taken from the site's own post titles. */
const TITLE_SEEDS = 3;

/** A title's first two topic words as written: "Ekşi Maya Nasıl Beslenir?" → "ekşi maya". */
function titleSeed(title: string, language: string): string {
  const words = title.split(/[^\p{L}\p{N}]+/u).filter((word) => topicWords(word).length > 0);
  return lowerCaseIn(words.slice(0, 2).join(" "), language);
}

function trimStopWords(words: string[], language: string): string[] {
  const isTopic = (word: string) => topicWords(lowerCaseIn(word, language)).length > 0;
  let start = 0;
  let end = words.length;
  while (start < end && !isTopic(words[start]!)) start += 1;
  while (end > start && !isTopic(words[end - 1]!)) end -= 1;
  return words.slice(start, end);
}

function hostWord(url: string): string {
  try {
    const labels = new URL(url).hostname.split(".").filter((label) => label !== "www");
    return labels[0] ?? "blog";
  } catch {
    return "blog";
  }
}

export interface TitleInput {
  language: string;
  brief: Brief;
  keywords: string[];
}

const TITLE_MIN = 10;
const TITLE_MAX = 120;

/** The text model writes one title per chosen keyword, in the same order. */
export function planTitlesTask(count: number): StructuredTask<TitleInput, { titles: string[] }> {
  return {
    name: "plan_titles",
    schema: z.object({
      titles: z
        .array(z.string().trim().min(TITLE_MIN).max(TITLE_MAX))
        .length(count, `give exactly ${count} titles, one per keyword, in the keywords' order`),
    }),
    system: () =>
      "You are an editor planning blog articles. For each target keyword you write one article title: specific, useful, natural to read, containing the keyword or a close form of it. Answer with JSON only.",
    prompt: (input) =>
      [
        [`Language of the titles: ${input.language}`, titleCasingRule(input.language)].filter(Boolean).join("\n"),
        "Brief:",
        briefForPrompt(input.brief),
        `Target keywords, in order:\n${input.keywords.map((keyword, i) => `${i + 1}. ${keyword}`).join("\n")}`,
        `Write exactly ${input.keywords.length} titles (${TITLE_MIN}–${TITLE_MAX} characters each), one per keyword, in the same order.`,
      ].join("\n\n"),
    offline: (input) => ({ titles: input.keywords.map((keyword) => offlineTitle(keyword, input.language)) }),
    maxTokens: 200 + 60 * count,
    temperature: 0.7,
  };
}

/** An offline title says what it is. */
function offlineTitle(keyword: string, language: string): string {
  const subject = upperFirst(keyword, language);
  const title = language.startsWith("tr")
    ? `${subject}: pratik bir rehber (çevrimdışı taslak)`
    : `${subject}: a practical guide (offline draft)`;
  return title.length <= TITLE_MAX ? title : `${[...title].slice(0, TITLE_MAX - 1).join("")}…`;
}
