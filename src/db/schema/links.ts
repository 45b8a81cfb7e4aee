import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { accounts } from "./accounts";
import { articles } from "./articles";
import { createdAt, updatedAt } from "./columns";
import { existingPosts } from "./existing-posts";
import { sites } from "./sites";

/**
 * The site's internal links (src/links/): one row per `<a>` of a page of the site that points at
 * a URL of the site's own host. A page is an existing post (written by the existing-posts sync, which
 * replaces a post's rows each time) or a published article (written after its publish, and used
 * only until the sync has the same page as a post). `to_key` is `urlKey(to_url)`
 * (src/core/page-url-key.ts), so a link, a post and an article meet on one key.
 */
export const siteLinks = sqliteTable(
  "site_links",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    siteId: text("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    fromPostId: text("from_post_id").references(() => existingPosts.id, { onDelete: "cascade" }),
    fromArticleId: integer("from_article_id").references(() => articles.id, { onDelete: "cascade" }),
    fromUrl: text("from_url").notNull(),
    toUrl: text("to_url").notNull(),
    toKey: text("to_key").notNull(),
    anchor: text("anchor").notNull(),
    /** The link suggestion whose apply added this link (its revert removes it). */
    suggestionId: text("suggestion_id"),
    createdAt: createdAt(),
  },
  (t) => [
    index("site_links_site_to_idx").on(t.siteId, t.toKey),
    index("site_links_from_post_idx").on(t.fromPostId),
    index("site_links_from_article_idx").on(t.fromArticleId),
  ],
);

/**
 * The slugs a post had before (WordPress's `_wp_old_slug`, reported by the connector plugin and
 * read at every sync): a link to an old slug is broken, and the post's current URL mends it.
 */
export const postOldSlugs = sqliteTable(
  "post_old_slugs",
  {
    siteId: text("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    postId: text("post_id")
      .notNull()
      .references(() => existingPosts.id, { onDelete: "cascade" }),
    slug: text("slug").notNull(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.slug] }), index("post_old_slugs_site_idx").on(t.siteId)],
);

/**
 * What an own-host link target that is no known page answered to the sync's bounded HEAD check
 * (src/existing-posts/link-targets.ts): 404 and 410 make the links to it broken.
 */
export const siteLinkTargets = sqliteTable(
  "site_link_targets",
  {
    siteId: text("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    toKey: text("to_key").notNull(),
    status: integer("status").notNull(),
    checkedAt: text("checked_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.toKey] })],
);

export const LINK_SUGGESTION_STATES = ["suggested", "applied", "reverted", "stale"] as const;
export type LinkSuggestionState = (typeof LINK_SUGGESTION_STATES)[number];
export const LINK_SUGGESTION_REASONS = ["new_page", "broken", "requested"] as const;
export type LinkSuggestionReason = (typeof LINK_SUGGESTION_REASONS)[number];

/**
 * A link to add to one sentence of a live WordPress post (src/links/apply.ts): `sentence` is the
 * exact HTML of the sentence in the post's raw content when suggested, `linked` the same HTML with
 * the link added around words already in it (or, mending a broken link, its href changed). An apply
 * stores the post's whole raw content before (`before`) and after (`after`) the edit, so a revert
 * gives it back byte for byte. `busy_until` holds an apply or revert (one at a time; a crashed
 * one's hold expires). One suggestion per source post, target and reason.
 */
export const linkSuggestions = sqliteTable(
  "link_suggestions",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    siteId: text("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    reason: text("reason", { enum: LINK_SUGGESTION_REASONS }).notNull(),
    /** The WordPress post the edit goes to. */
    fromRemoteId: integer("from_remote_id").notNull(),
    fromUrl: text("from_url").notNull(),
    fromPostId: text("from_post_id"),
    fromArticleId: integer("from_article_id"),
    toUrl: text("to_url").notNull(),
    toKey: text("to_key").notNull(),
    anchor: text("anchor").notNull(),
    sentence: text("sentence").notNull(),
    linked: text("linked").notNull(),
    state: text("state", { enum: LINK_SUGGESTION_STATES }).notNull().default("suggested"),
    before: text("before"),
    after: text("after"),
    busyUntil: text("busy_until"),
    appliedAt: text("applied_at"),
    revertedAt: text("reverted_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("link_suggestions_site_idx").on(t.siteId, t.createdAt),
    uniqueIndex("link_suggestions_once").on(t.siteId, t.fromRemoteId, t.toKey, t.reason),
  ],
);
