import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { accounts } from "./accounts";
import { createdAt, updatedAt } from "./columns";
import { sites } from "./sites";

/** Where an old post stands with the improvement feature: nothing yet, a suggestion waiting, applied. */
export const IMPROVEMENT_STATUSES = ["NONE", "SUGGESTED", "APPLIED"] as const;
export type ImprovementStatus = (typeof IMPROVEMENT_STATUSES)[number];

/**
 * The inventory: one row per published post of a connected blog site, as the last sync read it.
 * `(site_id, remote_id)` is unique, so re-syncing updates rows in place and never duplicates;
 * `sync_id` records which sync last saw the row.
 */
export const scannedPosts = sqliteTable(
  "scanned_posts",
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
    wordCount: integer("word_count").notNull(),
    improvementStatus: text("improvement_status", { enum: IMPROVEMENT_STATUSES }).notNull().default("NONE"),
    syncId: text("sync_id").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("scanned_posts_site_remote_unique").on(t.siteId, t.remoteId),
    index("scanned_posts_site_modified_idx").on(t.siteId, t.modifiedAt, t.remoteId),
    index("scanned_posts_account_idx").on(t.accountId),
  ],
);
