CREATE TABLE `label_origins` (
	`label` text PRIMARY KEY NOT NULL,
	`country_code` text NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `shipping_rates` (
	`zone` text NOT NULL,
	`service` text NOT NULL,
	`max_grams` integer NOT NULL,
	`price_pence` integer NOT NULL,
	PRIMARY KEY(`zone`, `service`, `max_grams`)
);
--> statement-breakpoint
CREATE TABLE `shipping_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`packaging_grams` integer NOT NULL,
	`eur_per_gbp` text NOT NULL,
	`eur_rate_as_of` text NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
ALTER TABLE `records` ADD `weight_grams` integer;--> statement-breakpoint
ALTER TABLE `records` ADD `hs_code` text;--> statement-breakpoint
ALTER TABLE `records` ADD `origin_country` text;--> statement-breakpoint
ALTER TABLE `order_lines` ADD `weight_grams` integer;--> statement-breakpoint
ALTER TABLE `order_lines` ADD `hs_code` text;--> statement-breakpoint
ALTER TABLE `order_lines` ADD `origin_country` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `country_code` text DEFAULT 'GB' NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `phone` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `delivery_service` text DEFAULT 'tracked_48' NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `parcel_grams` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `vat_treatment` text DEFAULT 'uk' NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `vat_country` text DEFAULT 'GB' NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `vat_rate_basis_points` integer DEFAULT 2000 NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `export_reason` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `consignment_euro_cents` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `eur_per_gbp` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `eur_rate_as_of` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `ioss_number` text;