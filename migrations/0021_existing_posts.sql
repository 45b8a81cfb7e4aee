-- "Existing posts" is the one name of the posts a site already has (docs/decisions.md, Naming).
-- SQLite's RENAME also rewrites post_improvements' foreign key to the new name; the rows stay.
ALTER TABLE `scanned_posts` RENAME TO `existing_posts`;--> statement-breakpoint
DROP INDEX `scanned_posts_site_remote_unique`;--> statement-breakpoint
DROP INDEX `scanned_posts_site_modified_idx`;--> statement-breakpoint
DROP INDEX `scanned_posts_account_idx`;--> statement-breakpoint
CREATE UNIQUE INDEX `existing_posts_site_remote_unique` ON `existing_posts` (`site_id`,`remote_id`);--> statement-breakpoint
CREATE INDEX `existing_posts_site_modified_idx` ON `existing_posts` (`site_id`,`modified_at`,`remote_id`);--> statement-breakpoint
CREATE INDEX `existing_posts_account_idx` ON `existing_posts` (`account_id`);
