CREATE TABLE `byok_keys` (
	`account_id` text PRIMARY KEY NOT NULL,
	`provider` text NOT NULL,
	`model` text NOT NULL,
	`api_key_encrypted` text NOT NULL,
	`key_last_four` text NOT NULL,
	`verified_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `byok_licences` (
	`account_id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`expires_at` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `charges` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` text NOT NULL,
	`reference` text NOT NULL,
	`mode` text NOT NULL,
	`kind` text NOT NULL,
	`amount_kurus` integer NOT NULL,
	`quota_month` text,
	`status` text DEFAULT 'reserved' NOT NULL,
	`claim_token` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')) NOT NULL,
	`finished_at` text,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `charges_account_reference_unique` ON `charges` (`account_id`,`reference`);--> statement-breakpoint
CREATE INDEX `charges_quota_idx` ON `charges` (`account_id`,`quota_month`);--> statement-breakpoint
CREATE TABLE `payments` (
	`merchant_oid` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`provider` text NOT NULL,
	`purpose` text NOT NULL,
	`licence_kind` text,
	`amount_kurus` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`test_mode` integer DEFAULT false NOT NULL,
	`paid_amount_kurus` integer,
	`failed_reason` text,
	`claim_token` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')) NOT NULL,
	`completed_at` text,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `payments_account_idx` ON `payments` (`account_id`,`created_at`);