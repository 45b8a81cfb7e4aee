CREATE TABLE `article_revisions` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`article_id` integer NOT NULL,
	`member_id` text,
	`edit` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`decided_by` text,
	`decided_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `article_revisions_article_idx` ON `article_revisions` (`account_id`,`article_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `article_revisions_pending_unique` ON `article_revisions` (`article_id`) WHERE "article_revisions"."status" = 'pending';--> statement-breakpoint
CREATE TABLE `pending_sign_ups` (
	`id` text PRIMARY KEY NOT NULL,
	`token_hash` text NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`locale` text DEFAULT 'en' NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `pending_sign_ups_token_unique` ON `pending_sign_ups` (`token_hash`);--> statement-breakpoint
CREATE INDEX `pending_sign_ups_email_idx` ON `pending_sign_ups` (`email`);--> statement-breakpoint
CREATE TABLE `sign_in_links` (
	`id` text PRIMARY KEY NOT NULL,
	`token_hash` text NOT NULL,
	`user_id` text NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sign_in_links_token_unique` ON `sign_in_links` (`token_hash`);--> statement-breakpoint
CREATE INDEX `sign_in_links_user_idx` ON `sign_in_links` (`user_id`);--> statement-breakpoint
CREATE TABLE `__new_email_outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text,
	`dedupe_key` text NOT NULL,
	`kind` text NOT NULL,
	`member_id` text,
	`to_email` text NOT NULL,
	`locale` text DEFAULT 'en' NOT NULL,
	`data` text DEFAULT '{}' NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`message_id` text,
	`error` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')) NOT NULL,
	`sent_at` text,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_email_outbox`("id", "account_id", "dedupe_key", "kind", "member_id", "to_email", "locale", "data", "status", "attempts", "message_id", "error", "created_at", "sent_at") SELECT "id", "account_id", "dedupe_key", "kind", "member_id", "to_email", "locale", "data", "status", "attempts", "message_id", "error", "created_at", "sent_at" FROM `email_outbox`;--> statement-breakpoint
DROP TABLE `email_outbox`;--> statement-breakpoint
ALTER TABLE `__new_email_outbox` RENAME TO `email_outbox`;--> statement-breakpoint
CREATE UNIQUE INDEX `email_outbox_dedupe_unique` ON `email_outbox` (`dedupe_key`);--> statement-breakpoint
CREATE INDEX `email_outbox_status_idx` ON `email_outbox` (`status`,`created_at`) WHERE "email_outbox"."status" IN ('pending', 'sending');--> statement-breakpoint
CREATE INDEX `email_outbox_account_idx` ON `email_outbox` (`account_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `accounts` ADD `name` text;--> statement-breakpoint
ALTER TABLE `audit_events` ADD `site_id` text;