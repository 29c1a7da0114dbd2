CREATE TABLE `curated_picks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`list` text NOT NULL,
	`record_id` integer NOT NULL,
	`note` text,
	`position` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`record_id`) REFERENCES `records`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "curated_picks_list_known" CHECK("curated_picks"."list" in ('staff-picks', 'record-of-the-week'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `curated_picks_list_record_idx` ON `curated_picks` (`list`,`record_id`);--> statement-breakpoint
CREATE INDEX `curated_picks_list_position_idx` ON `curated_picks` (`list`,`position`);