CREATE TABLE `accounts` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`billing_mode` text DEFAULT 'CREDITS' NOT NULL,
	`credit_balance_kurus` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')) NOT NULL,
	CONSTRAINT "accounts_balance_not_negative" CHECK("accounts"."credit_balance_kurus" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `accounts_email_unique` ON `accounts` (`email`);--> statement-breakpoint
CREATE TABLE `credit_ledger` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` text NOT NULL,
	`kind` text NOT NULL,
	`amount_kurus` integer NOT NULL,
	`balance_after_kurus` integer NOT NULL,
	`reference` text NOT NULL,
	`note` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `credit_ledger_account_reference_unique` ON `credit_ledger` (`account_id`,`reference`);--> statement-breakpoint
CREATE INDEX `credit_ledger_account_id_idx` ON `credit_ledger` (`account_id`,`id`);--> statement-breakpoint
CREATE TABLE `article_images` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`article_id` integer NOT NULL,
	`account_id` text NOT NULL,
	`url` text NOT NULL,
	`alt_text` text DEFAULT '' NOT NULL,
	`is_featured` integer DEFAULT false NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')) NOT NULL,
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `article_images_article_idx` ON `article_images` (`article_id`,`position`);--> statement-breakpoint
CREATE TABLE `articles` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` text NOT NULL,
	`site_id` text,
	`title` text NOT NULL,
	`slug` text NOT NULL,
	`html` text DEFAULT '' NOT NULL,
	`content_text` text DEFAULT '' NOT NULL,
	`excerpt` text DEFAULT '' NOT NULL,
	`seo_title` text DEFAULT '' NOT NULL,
	`seo_desc` text DEFAULT '' NOT NULL,
	`keywords` text DEFAULT '[]' NOT NULL,
	`tags` text DEFAULT '[]' NOT NULL,
	`word_count` integer DEFAULT 0 NOT NULL,
	`language` text DEFAULT 'en' NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`published_at` text,
	`publication_url` text,
	`remote_id` text,
	`generation_cost_kurus` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`site_id`) REFERENCES `sites`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `articles_account_created_idx` ON `articles` (`account_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `articles_account_updated_idx` ON `articles` (`account_id`,`updated_at`,`id`);--> statement-breakpoint
CREATE INDEX `articles_account_title_idx` ON `articles` (`account_id`,`title`,`id`);--> statement-breakpoint
CREATE INDEX `articles_account_words_idx` ON `articles` (`account_id`,`word_count`,`id`);--> statement-breakpoint
CREATE INDEX `articles_account_status_idx` ON `articles` (`account_id`,`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `articles_account_language_idx` ON `articles` (`account_id`,`language`,`created_at`);--> statement-breakpoint
CREATE TABLE `sites` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`platform` text NOT NULL,
	`url` text NOT NULL,
	`status` text DEFAULT 'CONNECTED' NOT NULL,
	`status_message` text,
	`business_context` text DEFAULT '' NOT NULL,
	`brief` text DEFAULT '' NOT NULL,
	`language` text DEFAULT 'en' NOT NULL,
	`blog_username` text,
	`blog_app_password_encrypted` text,
	`forum_user_id` integer,
	`forum_api_key_encrypted` text,
	`forum_node_id` integer,
	`webhook_url` text,
	`webhook_secret_encrypted` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sites_account_idx` ON `sites` (`account_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `api_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`name` text NOT NULL,
	`scope` text NOT NULL,
	`token_hash` text NOT NULL,
	`prefix` text NOT NULL,
	`last_four` text NOT NULL,
	`expires_at` text NOT NULL,
	`last_used_at` text,
	`revoked_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `api_tokens_hash_unique` ON `api_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `api_tokens_account_idx` ON `api_tokens` (`account_id`,`created_at`);