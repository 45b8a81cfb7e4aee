import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { ProviderUsage } from "../../adapters/provider-usage";
import type { Quality } from "../../content/quality/types";
import { accounts } from "./accounts";
import { createdAt, updatedAt } from "./columns";
import { sites } from "./sites";

/** Where an existing post stands with the improvement feature: nothing yet, a suggestion waiting, applied, put back. */
export const IMPROVEMENT_STATUSES = ["NONE", "SUGGESTED", "APPLIED", "REVERTED"] as const;
export type ImprovementStatus = (typeof IMPROVEMENT_STATUSES)[number];

/**
 * Existing posts: one row per published post of a connected blog site, as the last sync read it.
 * `(site_id, remote_id)` is unique, so re-syncing updates rows in place and never duplicates;
 * `sync_id` records which sync last saw the row.
 */
export const existingPosts = sqliteTable(
  "existing_posts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    siteId: text("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    remoteId: integer("remote_id").notNull(),
    title: text("title").notNull(),
    url: text("url").notNull(),
    modifiedAt: text("modified_at"),
    /** When WordPress published the post (UTC); null when it did not say. */
    publishedAt: text("published_at"),
    wordCount: integer("word_count").notNull(),
    improvementStatus: text("improvement_status", { enum: IMPROVEMENT_STATUSES }).notNull().default("NONE"),
    syncId: text("sync_id").notNull(),
    /** The post text's MinHash signature (src/content/quality/minhash.ts), for the similarity of new articles to it. */
    similaritySignature: text("similarity_signature"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("existing_posts_site_remote_unique").on(t.siteId, t.remoteId),
    index("existing_posts_site_modified_idx").on(t.siteId, t.modifiedAt, t.remoteId),
    index("existing_posts_account_idx").on(t.accountId),
  ],
);

/**
 * What the model suggests for an existing post (checked and sanitised before it is stored), with
 * the research of the run that made it and the quality of the post before and after against it.
 * Suggestions made before improvements were researched have neither.
 */
export interface PostSuggestion {
  title: string;
  html: string;
  seoTitle: string;
  seoDesc: string;
  changes: { change: string; reason: string }[];
  /** serp_research.id of the run's research. */
  researchId?: string | null;
  quality?: { before: Quality; after: Quality } | null;
}

/** A post as it was on WordPress before a suggestion was applied (what revert puts back). */
export interface PostVersion {
  title: string;
  html: string;
}

/**
 * The improvement of one scanned post: the latest suggestion (each improve replaces it and is
 * charged as run `run`), and once applied, the version it replaced. `sourceModifiedAt` is the
 * post's WordPress modification time the suggestion was made from, `appliedModifiedAt` the one
 * our apply produced: a later time on WordPress means someone edited the post since.
 */
export const postImprovements = sqliteTable(
  "post_improvements",
  {
    postId: text("post_id")
      .primaryKey()
      .references(() => existingPosts.id, { onDelete: "cascade" }),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    siteId: text("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    run: integer("run").notNull().default(0),
    suggestion: text("suggestion", { mode: "json" }).$type<PostSuggestion>(),
    sourceModifiedAt: text("source_modified_at"),
    /** The post as it was when the suggestion was made from it (HTML sanitised), for showing the two side by side. */
    source: text("source", { mode: "json" }).$type<PostVersion>(),
    previous: text("previous", { mode: "json" }).$type<PostVersion>(),
    appliedModifiedAt: text("applied_modified_at"),
    usage: text("usage", { mode: "json" }).$type<ProviderUsage>(),
    suggestedAt: text("suggested_at"),
    appliedAt: text("applied_at"),
    revertedAt: text("reverted_at"),
    /** An apply or revert holds the improvement until then (one at a time; a crashed one's hold expires). */
    busyUntil: text("busy_until"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("post_improvements_site_idx").on(t.siteId)],
);

export const CHAT_ROLES = ["user", "assistant"] as const;

/** The conversation with a site's agent, oldest first by id. */
export const chatMessages = sqliteTable(
  "chat_messages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    siteId: text("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    role: text("role", { enum: CHAT_ROLES }).notNull(),
    content: text("content").notNull(),
    /** On an assistant message: it changed the site's brief. */
    briefUpdated: integer("brief_updated", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index("chat_messages_site_idx").on(t.siteId, t.id)],
);
