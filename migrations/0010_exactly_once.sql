ALTER TABLE `post_improvements` ADD `busy_until` text;--> statement-breakpoint
ALTER TABLE `plan_items` ADD `first_claimed_at` text;--> statement-breakpoint
ALTER TABLE `plan_items` ADD `remote_id` text;--> statement-breakpoint
ALTER TABLE `plan_items` ADD `last_error` text;--> statement-breakpoint
ALTER TABLE `plan_items` ADD `stage_try` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `plan_items` ADD `next_try_at` text;--> statement-breakpoint
ALTER TABLE `plan_items` ADD `auto_retries` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `charges_reserved_idx` ON `charges` (`created_at`) WHERE "charges"."status" = 'reserved';