DROP INDEX `articles_account_title_idx`;--> statement-breakpoint
CREATE INDEX `articles_account_title_nocase_idx` ON `articles` (`account_id`,"title" COLLATE NOCASE,`id`);--> statement-breakpoint
CREATE INDEX `articles_account_status_language_idx` ON `articles` (`account_id`,`status`,`language`);