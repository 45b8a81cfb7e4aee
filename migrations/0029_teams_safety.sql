ALTER TABLE `accounts` ADD `name` text;--> statement-breakpoint
ALTER TABLE `audit_events` ADD `site_id` text;