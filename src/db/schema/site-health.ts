import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { accounts } from "./accounts";
import { articles } from "./articles";
import { createdAt, updatedAt } from "./columns";
import { existingPosts } from "./existing-posts";
import { sites } from "./sites";

// Site health (src/site-health/): the actions taken from the cannibalisation and traction lists.

/** What an action does to the live site (docs/guides/site-health.md). */
export const HEALTH_ACTION_KINDS = ["differentiate", "merge", "improve", "noindex", "unpublish"] as const;
export type HealthActionKind = (typeof HEALTH_ACTION_KINDS)[number];

/**
 * running: the suggestion is being written (or the noindex/unpublish is being done); suggested:
 * an improvement waits to be applied; applying/reverting: a write to WordPress is under way;
 * applied, reverted; failed: the run stopped (nothing charged, nothing changed: may start again).
 */
export const HEALTH_ACTION_STATES = ["running", "suggested", "applying", "applied", "reverting", "reverted", "failed"] as const;
export type HealthActionState = (typeof HEALTH_ACTION_STATES)[number];

/** What an action changed on WordPress besides an improvement, as it was before: what revert puts back. */
export interface HealthActionPrevious {
  /** The weaker page's redirect meta before a merge ('' when it had none). */
  redirect?: string;
  /** The page's robots meta before a noindex. */
  robots?: string;
  /** The post's status before an unpublish. */
  status?: string;
}

/**
 * One action per site and key (kind, page, query): a retried or repeated request finds the row
 * and never runs (or charges) it twice. The row's conditional state changes are the claims.
 */
export const siteHealthActions = sqliteTable(
  "site_health_actions",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    siteId: text("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: HEALTH_ACTION_KINDS }).notNull(),
    /** `kind:remoteId:query`: what makes two requests the same action. */
    actionKey: text("action_key").notNull(),
    state: text("state", { enum: HEALTH_ACTION_STATES }).notNull(),
    /** The WordPress post the action edits (the stronger page of a merge, the weaker of a differentiate). */
    remoteId: integer("remote_id").notNull(),
    url: text("url").notNull(),
    postId: text("post_id").references(() => existingPosts.id, { onDelete: "set null" }),
    articleId: integer("article_id").references(() => articles.id, { onDelete: "set null" }),
    /** A merge's weaker page: redirected to `url` once applied. */
    fromRemoteId: integer("from_remote_id"),
    fromUrl: text("from_url"),
    /** The query the pages share (cannibalisation). */
    query: text("query"),
    /** The query a differentiated page is moved to. */
    targetQuery: text("target_query"),
    previous: text("previous", { mode: "json" }).$type<HealthActionPrevious>(),
    /** When the current run was claimed (kept when a retry takes over a crashed run). */
    startedAt: text("started_at"),
    /** A claim holds the row until then; a crashed run's hold expires and a retry takes over. */
    busyUntil: text("busy_until"),
    /** Why the last run failed (an error code). */
    error: text("error"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("site_health_actions_site_key_unique").on(t.siteId, t.actionKey),
    index("site_health_actions_site_idx").on(t.siteId, t.updatedAt),
  ],
);
