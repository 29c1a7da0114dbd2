CREATE TABLE `email_campaigns` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`subject` text NOT NULL,
	`body` text NOT NULL,
	`featured_record_ids` text DEFAULT '[]' NOT NULL,
	`segment` text DEFAULT 'all' NOT NULL,
	`segment_genre` text,
	`status` text DEFAULT 'draft' NOT NULL,
	`sent_at` text,
	`finished_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	CONSTRAINT "email_campaigns_status_known" CHECK("email_campaigns"."status" in ('draft', 'sending', 'sent')),
	CONSTRAINT "email_campaigns_segment_known" CHECK("email_campaigns"."segment" in ('all', 'genre-fans', 'genre-buyers', 'never-ordered'))
);
--> statement-breakpoint
CREATE INDEX `email_campaigns_status_idx` ON `email_campaigns` (`status`);--> statement-breakpoint
CREATE TABLE `unsubscribe_tokens` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`subscriber_id` integer NOT NULL,
	`campaign_id` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`subscriber_id`) REFERENCES `subscribers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`campaign_id`) REFERENCES `email_campaigns`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `unsubscribe_tokens_subscriber_idx` ON `unsubscribe_tokens` (`subscriber_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `subscribers` ADD `unsubscribed_campaign_id` integer;--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `campaign_id` integer;--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `attempted_at` text;--> statement-breakpoint
CREATE INDEX `email_outbox_campaign_idx` ON `email_outbox` (`campaign_id`,`status`);