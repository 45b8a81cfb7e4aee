CREATE TABLE `approval_links` (
	`id` text PRIMARY KEY NOT NULL,
	`token_hash` text NOT NULL,
	`account_id` text NOT NULL,
	`article_id` integer NOT NULL,
	`article_version` text NOT NULL,
	`created_by` text,
	`expires_at` text NOT NULL,
	`revoked_at` text,
	`decision` text,
	`comment` text,
	`decided_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `approval_links_token_unique` ON `approval_links` (`token_hash`);--> statement-breakpoint
CREATE INDEX `approval_links_article_idx` ON `approval_links` (`account_id`,`article_id`);--> statement-breakpoint
CREATE TABLE `audit_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` text NOT NULL,
	`member_id` text,
	`actor` text NOT NULL,
	`via` text NOT NULL,
	`action` text NOT NULL,
	`target_type` text,
	`target_id` text,
	`detail` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `audit_events_account_idx` ON `audit_events` (`account_id`,`id`);--> statement-breakpoint
CREATE INDEX `audit_events_account_action_idx` ON `audit_events` (`account_id`,`action`,`id`);--> statement-breakpoint
CREATE INDEX `audit_events_account_member_idx` ON `audit_events` (`account_id`,`member_id`,`id`);--> statement-breakpoint
CREATE TABLE `email_outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
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
CREATE UNIQUE INDEX `email_outbox_dedupe_unique` ON `email_outbox` (`dedupe_key`);--> statement-breakpoint
CREATE INDEX `email_outbox_status_idx` ON `email_outbox` (`status`,`created_at`) WHERE "email_outbox"."status" IN ('pending', 'sending');--> statement-breakpoint
CREATE INDEX `email_outbox_account_idx` ON `email_outbox` (`account_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `member_invitations` (
	`id` text PRIMARY KEY NOT NULL,
	`token_hash` text NOT NULL,
	`account_id` text NOT NULL,
	`email` text NOT NULL,
	`role` text NOT NULL,
	`site_ids` text,
	`invited_by` text,
	`expires_at` text NOT NULL,
	`used_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `member_invitations_token_unique` ON `member_invitations` (`token_hash`);--> statement-breakpoint
CREATE INDEX `member_invitations_account_idx` ON `member_invitations` (`account_id`);--> statement-breakpoint
CREATE TABLE `members` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`user_id` text NOT NULL,
	`role` text NOT NULL,
	`site_ids` text,
	`email_off` text DEFAULT '[]' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `members_account_user_unique` ON `members` (`account_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `members_user_idx` ON `members` (`user_id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`password_hash` text,
	`password_updated_at` text,
	`locale` text DEFAULT 'en' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
-- Every account's owner becomes a user (with the password the account had) and its owner member.
INSERT INTO `users` (`id`, `email`, `password_hash`, `password_updated_at`, `created_at`)
  SELECT 'usr_' || substr(a.`id`, 5), a.`email`, p.`hash`, p.`updated_at`, a.`created_at`
  FROM `accounts` a LEFT JOIN `account_passwords` p ON p.`account_id` = a.`id`;--> statement-breakpoint
INSERT INTO `members` (`id`, `account_id`, `user_id`, `role`, `created_at`)
  SELECT 'mem_' || substr(`id`, 5), `id`, 'usr_' || substr(`id`, 5), 'owner', `created_at` FROM `accounts`;--> statement-breakpoint
DROP TABLE `account_passwords`;--> statement-breakpoint
ALTER TABLE `api_tokens` ADD `member_id` text;--> statement-breakpoint
ALTER TABLE `api_tokens` ADD `role` text;--> statement-breakpoint
CREATE INDEX `api_tokens_member_idx` ON `api_tokens` (`member_id`);--> statement-breakpoint
CREATE TABLE `sessions_teams` (
	`id_hash` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`user_id` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')) NOT NULL,
	`last_seen_at` text NOT NULL,
	`expires_at` text NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
INSERT INTO `sessions_teams` (`id_hash`, `account_id`, `user_id`, `created_at`, `last_seen_at`, `expires_at`)
  SELECT `id_hash`, `account_id`, 'usr_' || substr(`account_id`, 5), `created_at`, `last_seen_at`, `expires_at` FROM `sessions`;--> statement-breakpoint
DROP TABLE `sessions`;--> statement-breakpoint
ALTER TABLE `sessions_teams` RENAME TO `sessions`;--> statement-breakpoint
CREATE INDEX `sessions_account_idx` ON `sessions` (`account_id`);--> statement-breakpoint
-- Tokens belong to the owner member (operator-issued ones too): they keep doing what they did.
UPDATE `api_tokens` SET `member_id` = 'mem_' || substr(`account_id`, 5);--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);