CREATE TABLE `home_slides` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`title` text NOT NULL,
	`description` text NOT NULL,
	`button_text` text NOT NULL,
	`button_link` text NOT NULL,
	`bg_color` text NOT NULL,
	`text_color` text NOT NULL,
	`bg_image` text,
	`mobile_image` text,
	`active` integer DEFAULT true NOT NULL,
	`position` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `home_slides_active_position_idx` ON `home_slides` (`active`,`position`);