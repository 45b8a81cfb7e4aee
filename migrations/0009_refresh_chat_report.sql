CREATE TABLE `chat_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` text NOT NULL,
	`site_id` text NOT NULL,
	`role` text NOT NULL,
	`content` text NOT NULL,
	`brief_updated` integer DEFAULT false NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`site_id`) REFERENCES `sites`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `chat_messages_site_idx` ON `chat_messages` (`site_id`,`id`);--> statement-breakpoint
CREATE TABLE `post_improvements` (
	`post_id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`site_id` text NOT NULL,
	`run` integer DEFAULT 0 NOT NULL,
	`suggestion` text,
	`source_modified_at` text,
	`previous` text,
	`applied_modified_at` text,
	`usage` text,
	`suggested_at` text,
	`applied_at` text,
	`reverted_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')) NOT NULL,
	FOREIGN KEY (`post_id`) REFERENCES `scanned_posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`site_id`) REFERENCES `sites`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `post_improvements_site_idx` ON `post_improvements` (`site_id`);--> statement-breakpoint
ALTER TABLE `charges` ADD `site_id` text;