CREATE TABLE `voucher_movements` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`voucher_id` integer NOT NULL,
	`kind` text NOT NULL,
	`change` integer NOT NULL,
	`order_id` integer,
	`refund_id` integer,
	`actor_id` integer,
	`note` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`voucher_id`) REFERENCES `vouchers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`refund_id`) REFERENCES `refunds`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `voucher_movements_voucher_idx` ON `voucher_movements` (`voucher_id`);--> statement-breakpoint
CREATE INDEX `voucher_movements_order_idx` ON `voucher_movements` (`order_id`);--> statement-breakpoint
CREATE TABLE `vouchers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`status` text DEFAULT 'pending_payment' NOT NULL,
	`code_hash` text,
	`code_last4` text,
	`initial_pence` integer NOT NULL,
	`balance_pence` integer NOT NULL,
	`expires_on` text NOT NULL,
	`purchase_order_id` integer,
	`user_id` integer,
	`buyer_email` text,
	`recipient_name` text,
	`recipient_email` text,
	`message` text,
	`send_on` text,
	`mailed_at` text,
	`code_mail_id` integer,
	`return_id` integer,
	`issued_by_id` integer,
	`note` text,
	`cancelled_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`purchase_order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`issued_by_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "vouchers_balance_in_range" CHECK("vouchers"."balance_pence" >= 0 and "vouchers"."balance_pence" <= "vouchers"."initial_pence"),
	CONSTRAINT "vouchers_initial_positive" CHECK("vouchers"."initial_pence" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `vouchers_code_hash_unique` ON `vouchers` (`code_hash`);--> statement-breakpoint
CREATE INDEX `vouchers_user_idx` ON `vouchers` (`user_id`);--> statement-breakpoint
CREATE INDEX `vouchers_purchase_order_idx` ON `vouchers` (`purchase_order_id`);--> statement-breakpoint
CREATE INDEX `vouchers_last4_idx` ON `vouchers` (`code_last4`);--> statement-breakpoint
CREATE INDEX `vouchers_status_idx` ON `vouchers` (`status`,`expires_on`);--> statement-breakpoint
CREATE TABLE `return_lines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`return_id` integer NOT NULL,
	`order_line_id` integer NOT NULL,
	`quantity` integer NOT NULL,
	`sealed` integer DEFAULT false NOT NULL,
	`outcome` text,
	`media_grade` text,
	`sleeve_grade` text,
	`used_copy_id` integer,
	`inspected_at` text,
	`inspected_by_id` integer,
	FOREIGN KEY (`return_id`) REFERENCES `returns`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_line_id`) REFERENCES `order_lines`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`used_copy_id`) REFERENCES `records`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`inspected_by_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "return_lines_quantity_positive" CHECK("return_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `return_lines_line_idx` ON `return_lines` (`return_id`,`order_line_id`);--> statement-breakpoint
CREATE INDEX `return_lines_order_line_idx` ON `return_lines` (`order_line_id`);--> statement-breakpoint
CREATE TABLE `return_photos` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`return_id` integer NOT NULL,
	`file_name` text NOT NULL,
	`width` integer,
	`height` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`return_id`) REFERENCES `returns`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `return_photos_return_idx` ON `return_photos` (`return_id`);--> statement-breakpoint
CREATE TABLE `return_tokens` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`token_hash` text NOT NULL,
	`used_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `return_tokens_token_hash_unique` ON `return_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `return_tokens_order_idx` ON `return_tokens` (`order_id`);--> statement-breakpoint
CREATE TABLE `returns` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`return_number` text NOT NULL,
	`order_id` integer NOT NULL,
	`user_id` integer,
	`email` text NOT NULL,
	`reason` text NOT NULL,
	`note` text,
	`refund_method` text DEFAULT 'original_payment' NOT NULL,
	`status` text DEFAULT 'requested' NOT NULL,
	`refusal_reason` text,
	`label_reference` text,
	`decided_at` text,
	`decided_by_id` integer,
	`received_at` text,
	`refunded_at` text,
	`refund_id` integer,
	`voucher_id` integer,
	`refunded_pence` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`decided_by_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`refund_id`) REFERENCES `refunds`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`voucher_id`) REFERENCES `vouchers`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `returns_return_number_unique` ON `returns` (`return_number`);--> statement-breakpoint
CREATE INDEX `returns_order_idx` ON `returns` (`order_id`);--> statement-breakpoint
CREATE INDEX `returns_status_idx` ON `returns` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `returns_user_idx` ON `returns` (`user_id`);--> statement-breakpoint
ALTER TABLE `orders` ADD `voucher_pence` integer DEFAULT 0 NOT NULL;