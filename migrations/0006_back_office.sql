CREATE TABLE `refunds` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`amount_pence` integer NOT NULL,
	`vat_pence` integer NOT NULL,
	`lines` text NOT NULL,
	`reason` text,
	`provider_reference` text,
	`actor_id` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "refunds_amount_positive" CHECK("refunds"."amount_pence" > 0)
);
--> statement-breakpoint
CREATE INDEX `refunds_order_idx` ON `refunds` (`order_id`);--> statement-breakpoint
CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`actor_id` integer,
	`actor_name` text NOT NULL,
	`entity_type` text NOT NULL,
	`entity_id` text NOT NULL,
	`action` text NOT NULL,
	`before` text,
	`after` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `audit_log_entity_idx` ON `audit_log` (`entity_type`,`entity_id`,`id`);--> statement-breakpoint
CREATE INDEX `audit_log_created_idx` ON `audit_log` (`created_at`);--> statement-breakpoint
ALTER TABLE `records` ADD `low_stock_threshold` integer;--> statement-breakpoint
ALTER TABLE `records` ADD `published` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `records` ADD `publish_at` text;--> statement-breakpoint
ALTER TABLE `order_lines` ADD `allocated_at` text;--> statement-breakpoint
ALTER TABLE `order_lines` ADD `refunded_quantity` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `packed_at` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `shipped_at` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `delivered_at` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `cancelled_at` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `refunded_pence` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `shipping_service` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `shipping_cost_pence` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `tracking_number` text;--> statement-breakpoint
ALTER TABLE `stock_movements` ADD `actor_id` integer REFERENCES users(id);--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `once_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `email_outbox_once_key_unique` ON `email_outbox` (`once_key`);--> statement-breakpoint
-- A declined or abandoned payment was stored as "cancelled"; it now has its own status, so customers are not told an order was cancelled.
UPDATE `orders` SET `status` = 'payment_failed' WHERE `status` = 'cancelled' AND `paid_at` IS NULL;
