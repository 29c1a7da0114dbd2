CREATE TABLE `want_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`address_id` integer NOT NULL,
	`record_id` integer NOT NULL,
	`back_in_stock` integer DEFAULT false NOT NULL,
	`on_release` integer DEFAULT false NOT NULL,
	`price_below_pence` integer,
	`min_grade` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`mail_id` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`address_id`) REFERENCES `want_addresses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`record_id`) REFERENCES `records`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "want_requests_price_below_positive" CHECK("want_requests"."price_below_pence" is null or "want_requests"."price_below_pence" > 0)
);
--> statement-breakpoint
CREATE INDEX `want_requests_address_idx` ON `want_requests` (`address_id`);--> statement-breakpoint
CREATE INDEX `want_requests_mail_idx` ON `want_requests` (`mail_id`);--> statement-breakpoint
ALTER TABLE `want_tokens` ADD `request_id` integer REFERENCES `want_requests`(`id`) ON UPDATE no action ON DELETE cascade;