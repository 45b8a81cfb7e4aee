import { index, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { accounts } from "./accounts";
import { createdAt } from "./columns";
import { sites } from "./sites";

/** One organic result of the first page, as the research kept it. */
export interface StoredSerpResult {
  url: string;
  title: string;
  description: string;
  rank: number;
}

/** A top page read for an article: what it says, kept so the article can be scored against it at any later edit. */
export interface StoredSource {
  /** "1", "2"…: the number the writer cites it by, in rank order. */
  id: string;
  url: string;
  title: string;
  headings: { level: 2 | 3; text: string }[];
  /** The main text, cut at SOURCE_TEXT_BYTES. */
  text: string;
  /** The start of the text, ≤ 4 KB: what the owner sees. */
  excerpt: string;
  fetchedAt: string;
}

/** A result that was not read as a source, and why (own_site, video_or_social, robots_disallowed, timeout…). */
export interface SkippedSource {
  url: string;
  reason: string;
}

/**
 * The research of one keyword for one site: the live results, the questions searchers ask and
 * the top pages read as sources. A plan item's runs and an existing post's improvements share
 * theirs (plan_items.research_id), so a rerun, a retry or a crash never fetches or pays twice.
 */
export const serpResearch = sqliteTable(
  "serp_research",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    siteId: text("site_id").references(() => sites.id, { onDelete: "set null" }),
    keyword: text("keyword").notNull(),
    language: text("language").notNull(),
    /** The query the search engine ran. */
    query: text("query").notNull(),
    provider: text("provider").notNull(),
    costUsd: real("cost_usd").notNull().default(0),
    results: text("results", { mode: "json" }).$type<StoredSerpResult[]>().notNull(),
    questions: text("questions", { mode: "json" }).$type<string[]>().notNull(),
    relatedSearches: text("related_searches", { mode: "json" }).$type<string[]>().notNull(),
    sources: text("sources", { mode: "json" }).$type<StoredSource[]>().notNull(),
    skipped: text("skipped", { mode: "json" }).$type<SkippedSource[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("serp_research_account_idx").on(t.accountId, t.createdAt)],
);

/** Why an article waits in REVIEW instead of going live, as a stable code with its figures. */
export const REVIEW_REASON_CODES = [
  "content_score_low",
  "too_similar",
  "copied_from_source",
  "too_few_citations",
  "claims_unsupported",
  "claims_contradicted",
  "keyword_stuffing",
] as const;
export type ReviewReasonCode = (typeof REVIEW_REASON_CODES)[number];
export interface ReviewReason {
  code: ReviewReasonCode;
  params: Record<string, number>;
  /** The same in English. */
  message: string;
}

/** The fact check's verdict on one claim of an article. */
export const CLAIM_VERDICTS = ["supported", "unsupported", "contradicted"] as const;
export type ClaimVerdict = (typeof CLAIM_VERDICTS)[number];
export interface CheckedClaim {
  text: string;
  /** The source's id ("1"…) the writer cited; null when it cited none. */
  source: string | null;
  /** null until the fact check has read it. */
  verdict: ClaimVerdict | null;
  /** The source passage the verdict relied on ("" when none). */
  passage: string;
}
