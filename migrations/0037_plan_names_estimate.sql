ALTER TABLE `sites` ADD `display_name` text;--> statement-breakpoint
ALTER TABLE `plans` ADD `name` text;--> statement-breakpoint
ALTER TABLE `plans` ADD `search_console` text;