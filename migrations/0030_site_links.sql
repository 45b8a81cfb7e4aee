CREATE TABLE `link_suggestions` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`site_id` text NOT NULL,
	`reason` text NOT NULL,
	`from_remote_id` integer NOT NULL,
	`from_url` text NOT NULL,
	`from_post_id` text,
	`from_article_id` integer,
	`to_url` text NOT NULL,
	`to_key` text NOT NULL,
	`anchor` text NOT NULL,
	`sentence` text NOT NULL,
	`linked` text NOT NULL,
	`state` text DEFAULT 'suggested' NOT NULL,
	`before` text,
	`after` text,
	`busy_until` text,
	`applied_at` text,
	`reverted_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`site_id`) REFERENCES `sites`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `link_suggestions_site_idx` ON `link_suggestions` (`site_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `link_suggestions_once` ON `link_suggestions` (`site_id`,`from_remote_id`,`to_key`,`reason`);--> statement-breakpoint
CREATE TABLE `post_old_slugs` (
	`site_id` text NOT NULL,
	`post_id` text NOT NULL,
	`slug` text NOT NULL,
	PRIMARY KEY(`post_id`, `slug`),
	FOREIGN KEY (`site_id`) REFERENCES `sites`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`post_id`) REFERENCES `existing_posts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `post_old_slugs_site_idx` ON `post_old_slugs` (`site_id`);--> statement-breakpoint
CREATE TABLE `site_link_targets` (
	`site_id` text NOT NULL,
	`to_key` text NOT NULL,
	`status` integer NOT NULL,
	`checked_at` text NOT NULL,
	PRIMARY KEY(`site_id`, `to_key`),
	FOREIGN KEY (`site_id`) REFERENCES `sites`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `site_links` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` text NOT NULL,
	`site_id` text NOT NULL,
	`from_post_id` text,
	`from_article_id` integer,
	`from_url` text NOT NULL,
	`to_url` text NOT NULL,
	`to_key` text NOT NULL,
	`anchor` text NOT NULL,
	`suggestion_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`site_id`) REFERENCES `sites`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`from_post_id`) REFERENCES `existing_posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`from_article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `site_links_site_to_idx` ON `site_links` (`site_id`,`to_key`);--> statement-breakpoint
CREATE INDEX `site_links_from_post_idx` ON `site_links` (`from_post_id`);--> statement-breakpoint
CREATE INDEX `site_links_from_article_idx` ON `site_links` (`from_article_id`);--> statement-breakpoint
ALTER TABLE `sites` ADD `auto_links` integer DEFAULT false NOT NULL;