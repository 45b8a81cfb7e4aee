ALTER TABLE `sites` ADD `max_new_per_week` integer;--> statement-breakpoint
ALTER TABLE `plan_items` ADD `overlap` text;--> statement-breakpoint
ALTER TABLE `plan_items` ADD `suggestion` text;--> statement-breakpoint
ALTER TABLE `plan_items` ADD `cluster_role` text;--> statement-breakpoint
ALTER TABLE `plan_items` ADD `pillar_item_id` text;--> statement-breakpoint
ALTER TABLE `plan_items` ADD `wait_reason` text;--> statement-breakpoint
ALTER TABLE `plans` ADD `cluster` text;--> statement-breakpoint
CREATE INDEX `articles_site_published_idx` ON `articles` (`site_id`,`published_at`) WHERE "articles"."plan_item_id" IS NOT NULL;