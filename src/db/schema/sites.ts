import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { accounts } from "./accounts";
import { createdAt, updatedAt } from "./columns";

export const SITE_PLATFORMS = ["blog", "forum", "custom"] as const;
export type SitePlatform = (typeof SITE_PLATFORMS)[number];
export const SITE_STATUSES = ["CONNECTED", "ERROR", "DISCONNECTED"] as const;
export type SiteStatus = (typeof SITE_STATUSES)[number];
/** The SEO plugins the WordPress connector writes into (wordpress/content-autopilot-connector). */
export const SEO_PLUGINS = ["yoast", "rank-math", "seopress", "aioseo"] as const;
export type SeoPlugin = (typeof SEO_PLUGINS)[number];

/** Where a site stands with Search Console (src/search-console/): the reason it is not synced, or synced. */
export const SEARCH_CONSOLE_STATES = [
  "pending",
  "synced",
  "property_missing",
  "property_ambiguous",
  "property_forbidden",
  "grant_broken",
] as const;
export type SearchConsoleState = (typeof SEARCH_CONSOLE_STATES)[number];

/** The site's search-loop settings: refresh decaying posts automatically (charged like improve), at most so many a week. */
export interface SearchSettings {
  refreshDecaying: boolean;
  autoApply: boolean;
  maxRefreshesPerWeek: number;
}
export const DEFAULT_SEARCH_SETTINGS: SearchSettings = { refreshDecaying: false, autoApply: false, maxRefreshesPerWeek: 3 };

/** A connected site. Secret columns (`*Encrypted`) hold AES-GCM ciphertext and are never returned. */
export const sites = sqliteTable(
  "sites",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    platform: text("platform", { enum: SITE_PLATFORMS }).notNull(),
    url: text("url").notNull(),
    status: text("status", { enum: SITE_STATUSES }).notNull().default("CONNECTED"),
    statusMessage: text("status_message"),
    businessContext: text("business_context").notNull().default(""),
    brief: text("brief").notNull().default(""),
    language: text("language").notNull().default("en"),
    blogUsername: text("blog_username"),
    blogAppPasswordEncrypted: text("blog_app_password_encrypted"),
    /** The WordPress REST root found when connecting (`…/wp-json/` or `…/?rest_route=/`). */
    blogApiRoot: text("blog_api_root"),
    /** The connector plugin's version, as its status route said at the last connect or sync; null without it. */
    seoConnector: text("seo_connector"),
    /** The SEO plugin the connector found active on the site. */
    seoPlugin: text("seo_plugin", { enum: SEO_PLUGINS }),
    /**
     * The byline WordPress shows on the posts the service publishes: the display name of the user
     * the site is connected with (src/sites/byline.ts); null until read, or when it has none.
     */
    blogAuthorName: text("blog_author_name"),
    /** The blog's Site Title, as WordPress's REST API index names it (src/sites/blog-name.ts); null until read, or when it has none. */
    blogName: text("blog_name"),
    /** The name the owner gave the site: shown instead of `blogName` (or the host) wherever the site is named; null: none given. */
    displayName: text("display_name"),
    forumUserId: integer("forum_user_id"),
    forumApiKeyEncrypted: text("forum_api_key_encrypted"),
    forumNodeId: integer("forum_node_id"),
    webhookUrl: text("webhook_url"),
    webhookSecretEncrypted: text("webhook_secret_encrypted"),
    /** The secret a rotation replaced: deliveries carry its signature too until `previousWebhookSecretUntil`. */
    previousWebhookSecretEncrypted: text("previous_webhook_secret_encrypted"),
    previousWebhookSecretUntil: text("previous_webhook_secret_until"),
    /** The Search Console property the site's figures come from (`https://host/` or `sc-domain:host`); null until chosen. */
    searchConsoleProperty: text("search_console_property"),
    /** The owner chose the property (PUT …/search-console); otherwise every sync chooses it again from sites.list. */
    searchConsolePropertyChosen: integer("search_console_property_chosen", { mode: "boolean" }).notNull().default(false),
    searchConsoleState: text("search_console_state", { enum: SEARCH_CONSOLE_STATES }).notNull().default("pending"),
    /** Why the state is not synced, in words; null otherwise. */
    searchConsoleMessage: text("search_console_message"),
    /** The last complete day read (days since 1970-01-01); null before the first sync. */
    searchSyncedThrough: integer("search_synced_through"),
    searchSyncedAt: text("search_synced_at"),
    /** The day (YYYY-MM-DD, UTC) the cron last queued this site's sync: once a day. */
    searchSyncQueuedOn: text("search_sync_queued_on"),
    /** When the weekly decay check last ran. */
    decayCheckedAt: text("decay_checked_at"),
    /** How many pages with figures that check compared (0 when the site had none yet); null before it ran. */
    decayCheckedPages: integer("decay_checked_pages"),
    /** The last day of the 28 days that check compared (days since 1970-01-01); null before it ran. */
    decayCheckedThrough: integer("decay_checked_through"),
    searchSettings: text("search_settings", { mode: "json" }).$type<SearchSettings>(),
    /** The IndexNow key the site hosts at /{key}.txt (blog and custom sites); set at connect. */
    indexNowKey: text("index_now_key"),
    /** Apply link suggestions (src/links/) without asking the owner. */
    autoLinks: integer("auto_links", { mode: "boolean" }).notNull().default(false),
    /** New articles the autopilot publishes on the site in any 7 days; null: the default from the site's size (src/plans/pace.ts). */
    maxNewPerWeek: integer("max_new_per_week"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("sites_account_idx").on(t.accountId, t.createdAt),
    // One live blog site per URL and account, also when two connects race.
    uniqueIndex("sites_account_blog_url_unique")
      .on(t.accountId, t.url)
      .where(sql`${t.platform} = 'blog' AND ${t.status} <> 'DISCONNECTED'`),
  ],
);
