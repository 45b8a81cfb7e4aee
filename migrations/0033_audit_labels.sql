ALTER TABLE `audit_events` ADD `target_label` text;--> statement-breakpoint
ALTER TABLE `audit_events` ADD `site_label` text;