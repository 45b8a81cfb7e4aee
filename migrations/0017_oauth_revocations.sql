CREATE TABLE `oauth_revocations` (
	`grant_id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`client_id` text NOT NULL,
	`client_name` text NOT NULL,
	`reason` text NOT NULL,
	`revoked_at` text NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `oauth_revocations_account_idx` ON `oauth_revocations` (`account_id`,`revoked_at`);