CREATE TABLE `stock_purchases` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`reference` text NOT NULL,
	`seller_name` text NOT NULL,
	`seller_address` text NOT NULL,
	`bought_at` text NOT NULL,
	`vat_scheme` text NOT NULL,
	`invoice_reference` text,
	`total_pence` integer NOT NULL,
	`note` text,
	`staff_id` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`staff_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `stock_purchases_reference_unique` ON `stock_purchases` (`reference`);--> statement-breakpoint
CREATE INDEX `stock_purchases_bought_idx` ON `stock_purchases` (`bought_at`);--> statement-breakpoint
CREATE TABLE `discogs_jobs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`record_id` integer,
	`dedupe_key` text,
	`state` text DEFAULT 'queued' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`run_after` text NOT NULL,
	`last_error` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`record_id`) REFERENCES `records`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `discogs_jobs_due_idx` ON `discogs_jobs` (`state`,`run_after`);--> statement-breakpoint
CREATE UNIQUE INDEX `discogs_jobs_waiting_idx` ON `discogs_jobs` (`dedupe_key`) WHERE "discogs_jobs"."state" = 'queued';--> statement-breakpoint
CREATE TABLE `discogs_listings` (
	`record_id` integer PRIMARY KEY NOT NULL,
	`listing_id` integer,
	`state` text DEFAULT 'queued' NOT NULL,
	`listed_price_pence` integer,
	`last_error` text,
	`synced_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`record_id`) REFERENCES `records`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `discogs_listings_listing_id_unique` ON `discogs_listings` (`listing_id`);--> statement-breakpoint
CREATE INDEX `discogs_listings_state_idx` ON `discogs_listings` (`state`);--> statement-breakpoint
CREATE TABLE `discogs_orders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`discogs_order_id` text NOT NULL,
	`outcome` text NOT NULL,
	`order_id` integer,
	`record_id` integer,
	`buyer` text,
	`total_pence` integer,
	`note` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`record_id`) REFERENCES `records`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `discogs_orders_discogs_order_id_unique` ON `discogs_orders` (`discogs_order_id`);--> statement-breakpoint
CREATE INDEX `discogs_orders_created_idx` ON `discogs_orders` (`created_at`);--> statement-breakpoint
ALTER TABLE `records` ADD `discogs_release_id` integer;--> statement-breakpoint
ALTER TABLE `records` ADD `barcode` text;--> statement-breakpoint
ALTER TABLE `records` ADD `shelf_location` text;--> statement-breakpoint
ALTER TABLE `records` ADD `sleeve_kind` text;--> statement-breakpoint
ALTER TABLE `records` ADD `vat_scheme` text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE `records` ADD `purchase_price_pence` integer;--> statement-breakpoint
ALTER TABLE `records` ADD `purchased_at` text;--> statement-breakpoint
ALTER TABLE `records` ADD `purchased_from` text;--> statement-breakpoint
ALTER TABLE `records` ADD `stock_purchase_id` integer REFERENCES stock_purchases(id);--> statement-breakpoint
CREATE INDEX `records_barcode_idx` ON `records` (`barcode`);--> statement-breakpoint
CREATE INDEX `records_discogs_release_idx` ON `records` (`discogs_release_id`);--> statement-breakpoint
CREATE INDEX `records_stock_purchase_idx` ON `records` (`stock_purchase_id`);--> statement-breakpoint
ALTER TABLE `order_lines` ADD `vat_scheme` text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE `order_lines` ADD `purchase_price_pence` integer;--> statement-breakpoint
ALTER TABLE `order_lines` ADD `vat_pence` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `channel` text DEFAULT 'shop' NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `external_reference` text;--> statement-breakpoint
CREATE UNIQUE INDEX `orders_channel_reference_idx` ON `orders` (`channel`,`external_reference`);