CREATE TABLE `instagram_posts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`record_id` integer NOT NULL,
	`caption` text NOT NULL,
	`scheduled_at` text,
	`status` text DEFAULT 'draft' NOT NULL,
	`image_path` text NOT NULL,
	`posted_at` text,
	`external_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`record_id`) REFERENCES `records`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "instagram_posts_status_check" CHECK("instagram_posts"."status" in ('draft', 'scheduled', 'posted'))
);
--> statement-breakpoint
CREATE INDEX `instagram_posts_status_scheduled_idx` ON `instagram_posts` (`status`,`scheduled_at`);--> statement-breakpoint
CREATE INDEX `instagram_posts_record_idx` ON `instagram_posts` (`record_id`);