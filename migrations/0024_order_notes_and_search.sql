CREATE TABLE `order_notes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`staff_id` integer,
	`staff_name` text NOT NULL,
	`body` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`staff_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `order_notes_order_idx` ON `order_notes` (`order_id`,`id`);--> statement-breakpoint
ALTER TABLE `orders` ADD `postcode_key` text GENERATED ALWAYS AS (replace(upper("postal_code"), ' ', '')) VIRTUAL;--> statement-breakpoint
CREATE INDEX `orders_postcode_key_idx` ON `orders` (`postcode_key`);--> statement-breakpoint
CREATE INDEX `orders_name_idx` ON `orders` (`shipping_name`);--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `order_id` integer;--> statement-breakpoint
CREATE INDEX `email_outbox_order_idx` ON `email_outbox` (`order_id`);