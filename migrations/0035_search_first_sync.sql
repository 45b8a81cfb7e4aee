ALTER TABLE `existing_posts` ADD `published_at` text;--> statement-breakpoint
ALTER TABLE `sites` ADD `decay_checked_pages` integer;--> statement-breakpoint
ALTER TABLE `sites` ADD `decay_checked_through` integer;