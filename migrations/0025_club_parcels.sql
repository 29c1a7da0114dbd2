CREATE TABLE `club_parcels` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`membership_id` integer NOT NULL,
	`month` text NOT NULL,
	`order_id` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`membership_id`) REFERENCES `club_memberships`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `club_parcels_membership_month` ON `club_parcels` (`membership_id`,`month`);--> statement-breakpoint
CREATE INDEX `club_parcels_order_idx` ON `club_parcels` (`order_id`);--> statement-breakpoint
ALTER TABLE `orders` ADD `kind` text DEFAULT 'shop' NOT NULL;--> statement-breakpoint
ALTER TABLE `club_memberships` ADD `delivery_name` text;--> statement-breakpoint
ALTER TABLE `club_memberships` ADD `address_line1` text;--> statement-breakpoint
ALTER TABLE `club_memberships` ADD `address_line2` text;--> statement-breakpoint
ALTER TABLE `club_memberships` ADD `city` text;--> statement-breakpoint
ALTER TABLE `club_memberships` ADD `postal_code` text;