CREATE TABLE `want_addresses` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`user_id` integer,
	`confirmed_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `want_addresses_email_unique` ON `want_addresses` (`email`);--> statement-breakpoint
CREATE TABLE `want_alerts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`want_id` integer NOT NULL,
	`event_key` text NOT NULL,
	`mail_id` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`want_id`) REFERENCES `wants`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `want_alerts_want_event_idx` ON `want_alerts` (`want_id`,`event_key`);--> statement-breakpoint
CREATE INDEX `want_alerts_mail_idx` ON `want_alerts` (`mail_id`);--> statement-breakpoint
CREATE TABLE `want_tokens` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`address_id` integer NOT NULL,
	`purpose` text NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`address_id`) REFERENCES `want_addresses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `want_tokens_token_hash_unique` ON `want_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `want_tokens_address_idx` ON `want_tokens` (`address_id`);--> statement-breakpoint
CREATE TABLE `wants` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`address_id` integer NOT NULL,
	`record_id` integer NOT NULL,
	`back_in_stock` integer DEFAULT false NOT NULL,
	`on_release` integer DEFAULT false NOT NULL,
	`price_below_pence` integer,
	`min_grade` text,
	`generation` integer DEFAULT 1 NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`address_id`) REFERENCES `want_addresses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`record_id`) REFERENCES `records`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "wants_price_below_positive" CHECK("wants"."price_below_pence" is null or "wants"."price_below_pence" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `wants_address_record_idx` ON `wants` (`address_id`,`record_id`);--> statement-breakpoint
CREATE INDEX `wants_record_status_idx` ON `wants` (`record_id`,`status`);