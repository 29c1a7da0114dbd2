CREATE TABLE `club_memberships` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`plan` text NOT NULL,
	`favourite_genre` text NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`started_on` text NOT NULL,
	`billing_day` integer NOT NULL,
	`current_period_end` text NOT NULL,
	`next_shipment_on` text,
	`skip_next` integer DEFAULT false NOT NULL,
	`failed_attempts` integer DEFAULT 0 NOT NULL,
	`first_failed_on` text,
	`next_retry_on` text,
	`payment_token` text NOT NULL,
	`card_last4` text NOT NULL,
	`ended_on` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `club_memberships_user_live` ON `club_memberships` (`user_id`) WHERE status <> 'cancelled';--> statement-breakpoint
CREATE INDEX `club_memberships_status_idx` ON `club_memberships` (`status`,`id`);--> statement-breakpoint
CREATE INDEX `club_memberships_due_idx` ON `club_memberships` (`current_period_end`);--> statement-breakpoint
CREATE TABLE `club_payments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`membership_id` integer NOT NULL,
	`period_start` text NOT NULL,
	`attempt` integer NOT NULL,
	`amount_pence` integer NOT NULL,
	`status` text NOT NULL,
	`reference` text,
	`message` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`membership_id`) REFERENCES `club_memberships`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "club_payments_amount_positive" CHECK("club_payments"."amount_pence" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `club_payments_attempt_unique` ON `club_payments` (`membership_id`,`period_start`,`attempt`);--> statement-breakpoint
CREATE UNIQUE INDEX `club_payments_paid_once` ON `club_payments` (`membership_id`,`period_start`) WHERE status = 'paid';--> statement-breakpoint
CREATE TABLE `club_picks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`plan` text NOT NULL,
	`month` text NOT NULL,
	`record_id` integer NOT NULL,
	`chosen_by` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`record_id`) REFERENCES `records`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`chosen_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `club_picks_plan_month` ON `club_picks` (`plan`,`month`);