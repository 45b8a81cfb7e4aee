import { z } from "@hono/zod-openapi";
import { CLAIM_VERDICTS, REVIEW_REASON_CODES } from "../db/schema";
import type { ResearchRow } from "./research";
import { SOURCE_SKIP_REASONS, type SourceSkip } from "../adapters/page-reader/sources";

// The quality of an article as the management API, the MCP tools and the webhook give it (issue 29 §4).

const TallySchema = z.object({ supported: z.number().int(), unsupported: z.number().int(), contradicted: z.number().int() });

export const QualitySchema = z
  .object({
    contentScore: z.number().int().nullable().openapi({
      description:
        "0–100: how well the article's prose covers what the pages that rank for its keyword cover (terms 30 %, facts 25 %, shared subtopics 25 %, length 20 %; keyword stuffing takes 25 points off); null when no top page could be read",
      example: 78,
    }),
    missingTerms: z.array(z.string()).openapi({
      description: "Terms two or more top pages use that the article's prose lacks, the weightiest first",
      example: ["hydration"],
    }),
    facts: z
      .object({
        covered: z.number().int(),
        total: z.number().int(),
        missing: z.array(z.string()),
      })
      .optional()
      .openapi({
        description:
          "The names, named things and numbers with units two or more top pages state, and those the article's prose does not (absent on scores computed before facts were measured; the next edit adds it)",
        example: { covered: 9, total: 14, missing: ["float test", "24–27 °C"] },
      }),
    uncoveredSubtopics: z
      .array(z.string())
      .optional()
      .openapi({
        description:
          "Subtopics two or more top pages give a heading that no section of the article covers to half (absent on older scores)",
        example: ["Storing your starter"],
      }),
    stuffing: z
      .object({
        termLists: z.number().int().openapi({ description: "Comma-separated runs made mostly of the weighed terms" }),
        density: z.number().openapi({ description: "Weighed terms per 100 content words of the article's prose" }),
        sourceDensity: z.number().openapi({ description: "The same in the densest top page" }),
      })
      .nullable()
      .optional()
      .openapi({ description: "Keyword stuffing found (holds the article with keyword_stuffing), or null (absent on older scores)" }),
    similarity: z.number().openapi({
      description:
        "The highest 5-word-shingle Jaccard (0–1) against the site's existing posts and its other articles: a near-duplicate competes with its own page",
      example: 0.04,
    }),
    longestSourceRun: z
      .number()
      .int()
      .openapi({ description: "The longest run of consecutive words copied from one source (at most 12 pass)" }),
    readability: z
      .object({
        formula: z.enum(["flesch-reading-ease", "atesman", "amstad", "kandel-moles", "fernandez-huerta", "mean-lengths"]),
        score: z.number().nullable().openapi({ description: "0–100 on the formula's scale; null under mean-lengths" }),
        band: z.string().nullable().openapi({ description: "The band of the score, in the scale's own language", example: "fairly easy" }),
        words: z.number().int(),
        sentences: z.number().int(),
        meanSentenceLength: z.number(),
        meanWordLength: z.number(),
        noisy: z.boolean().openapi({ description: "True under 100 words: the figures of so short a text are unreliable" }),
      })
      .openapi({
        description:
          "Flesch Reading Ease (en), Ateşman (tr), Amstad (de), Kandel–Moles (fr), Fernández Huerta (es); other languages get the mean sentence and word lengths",
      }),
    citations: z.number().int().openapi({ description: "Links in the article to one of its sources" }),
    factCheck: TallySchema.openapi({ description: "The fact check's verdicts on the article's claims, counted" }),
    sources: z
      .array(z.object({ id: z.string(), url: z.string(), title: z.string() }))
      .openapi({ description: "The top pages the article was written and scored against, by the number it cites them with" }),
  })
  .openapi("Quality");

export const ReviewReasonSchema = z
  .object({
    code: z.enum(REVIEW_REASON_CODES).openapi({
      description:
        "content_score_low (params score, min), too_similar (similarity, max), copied_from_source (words, max), too_few_citations (citations, min), claims_unsupported (claims), claims_contradicted (claims), keyword_stuffing (termLists, density, sourceDensity)",
    }),
    params: z.record(z.string(), z.number()),
    message: z.string(),
  })
  .openapi("ReviewReason");

export const CheckedClaimSchema = z
  .object({
    text: z.string(),
    source: z.string().nullable().openapi({ description: "The id of the source cited for it; null when none was" }),
    verdict: z
      .enum(CLAIM_VERDICTS)
      .nullable()
      .openapi({ description: "The fact check's verdict; null when there was nothing to check it against" }),
    passage: z.string().openapi({ description: "The source passage the verdict relied on" }),
  })
  .openapi("CheckedClaim");

export const ItemResearchSchema = z
  .object({
    query: z.string().openapi({ description: "The query the search engine ran", example: "sourdough starter" }),
    provider: z.string().openapi({ description: "dataforseo, or offline for local runs (invented results under .invalid)" }),
    results: z
      .array(z.object({ url: z.string(), title: z.string(), description: z.string(), rank: z.number().int() }))
      .openapi({ description: "The top 10 organic results" }),
    questions: z.array(z.string()).openapi({ description: "People Also Ask: the FAQ draws on them" }),
    relatedSearches: z.array(z.string()),
    sources: z
      .array(
        z.object({
          id: z.string().openapi({ description: "The number the article cites it by", example: "1" }),
          url: z.string(),
          title: z.string(),
          headings: z.array(z.object({ level: z.number().int(), text: z.string() })),
          fetchedAt: z.string(),
          excerpt: z.string().openapi({ description: "The start of the page's main text, ≤ 4 KB" }),
        }),
      )
      .openapi({ description: "The top pages read (up to 5; not the site's own, video or social hosts); empty when none could be read" }),
    skipped: z.array(z.object({ url: z.string(), reason: z.enum(SOURCE_SKIP_REASONS) })).openapi({
      description:
        "Results not read, and why: own_site, video_or_social, not_web, refused, robots_disallowed, robots_unavailable, timeout, unreachable, http_error, not_html, empty",
    }),
    warning: z.string().nullable().openapi({ description: "Set when no source could be read: the article was written without sources" }),
    costUsd: z.number().openapi({ description: "What the search provider reported the research cost, in US dollars" }),
    createdAt: z.string(),
  })
  .openapi("ItemResearch");

export function toItemResearch(row: ResearchRow): z.infer<typeof ItemResearchSchema> {
  return {
    query: row.query,
    provider: row.provider,
    results: row.results,
    questions: row.questions,
    relatedSearches: row.relatedSearches,
    sources: row.sources.map(({ id, url, title, headings, fetchedAt, excerpt }) => ({ id, url, title, headings, fetchedAt, excerpt })),
    // Stored as text; every writer stores one of the reasons.
    skipped: row.skipped.map(({ url, reason }) => ({ url, reason: reason as SourceSkip })),
    warning: row.sources.length === 0 ? "No top page could be read: the article is written without sources" : null,
    costUsd: row.costUsd,
    createdAt: row.createdAt,
  };
}
