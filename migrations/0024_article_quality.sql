CREATE TABLE `serp_research` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`site_id` text,
	`keyword` text NOT NULL,
	`language` text NOT NULL,
	`query` text NOT NULL,
	`provider` text NOT NULL,
	`cost_usd` real DEFAULT 0 NOT NULL,
	`results` text NOT NULL,
	`questions` text NOT NULL,
	`related_searches` text NOT NULL,
	`sources` text NOT NULL,
	`skipped` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`site_id`) REFERENCES `sites`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `serp_research_account_idx` ON `serp_research` (`account_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `articles` ADD `research_id` text;--> statement-breakpoint
ALTER TABLE `articles` ADD `quality` text;--> statement-breakpoint
ALTER TABLE `articles` ADD `content_score` integer;--> statement-breakpoint
ALTER TABLE `articles` ADD `claims` text;--> statement-breakpoint
ALTER TABLE `articles` ADD `review_reasons` text;--> statement-breakpoint
ALTER TABLE `articles` ADD `similarity_signature` text;--> statement-breakpoint
CREATE INDEX `articles_account_score_idx` ON `articles` (`account_id`,`content_score`,`id`);--> statement-breakpoint
ALTER TABLE `existing_posts` ADD `similarity_signature` text;--> statement-breakpoint
ALTER TABLE `plan_items` ADD `research_id` text;--> statement-breakpoint
ALTER TABLE `plan_items` ADD `review_reasons` text;--> statement-breakpoint
ALTER TABLE `item_runs` ADD `claims` text;--> statement-breakpoint
ALTER TABLE `item_runs` ADD `fact_check_round` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `item_runs` ADD `quality` text;--> statement-breakpoint
ALTER TABLE `item_runs` ADD `review_reasons` text;--> statement-breakpoint
ALTER TABLE `item_runs` ADD `quality_round` integer DEFAULT 0 NOT NULL;