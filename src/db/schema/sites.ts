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
    forumUserId: integer("forum_user_id"),
    forumApiKeyEncrypted: text("forum_api_key_encrypted"),
    forumNodeId: integer("forum_node_id"),
    webhookUrl: text("webhook_url"),
    webhookSecretEncrypted: text("webhook_secret_encrypted"),
    /** The secret a rotation replaced: deliveries carry its signature too until `previousWebhookSecretUntil`. */
    previousWebhookSecretEncrypted: text("previous_webhook_secret_encrypted"),
    previousWebhookSecretUntil: text("previous_webhook_secret_until"),
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
