CREATE TABLE `account_exports` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`requested_by` text,
	`status` text DEFAULT 'queued' NOT NULL,
	`step` integer DEFAULT 0 NOT NULL,
	`stage` text DEFAULT 'queued' NOT NULL,
	`cursor` integer DEFAULT 0 NOT NULL,
	`done` integer DEFAULT 0 NOT NULL,
	`total` integer DEFAULT 0 NOT NULL,
	`entries` text DEFAULT '[]' NOT NULL,
	`size_bytes` integer,
	`link_hash` text,
	`error` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')) NOT NULL,
	`progress_at` text NOT NULL,
	`ready_at` text,
	`expires_at` text,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `account_exports_account_idx` ON `account_exports` (`account_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `account_exports_running_unique` ON `account_exports` (`account_id`) WHERE "account_exports"."status" IN ('queued', 'building');--> statement-breakpoint
CREATE UNIQUE INDEX `account_exports_link_unique` ON `account_exports` (`link_hash`);--> statement-breakpoint
CREATE TABLE `closed_accounts` (
	`account_ref` text PRIMARY KEY NOT NULL,
	`close_requested_at` text NOT NULL,
	`purged_at` text NOT NULL,
	`ledger_rows` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `retained_ledger` (
	`id` integer PRIMARY KEY NOT NULL,
	`account_ref` text NOT NULL,
	`kind` text NOT NULL,
	`amount_kurus` integer NOT NULL,
	`balance_after_kurus` integer NOT NULL,
	`reference` text NOT NULL,
	`created_at` text NOT NULL,
	`retain_until` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `retained_ledger_account_idx` ON `retained_ledger` (`account_ref`,`id`);--> statement-breakpoint
CREATE INDEX `retained_ledger_until_idx` ON `retained_ledger` (`retain_until`);--> statement-breakpoint
ALTER TABLE `accounts` ADD `closing_at` text;--> statement-breakpoint
ALTER TABLE `accounts` ADD `closes_at` text;--> statement-breakpoint
ALTER TABLE `accounts` ADD `close_requested_by` text;--> statement-breakpoint
CREATE INDEX `accounts_closes_at_idx` ON `accounts` (`closes_at`) WHERE "accounts"."closes_at" IS NOT NULL;