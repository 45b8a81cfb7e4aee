import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { ProviderUsage } from "../../adapters/provider-usage";
import type { Quality } from "../../content/quality/types";
import type { CheckedClaim, ReviewReason } from "./research";
import { accounts } from "./accounts";
import { createdAt, updatedAt } from "./columns";
import { sites } from "./sites";

export const ARTICLE_STATUSES = ["draft", "pending", "published", "archived"] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];

/** What writing and illustrating one article used, as the providers reported it. */
export interface GenerationUsage {
  textProvider: string;
  textModel: string;
  imageProvider: string;
  imageModel: string;
  text: ProviderUsage;
  image: ProviderUsage;
  /** The search research the article was written from (absent on articles written before it existed). */
  research?: { provider: string; costUsd: number };
}

/** What IndexNow answered for the article's URL, after each publish or content update. */
export const INDEX_NOW_STATUSES = ["pending", "submitted", "accepted", "key_invalid", "rejected", "failed"] as const;
export type IndexNowStatus = (typeof INDEX_NOW_STATUSES)[number];
export interface IndexNowRecord {
  status: IndexNowStatus;
  /** When the URL was queued (pending) or last answered. */
  submittedAt: string;
  /** The HTTP status the engine answered; null while pending or offline. */
  httpStatus: number | null;
  /** Recorded by the offline stand-in: no request left the machine. */
  offline: boolean;
}

/**
 * Articles have an integer key: the public API shows it as a number, the management API as
 * the same number in a string. `contentText` is the text of `html` (for search and word count);
 * the FTS5 table `articles_fts` follows title and contentText through triggers.
 */
export const articles = sqliteTable(
  "articles",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    siteId: text("site_id").references(() => sites.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    slug: text("slug").notNull(),
    html: text("html").notNull().default(""),
    contentText: text("content_text").notNull().default(""),
    excerpt: text("excerpt").notNull().default(""),
    seoTitle: text("seo_title").notNull().default(""),
    seoDesc: text("seo_desc").notNull().default(""),
    keywords: text("keywords", { mode: "json" }).$type<string[]>().notNull().default([]),
    tags: text("tags", { mode: "json" }).$type<string[]>().notNull().default([]),
    wordCount: integer("word_count").notNull().default(0),
    language: text("language").notNull().default("en"),
    status: text("status", { enum: ARTICLE_STATUSES }).notNull().default("draft"),
    publishedAt: text("published_at"),
    publicationUrl: text("publication_url"),
    remoteId: text("remote_id"),
    /** A publication in progress (first or again, after its post was lost) holds the article until then. */
    publishingUntil: text("publishing_until"),
    /** What the platform last received of the article (management.ts platformFingerprint): an edit that changes none of it is not sent again. */
    platformFingerprint: text("platform_fingerprint"),
    generationCostKurus: integer("generation_cost_kurus").notNull().default(0),
    generationUsage: text("generation_usage", { mode: "json" }).$type<GenerationUsage>(),
    categories: text("categories", { mode: "json" }).$type<string[]>().notNull().default([]),
    /** Set on articles the autopilot wrote: the plan item (one article per item, ever) and its keyword. */
    planId: text("plan_id"),
    planItemId: text("plan_item_id"),
    targetKeyword: text("target_keyword"),
    /** The research the article was written from (serp_research); its sources are what the score measures against. */
    researchId: text("research_id"),
    /** The quality of the current text, recomputed on every edit; contentScore repeated as a column to sort and filter by. */
    quality: text("quality", { mode: "json" }).$type<Quality>(),
    contentScore: integer("content_score"),
    /** The claims the writer made, with the fact check's verdicts. */
    claims: text("claims", { mode: "json" }).$type<CheckedClaim[]>(),
    /** Why the article waits in REVIEW (the gate, the fact check); null when nothing holds it. */
    reviewReasons: text("review_reasons", { mode: "json" }).$type<ReviewReason[]>(),
    /** The text's MinHash signature, for the similarity of later articles to this one. */
    similaritySignature: text("similarity_signature"),
    indexNow: text("index_now", { mode: "json" }).$type<IndexNowRecord>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("articles_account_created_idx").on(t.accountId, t.createdAt, t.id),
    index("articles_account_updated_idx").on(t.accountId, t.updatedAt, t.id),
    // Titles sort without regard to ASCII case ("apple" before "Zebra").
    index("articles_account_title_nocase_idx").on(t.accountId, sql`${t.title} COLLATE NOCASE`, t.id),
    index("articles_account_words_idx").on(t.accountId, t.wordCount, t.id),
    index("articles_account_status_idx").on(t.accountId, t.status, t.createdAt),
    index("articles_account_language_idx").on(t.accountId, t.language, t.createdAt),
    // Covers the count of a list filtered by status and language.
    index("articles_account_status_language_idx").on(t.accountId, t.status, t.language),
    // Exactly once: a replayed record step of the pipeline cannot add a second article for an item.
    uniqueIndex("articles_plan_item_unique").on(t.planItemId).where(sql`${t.planItemId} IS NOT NULL`),
    index("articles_account_site_idx").on(t.accountId, t.siteId, t.createdAt),
    index("articles_account_score_idx").on(t.accountId, t.contentScore, t.id),
    // The autopilot's pace (src/plans/pace.ts): a site's new articles by publication time.
    index("articles_site_published_idx").on(t.siteId, t.publishedAt).where(sql`${t.planItemId} IS NOT NULL`),
  ],
);

export const articleImages = sqliteTable(
  "article_images",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    altText: text("alt_text").notNull().default(""),
    isFeatured: integer("is_featured", { mode: "boolean" }).notNull().default(false),
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("article_images_article_idx").on(t.articleId, t.position)],
);

export const REVISION_STATUSES = ["pending", "published", "discarded"] as const;
export type RevisionStatus = (typeof REVISION_STATUSES)[number];

/**
 * A writer's edit of a published article: writers cannot publish, so their edit waits here until an
 * editor publishes it (then it goes live as an editor's PATCH would) or discards it. One pending
 * revision per article; a writer's next edit is merged into it.
 */
export const articleRevisions = sqliteTable(
  "article_revisions",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    /** The member who wrote it (null once they left). */
    memberId: text("member_id"),
    /** The fields as the writer sent them (PATCH's body; HTML sanitised when it is published). */
    edit: text("edit", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    status: text("status", { enum: REVISION_STATUSES }).notNull().default("pending"),
    decidedBy: text("decided_by"),
    decidedAt: text("decided_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("article_revisions_article_idx").on(t.accountId, t.articleId),
    uniqueIndex("article_revisions_pending_unique").on(t.articleId).where(sql`${t.status} = 'pending'`),
  ],
);
