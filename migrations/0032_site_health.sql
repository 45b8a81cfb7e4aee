CREATE TABLE `site_health_actions` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`site_id` text NOT NULL,
	`kind` text NOT NULL,
	`action_key` text NOT NULL,
	`state` text NOT NULL,
	`remote_id` integer NOT NULL,
	`url` text NOT NULL,
	`post_id` text,
	`article_id` integer,
	`from_remote_id` integer,
	`from_url` text,
	`query` text,
	`target_query` text,
	`previous` text,
	`started_at` text,
	`busy_until` text,
	`error` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`site_id`) REFERENCES `sites`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`post_id`) REFERENCES `existing_posts`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `site_health_actions_site_key_unique` ON `site_health_actions` (`site_id`,`action_key`);--> statement-breakpoint
CREATE INDEX `site_health_actions_site_idx` ON `site_health_actions` (`site_id`,`updated_at`);