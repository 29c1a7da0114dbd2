CREATE TABLE `form_submissions` (
	`key` text NOT NULL,
	`form` text NOT NULL,
	`staff_id` integer NOT NULL,
	`result` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	PRIMARY KEY(`key`, `form`),
	FOREIGN KEY (`staff_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `form_submissions_created_idx` ON `form_submissions` (`created_at`);