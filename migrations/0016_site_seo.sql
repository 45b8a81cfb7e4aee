ALTER TABLE `sites` ADD `seo_connector` text;--> statement-breakpoint
ALTER TABLE `sites` ADD `seo_plugin` text;