import { fitLength } from "../content/fit-length";
import { z } from "zod";
import type { StructuredTask } from "../adapters/text-model/port";
import { SEO_DESC_CHARS, SEO_TITLE_CHARS } from "../content/article-rules";
import type { SiteLink } from "../content/draft";
import { LANGUAGE_NAMES } from "../content/language";
import type { ResearchDigest } from "../content/research-digest";
import { researchPrompt } from "../content/research-prompt";
import { htmlToText } from "../core/html-text";
import { briefForPrompt, type Brief } from "../sites/brief";
import type { PostSuggestion } from "../db/schema";

/** What the text model is given to improve one existing post. */
export interface ImproveInput {
  language: string;
  siteUrl: string;
  brief: Brief;
  /** The post as it is on WordPress now (raw HTML, as its author wrote it). */
  title: string;
  html: string;
  url: string;
  minWords: number;
  /** Other posts of the site: the only new internal links allowed. */
  internalLinks: SiteLink[];
  /** What the top pages of the post's keyword say; null when no source could be read. */
  research: ResearchDigest | null;
  /** What the checks found wrong in the previous suggestion; empty on the first round. */
  failures: string[];
  /** What this improvement is for beyond a better post (site health: retarget it, fold another page in). */
  instruction?: string;
}

const LINKS_IN_PROMPT = 50;

/** The model's answer: the suggestion before the run adds its research and quality. */
export type SuggestedPost = Omit<PostSuggestion, "researchId" | "quality">;

const SuggestionSchema = z.object({
  title: z.string().trim().min(1).max(300),
  html: z.string().trim().min(1).max(200_000),
  seoTitle: z.string().trim().min(1).max(200),
  seoDesc: z.string().trim().min(1).max(400),
  changes: z
    .array(z.object({ change: z.string().trim().min(1).max(300), reason: z.string().trim().min(1).max(500) }))
    .min(1)
    .max(12)
    .describe("Each concrete change made and why it helps readers or search"),
});

/** The text model rewrites an existing post into a better version that keeps its author's links and images. */
export const improvePostTask: StructuredTask<ImproveInput, SuggestedPost> = {
  name: "improve_post",
  schema: SuggestionSchema,
  system: (input) =>
    [
      "You are an experienced editor improving an existing blog post for its readers and for search. You keep what is good, fix what is weak (unclear title, thin sections, missing structure, outdated wording), and never invent facts about the business.",
      `Write in ${LANGUAGE_NAMES[input.language.split("-")[0]!] ?? input.language}.`,
      "Answer with one JSON object only. `html` is the complete improved post body as HTML (<p>, <h2>, <h3>, lists, <a href>, <img>…; no <h1>, scripts, styles or classes), not a diff.",
      "Keep every link (<a href>) and every image (<img src>) of the original post, with the same addresses.",
    ].join("\n"),
  prompt: (input) => {
    const parts = [
      `Website: ${input.siteUrl}`,
      `Brief:\n${briefForPrompt(input.brief)}`,
      `The post (${input.url}):\nTitle: ${input.title}\nHTML:\n${input.html}`,
      [
        "Rules:",
        `- seoTitle: ${SEO_TITLE_CHARS.min}–${SEO_TITLE_CHARS.max} characters; seoDesc: ${SEO_DESC_CHARS.min}–${SEO_DESC_CHARS.max} characters.`,
        `- The improved post has at least ${input.minWords} words, no <h1>, and no placeholder text.`,
        "- title, seoTitle and seoDesc are plain text: no HTML tags.",
        "- Keep all the original links and images; add internal links only to the pages listed below.",
        "- `changes` lists each change and why, in a sentence each.",
      ].join("\n"),
      input.internalLinks.length > 0
        ? `Other pages of the site you may link to:\n${input.internalLinks
            .slice(0, LINKS_IN_PROMPT)
            .map((link) => `- ${link.title}: ${link.url}`)
            .join("\n")}`
        : "Add no new internal links (the site has no other pages listed).",
      researchPrompt(input.research, "improvement"),
    ];
    if (input.instruction) parts.push(`This improvement's purpose:\n${input.instruction}`);
    if (input.brief.topicsToAvoid.length > 0) parts.push(`Never write about: ${input.brief.topicsToAvoid.join("; ")}.`);
    if (input.failures.length > 0)
      parts.push(`Your previous suggestion failed these checks; fix each:\n${input.failures.map((failure) => `- ${failure}`).join("\n")}`);
    return parts.join("\n\n");
  },
  offline: improveOffline,
  maxTokens: 8000,
  temperature: 0.5,
};

/**
 * The offline provider's improvement (local runs without a model): the post unchanged but for an
 * added, clearly labelled closing section, and SEO fields fitted to the rules. Deterministic.
 */
function improveOffline(input: ImproveInput): SuggestedPost {
  // The raw title may hold the author's markup; the suggestion's title is plain text.
  const title = htmlToText(input.title) || "Untitled post";
  const seoTitle = fitLength(
    `${title} – updated guide`,
    [" for readers", ", with practical steps", ", tips and examples"],
    SEO_TITLE_CHARS,
  );
  const seoDesc = fitLength(
    `${title}: what it covers, updated and reorganised for readers who want clear answers and practical steps.`,
    [" Read the full post for details and examples.", " Clear answers, step by step.", " Updated for today."],
    SEO_DESC_CHARS,
  );
  const note =
    "<h2>Offline draft: summary</h2><p>This closing section was added by the offline improvement writer, which runs without a language model. It repeats the post's subject so the structure can be tried end to end; a real model would rewrite the post itself.</p>";
  return {
    title,
    html: `${input.html.trim()}\n${note}`,
    seoTitle,
    seoDesc,
    changes: [
      {
        change: "Added a labelled summary section and SEO title and description (offline draft)",
        reason: "Shows the improvement flow without a language model",
      },
    ],
  };
}
