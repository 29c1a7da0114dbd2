CREATE TABLE `leases` (
	`name` text PRIMARY KEY NOT NULL,
	`holder` text NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `catalogue_import_runs` (
	`import_id` text NOT NULL,
	`file_hash` text NOT NULL,
	`holder` text NOT NULL,
	`started_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`phase` text NOT NULL,
	`done` integer NOT NULL,
	`total` integer NOT NULL,
	PRIMARY KEY(`import_id`, `file_hash`)
);
