CREATE TABLE `item_runs` (
	`item_id` text NOT NULL,
	`attempt` integer NOT NULL,
	`account_id` text NOT NULL,
	`draft` text,
	`draft_round` integer DEFAULT 0 NOT NULL,
	`text_provider` text,
	`text_model` text,
	`text_usage` text,
	`image_provider` text,
	`image_model` text,
	`image_usage` text,
	`hero_source_key` text,
	`hero_upload_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')) NOT NULL,
	PRIMARY KEY(`item_id`, `attempt`),
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `webhook_deliveries` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`site_id` text NOT NULL,
	`article_id` integer,
	`event` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` text,
	`last_status_code` integer,
	`last_error` text,
	`delivered_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`site_id`) REFERENCES `sites`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `webhook_deliveries_article_event_unique` ON `webhook_deliveries` (`article_id`,`event`);--> statement-breakpoint
CREATE INDEX `webhook_deliveries_site_idx` ON `webhook_deliveries` (`site_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `webhook_deliveries_due_idx` ON `webhook_deliveries` (`status`,`next_attempt_at`);--> statement-breakpoint
ALTER TABLE `articles` ADD `generation_usage` text;--> statement-breakpoint
ALTER TABLE `articles` ADD `categories` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `articles` ADD `plan_id` text;--> statement-breakpoint
ALTER TABLE `articles` ADD `plan_item_id` text;--> statement-breakpoint
ALTER TABLE `articles` ADD `target_keyword` text;--> statement-breakpoint
CREATE UNIQUE INDEX `articles_plan_item_unique` ON `articles` (`plan_item_id`) WHERE "articles"."plan_item_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `articles_account_site_idx` ON `articles` (`account_id`,`site_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `plan_items` ADD `failure_status` integer;--> statement-breakpoint
ALTER TABLE `plan_items` ADD `attempts` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `plan_items` ADD `stage` text;--> statement-breakpoint
ALTER TABLE `plan_items` ADD `progress_at` text;--> statement-breakpoint
CREATE INDEX `plan_items_running_idx` ON `plan_items` (`progress_at`) WHERE "plan_items"."status" IN ('QUEUED', 'GENERATING');