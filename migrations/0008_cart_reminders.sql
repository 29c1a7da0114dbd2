CREATE TABLE `cart_reminder_opt_outs` (
	`email` text PRIMARY KEY NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `reminder_carts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`key_hash` text,
	`user_id` integer,
	`email` text NOT NULL,
	`contents` text NOT NULL,
	`prices_at_change` text NOT NULL,
	`changed_at` text NOT NULL,
	`reminded_at` text,
	`outbox_id` integer,
	`link_token_hash` text,
	`closed_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reminder_carts_key_hash_unique` ON `reminder_carts` (`key_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `reminder_carts_link_token_hash_unique` ON `reminder_carts` (`link_token_hash`);--> statement-breakpoint
CREATE INDEX `reminder_carts_due_idx` ON `reminder_carts` (`reminded_at`,`closed_at`,`changed_at`);--> statement-breakpoint
CREATE INDEX `reminder_carts_user_idx` ON `reminder_carts` (`user_id`);--> statement-breakpoint
CREATE INDEX `reminder_carts_email_idx` ON `reminder_carts` (`email`);