CREATE TABLE `recovery_codes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`code_hash` text NOT NULL,
	`used_at` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `recovery_codes_user_idx` ON `recovery_codes` (`user_id`);--> statement-breakpoint
CREATE TABLE `staff_invites` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`staff_role` text NOT NULL,
	`token_hash` text NOT NULL,
	`invited_by` integer,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`invited_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `staff_invites_token_hash_unique` ON `staff_invites` (`token_hash`);--> statement-breakpoint
CREATE INDEX `staff_invites_email_idx` ON `staff_invites` (`email`);--> statement-breakpoint
CREATE TABLE `staff_roles` (
	`key` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`permissions` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `totp_credentials` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`secret_encrypted` text NOT NULL,
	`last_used_step` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `sessions` ADD `two_factor_verified_at` integer;--> statement-breakpoint
ALTER TABLE `sessions` ADD `user_agent` text;--> statement-breakpoint
ALTER TABLE `sessions` ADD `ip_address` text;--> statement-breakpoint
ALTER TABLE `sessions` ADD `last_seen_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `staff_role` text;--> statement-breakpoint
ALTER TABLE `users` ADD `deactivated_at` text;--> statement-breakpoint
ALTER TABLE `users` ADD `last_sign_in_at` text;--> statement-breakpoint
ALTER TABLE `audit_log` ADD `actor_ip` text;--> statement-breakpoint
ALTER TABLE `audit_log` ADD `permission` text;--> statement-breakpoint
ALTER TABLE `audit_log` ADD `area` text;--> statement-breakpoint
ALTER TABLE `audit_log` ADD `prev_hash` text;--> statement-breakpoint
ALTER TABLE `audit_log` ADD `hash` text;--> statement-breakpoint
CREATE INDEX `audit_log_actor_idx` ON `audit_log` (`actor_id`,`id`);--> statement-breakpoint
CREATE INDEX `audit_log_area_idx` ON `audit_log` (`area`,`id`);--> statement-breakpoint
UPDATE `users` SET `staff_role` = 'owner' WHERE `role` = 'admin' AND `staff_role` IS NULL;--> statement-breakpoint
-- The audit log is append-only: no row's content may change and no row may go. Only actor_id may be cleared
-- (a removed account's rows keep its name); the hash chain does not cover it.
CREATE TRIGGER `audit_log_no_update` BEFORE UPDATE OF `id`, `actor_name`, `entity_type`, `entity_id`, `action`, `before`, `after`, `created_at`, `actor_ip`, `permission`, `area`, `prev_hash`, `hash` ON `audit_log`
BEGIN
  SELECT RAISE(ABORT, 'audit_log is append-only');
END;--> statement-breakpoint
CREATE TRIGGER `audit_log_no_delete` BEFORE DELETE ON `audit_log`
BEGIN
  SELECT RAISE(ABORT, 'audit_log is append-only');
END;
