CREATE TABLE `google_auth_states` (
	`state_hash` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`code_verifier` text NOT NULL,
	`return_to` text NOT NULL,
	`expires_at` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `google_auth_states_expires_idx` ON `google_auth_states` (`expires_at`);--> statement-breakpoint
CREATE TABLE `google_connections` (
	`account_id` text PRIMARY KEY NOT NULL,
	`google_email` text,
	`google_subject` text,
	`refresh_token_encrypted` text NOT NULL,
	`scopes` text NOT NULL,
	`status` text DEFAULT 'CONNECTED' NOT NULL,
	`status_message` text,
	`properties` text DEFAULT '[]' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `search_daily` (
	`page_id` integer NOT NULL,
	`day` integer NOT NULL,
	`clicks` integer NOT NULL,
	`impressions` integer NOT NULL,
	`position` real NOT NULL,
	PRIMARY KEY(`page_id`, `day`),
	FOREIGN KEY (`page_id`) REFERENCES `search_pages`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `search_decay` (
	`page_id` integer PRIMARY KEY NOT NULL,
	`site_id` text NOT NULL,
	`reason` text NOT NULL,
	`seasonal` integer DEFAULT false NOT NULL,
	`current` text NOT NULL,
	`previous` text NOT NULL,
	`window_end` integer NOT NULL,
	`detected_at` text NOT NULL,
	FOREIGN KEY (`page_id`) REFERENCES `search_pages`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`site_id`) REFERENCES `sites`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `search_decay_site_idx` ON `search_decay` (`site_id`);--> statement-breakpoint
CREATE TABLE `search_pages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`site_id` text NOT NULL,
	`url_key` text NOT NULL,
	`url` text NOT NULL,
	`article_id` integer,
	`post_id` text,
	`clicks` integer DEFAULT 0 NOT NULL,
	`impressions` integer DEFAULT 0 NOT NULL,
	`position` real,
	`previous_clicks` integer DEFAULT 0 NOT NULL,
	`previous_impressions` integer DEFAULT 0 NOT NULL,
	`previous_position` real,
	FOREIGN KEY (`site_id`) REFERENCES `sites`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`post_id`) REFERENCES `existing_posts`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `search_pages_site_url_unique` ON `search_pages` (`site_id`,`url_key`);--> statement-breakpoint
CREATE INDEX `search_pages_site_clicks_idx` ON `search_pages` (`site_id`,`clicks`);--> statement-breakpoint
CREATE INDEX `search_pages_article_idx` ON `search_pages` (`article_id`);--> statement-breakpoint
CREATE INDEX `search_pages_post_idx` ON `search_pages` (`post_id`);--> statement-breakpoint
CREATE TABLE `search_queries` (
	`page_id` integer NOT NULL,
	`site_id` text NOT NULL,
	`query` text NOT NULL,
	`clicks` integer NOT NULL,
	`impressions` integer NOT NULL,
	`position` real NOT NULL,
	PRIMARY KEY(`page_id`, `query`),
	FOREIGN KEY (`page_id`) REFERENCES `search_pages`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`site_id`) REFERENCES `sites`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
CREATE INDEX `search_queries_site_query_idx` ON `search_queries` (`site_id`,`query`);--> statement-breakpoint
CREATE TABLE `search_refreshes` (
	`post_id` text NOT NULL,
	`site_id` text NOT NULL,
	`week` text NOT NULL,
	`started_at` text,
	`finished_at` text,
	`outcome` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')) NOT NULL,
	PRIMARY KEY(`post_id`, `week`),
	FOREIGN KEY (`post_id`) REFERENCES `existing_posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`site_id`) REFERENCES `sites`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `search_refreshes_site_week_idx` ON `search_refreshes` (`site_id`,`week`);--> statement-breakpoint
CREATE TABLE `search_site_daily` (
	`site_id` text NOT NULL,
	`day` integer NOT NULL,
	`clicks` integer NOT NULL,
	`impressions` integer NOT NULL,
	`position` real NOT NULL,
	PRIMARY KEY(`site_id`, `day`),
	FOREIGN KEY (`site_id`) REFERENCES `sites`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
ALTER TABLE `articles` ADD `index_now` text;--> statement-breakpoint
ALTER TABLE `sites` ADD `search_console_property` text;--> statement-breakpoint
ALTER TABLE `sites` ADD `search_console_property_chosen` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `sites` ADD `search_console_state` text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE `sites` ADD `search_console_message` text;--> statement-breakpoint
ALTER TABLE `sites` ADD `search_synced_through` integer;--> statement-breakpoint
ALTER TABLE `sites` ADD `search_synced_at` text;--> statement-breakpoint
ALTER TABLE `sites` ADD `search_sync_queued_on` text;--> statement-breakpoint
ALTER TABLE `sites` ADD `decay_checked_at` text;--> statement-breakpoint
ALTER TABLE `sites` ADD `search_settings` text;--> statement-breakpoint
ALTER TABLE `sites` ADD `index_now_key` text;--> statement-breakpoint
-- Every blog and custom site gets its IndexNow key (new sites get one at connect).
UPDATE `sites` SET `index_now_key` = lower(hex(randomblob(16))) WHERE `platform` <> 'forum';
