ALTER TABLE `sites` ADD `previous_webhook_secret_encrypted` text;--> statement-breakpoint
ALTER TABLE `sites` ADD `previous_webhook_secret_until` text;