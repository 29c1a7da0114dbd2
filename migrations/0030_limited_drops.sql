CREATE TABLE `drop_ballots` (
	`record_id` integer PRIMARY KEY NOT NULL,
	`drawn_at` text NOT NULL,
	`entrants` integer NOT NULL,
	`seed` text NOT NULL,
	FOREIGN KEY (`record_id`) REFERENCES `records`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `drop_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`record_id` integer NOT NULL,
	`session_key` text NOT NULL,
	`address_block` text NOT NULL,
	`user_id` integer,
	`in_ballot` integer NOT NULL,
	`ballot_position` integer,
	`status` text DEFAULT 'waiting' NOT NULL,
	`admitted_at` text,
	`hold_expires_at` text,
	`order_id` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`record_id`) REFERENCES `records`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `drop_entries_session_idx` ON `drop_entries` (`record_id`,`session_key`);--> statement-breakpoint
CREATE INDEX `drop_entries_block_idx` ON `drop_entries` (`record_id`,`address_block`);--> statement-breakpoint
CREATE INDEX `drop_entries_status_idx` ON `drop_entries` (`record_id`,`status`,`ballot_position`,`id`);--> statement-breakpoint
CREATE TABLE `limit_refusals` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`record_id` integer NOT NULL,
	`user_id` integer,
	`email` text NOT NULL,
	`matched_by` text NOT NULL,
	`matched_order_number` text,
	`requested_quantity` integer NOT NULL,
	`already_bought` integer NOT NULL,
	`channel` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`record_id`) REFERENCES `records`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `limit_refusals_record_idx` ON `limit_refusals` (`record_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `limit_refusals_created_idx` ON `limit_refusals` (`created_at`);--> statement-breakpoint
CREATE TABLE `sale_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`pre_order_charge` text DEFAULT 'at_order' NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	CONSTRAINT "sale_settings_single_row" CHECK("sale_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE `records` ADD `limit_per_customer` integer;--> statement-breakpoint
ALTER TABLE `records` ADD `on_sale_at` text;--> statement-breakpoint
ALTER TABLE `records` ADD `record_store_day` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `records` ADD `is_drop` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `records` ADD `pre_order_charge` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `email_key` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `address_key` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `card_key` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `charge_at_dispatch` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `saved_card_reference` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `charge_declined_at` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `charge_decline_message` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `charge_hold_until` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `pay_link_token_hash` text;--> statement-breakpoint
CREATE INDEX `orders_email_key_idx` ON `orders` (`email_key`);--> statement-breakpoint
CREATE INDEX `orders_address_key_idx` ON `orders` (`address_key`);--> statement-breakpoint
CREATE INDEX `orders_card_key_idx` ON `orders` (`card_key`);--> statement-breakpoint
CREATE INDEX `orders_charge_at_dispatch_idx` ON `orders` (`charge_at_dispatch`,`status`);