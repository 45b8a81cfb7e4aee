import { z } from "zod";
import type { StructuredData } from "./structured-data";

// An article as written, before it is an article row: what the text model answers (after the
// sanitiser), what the checks read, what a run keeps in `item_runs.draft` between its steps.

/** One written article; `html` is sanitised. Stored as JSON and parsed again when read back. */
export const ArticleDraftSchema = z.object({
  title: z.string(),
  seoTitle: z.string(),
  seoDesc: z.string(),
  excerpt: z.string(),
  html: z.string(),
  tags: z.array(z.string()),
  categories: z.array(z.string()),
  heroImagePrompt: z.string(),
  heroImageAlt: z.string(),
  /** The factual statements the writer made, each with the number of the source it cites (its id as a number; null for none). */
  claims: z.array(z.object({ text: z.string(), source: z.number().int().nullable() })).default([]),
});
export type ArticleDraft = z.output<typeof ArticleDraftSchema>;
export type DraftClaim = ArticleDraft["claims"][number];

/** A page of the site an article may link to: an existing post or an earlier article. */
export interface SiteLink {
  title: string;
  url: string;
}

/** What an article is checked against. */
export interface CheckContext {
  language: string;
  siteUrl: string;
  targetKeyword: string;
  minWords: number;
  internalLinks: SiteLink[];
  /** True when the deterministic offline writer wrote it (no language model). */
  offline: boolean;
  /** Whether the site's brief asks for an FAQ section. */
  faq: boolean;
  /** The structured data the article's page would carry; null where the site's platform has none (forums). */
  structuredData: (draft: ArticleDraft) => StructuredData | null;
}

/** A stored draft read back: the same shape, or null when the stored JSON is not a draft (never trusted as one). */
export function parseStoredDraft(stored: unknown): ArticleDraft | null {
  const parsed = ArticleDraftSchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
}
