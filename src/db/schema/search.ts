import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { accounts } from "./accounts";
import { articles } from "./articles";
import { createdAt, updatedAt } from "./columns";
import { existingPosts } from "./existing-posts";
import { sites } from "./sites";

// The search loop (src/search-console/): the account's Google connection, what Search Console
// reports for each page of a site, and what the weekly check concludes from it. Days are whole
// numbers (days since 1970-01-01, Pacific dates as Google reports them) to keep the daily rows small.

export const GOOGLE_CONNECTION_STATUSES = ["CONNECTED", "ERROR"] as const;
export type GoogleConnectionStatus = (typeof GOOGLE_CONNECTION_STATUSES)[number];

/** A Search Console property the connected Google account can see, as sites.list named it. */
export interface GoogleProperty {
  siteUrl: string;
  permissionLevel: string;
}

/** The account's Google grant (one per account): the refresh token AES-GCM encrypted, never returned. */
export const googleConnections = sqliteTable("google_connections", {
  accountId: text("account_id")
    .primaryKey()
    .references(() => accounts.id, { onDelete: "cascade" }),
  googleEmail: text("google_email"),
  googleSubject: text("google_subject"),
  refreshTokenEncrypted: text("refresh_token_encrypted").notNull(),
  /** The scopes Google granted, space-separated. */
  scopes: text("scopes").notNull(),
  status: text("status", { enum: GOOGLE_CONNECTION_STATUSES }).notNull().default("CONNECTED"),
  /** Why the status is ERROR (the grant was revoked or expired); null otherwise. */
  statusMessage: text("status_message"),
  /** sites.list as last read (at connect and at every sync). */
  properties: text("properties", { mode: "json" }).$type<GoogleProperty[]>().notNull().default([]),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * One authorization request in flight: the `state` sent to Google (stored hashed) binds the
 * callback to the account, and the PKCE verifier waits here for the code. Used once; 10 minutes.
 */
export const googleAuthStates = sqliteTable(
  "google_auth_states",
  {
    stateHash: text("state_hash").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    codeVerifier: text("code_verifier").notNull(),
    /** The panel path the owner returns to after Google (Settings → Integrations, or a site page). */
    returnTo: text("return_to").notNull(),
    expiresAt: text("expires_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("google_auth_states_expires_idx").on(t.expiresAt)],
);

/**
 * A page of a site as Search Console names it, with its figures over the last 28 complete days
 * and the 28 before (refreshed by every sync, so lists join them without summing daily rows),
 * and the article or existing post it matched by normalised URL.
 */
export const searchPages = sqliteTable(
  "search_pages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    siteId: text("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    /** The normalised URL (src/search-console/url-key.ts): host without www, path without a trailing slash, no query. */
    urlKey: text("url_key").notNull(),
    /** The URL as Google reports it. */
    url: text("url").notNull(),
    articleId: integer("article_id").references(() => articles.id, { onDelete: "set null" }),
    postId: text("post_id").references(() => existingPosts.id, { onDelete: "set null" }),
    clicks: integer("clicks").notNull().default(0),
    impressions: integer("impressions").notNull().default(0),
    /** Impression-weighted average position; null without impressions. */
    position: real("position"),
    previousClicks: integer("previous_clicks").notNull().default(0),
    previousImpressions: integer("previous_impressions").notNull().default(0),
    previousPosition: real("previous_position"),
  },
  (t) => [
    uniqueIndex("search_pages_site_url_unique").on(t.siteId, t.urlKey),
    index("search_pages_site_clicks_idx").on(t.siteId, t.clicks),
    index("search_pages_article_idx").on(t.articleId),
    index("search_pages_post_idx").on(t.postId),
  ],
);

/** What one page earned on one day. */
export const searchDaily = sqliteTable(
  "search_daily",
  {
    pageId: integer("page_id")
      .notNull()
      .references(() => searchPages.id, { onDelete: "cascade" }),
    day: integer("day").notNull(),
    clicks: integer("clicks").notNull(),
    impressions: integer("impressions").notNull(),
    position: real("position").notNull(),
  },
  (t) => [primaryKey({ columns: [t.pageId, t.day] })],
);

/** What the whole property earned on one day (Google's own total, which page rows do not always sum to). */
export const searchSiteDaily = sqliteTable(
  "search_site_daily",
  {
    siteId: text("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    day: integer("day").notNull(),
    clicks: integer("clicks").notNull(),
    impressions: integer("impressions").notNull(),
    position: real("position").notNull(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.day] })],
);

/** The queries of each page over the last 28 complete days (replaced by every sync). */
export const searchQueries = sqliteTable(
  "search_queries",
  {
    pageId: integer("page_id")
      .notNull()
      .references(() => searchPages.id, { onDelete: "cascade" }),
    siteId: text("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    query: text("query").notNull(),
    clicks: integer("clicks").notNull(),
    impressions: integer("impressions").notNull(),
    position: real("position").notNull(),
  },
  (t) => [primaryKey({ columns: [t.pageId, t.query] }), index("search_queries_site_query_idx").on(t.siteId, t.query)],
);

export const DECAY_REASONS = ["clicks_fell", "position_fell", "ctr_fell"] as const;
export type DecayReason = (typeof DECAY_REASONS)[number];

/** The figures one window of a page comparison holds. */
export interface WindowFigures {
  clicks: number;
  impressions: number;
  ctr: number;
  position: number | null;
}

/** A page the weekly check found decaying: why, with the two windows' figures. Replaced by every check. */
export const searchDecay = sqliteTable(
  "search_decay",
  {
    pageId: integer("page_id")
      .primaryKey()
      .references(() => searchPages.id, { onDelete: "cascade" }),
    siteId: text("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    reason: text("reason", { enum: DECAY_REASONS }).notNull(),
    /** The page fell the same way a year earlier: a season, not decay (listed, never refreshed automatically). */
    seasonal: integer("seasonal", { mode: "boolean" }).notNull().default(false),
    current: text("current", { mode: "json" }).$type<WindowFigures>().notNull(),
    previous: text("previous", { mode: "json" }).$type<WindowFigures>().notNull(),
    /** The last day of the current window (days since 1970-01-01). */
    windowEnd: integer("window_end").notNull(),
    detectedAt: text("detected_at").notNull(),
  },
  (t) => [index("search_decay_site_idx").on(t.siteId)],
);

/**
 * The automatic refreshes of decaying posts: one row per post and week, claimed before the
 * improvement runs, so a redelivered message never charges a second improvement.
 */
export const searchRefreshes = sqliteTable(
  "search_refreshes",
  {
    postId: text("post_id")
      .notNull()
      .references(() => existingPosts.id, { onDelete: "cascade" }),
    siteId: text("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    /** The Monday of the week (YYYY-MM-DD). */
    week: text("week").notNull(),
    startedAt: text("started_at"),
    finishedAt: text("finished_at"),
    /** What came of it: suggested, applied, or an error code. */
    outcome: text("outcome"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.week] }), index("search_refreshes_site_week_idx").on(t.siteId, t.week)],
);
