CREATE TABLE `plan_items` (
	`id` text PRIMARY KEY NOT NULL,
	`plan_id` text NOT NULL,
	`account_id` text NOT NULL,
	`site_id` text NOT NULL,
	`position` integer NOT NULL,
	`title` text NOT NULL,
	`target_keyword` text NOT NULL,
	`keyword_key` text NOT NULL,
	`monthly_volume` integer NOT NULL,
	`competition` text NOT NULL,
	`status` text DEFAULT 'PLANNED' NOT NULL,
	`scheduled_at` text,
	`failure_reason` text,
	`article_id` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')) NOT NULL,
	FOREIGN KEY (`plan_id`) REFERENCES `plans`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`site_id`) REFERENCES `sites`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `plan_items_plan_idx` ON `plan_items` (`plan_id`,`position`);--> statement-breakpoint
CREATE INDEX `plan_items_site_idx` ON `plan_items` (`site_id`);--> statement-breakpoint
CREATE INDEX `plan_items_due_idx` ON `plan_items` (`scheduled_at`) WHERE "plan_items"."status" = 'SCHEDULED';--> statement-breakpoint
CREATE TABLE `plans` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`site_id` text NOT NULL,
	`status` text DEFAULT 'DRAFT' NOT NULL,
	`article_count` integer NOT NULL,
	`cadence_per_week` integer NOT NULL,
	`publish_mode` text DEFAULT 'publish' NOT NULL,
	`warnings` text DEFAULT '[]' NOT NULL,
	`research` text NOT NULL,
	`approved_at` text,
	`completed_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`site_id`) REFERENCES `sites`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `plans_account_created_idx` ON `plans` (`account_id`,`created_at`,`id`);