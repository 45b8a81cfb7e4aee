CREATE TABLE `scanned_posts` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`site_id` text NOT NULL,
	`remote_id` integer NOT NULL,
	`title` text NOT NULL,
	`url` text NOT NULL,
	`modified_at` text,
	`word_count` integer NOT NULL,
	`improvement_status` text DEFAULT 'NONE' NOT NULL,
	`sync_id` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`site_id`) REFERENCES `sites`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `scanned_posts_site_remote_unique` ON `scanned_posts` (`site_id`,`remote_id`);--> statement-breakpoint
CREATE INDEX `scanned_posts_site_modified_idx` ON `scanned_posts` (`site_id`,`modified_at`,`remote_id`);--> statement-breakpoint
CREATE INDEX `scanned_posts_account_idx` ON `scanned_posts` (`account_id`);--> statement-breakpoint
ALTER TABLE `sites` ADD `blog_api_root` text;