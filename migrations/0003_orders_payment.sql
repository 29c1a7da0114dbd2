ALTER TABLE `order_lines` ADD `is_pre_order` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `access_token_hash` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `paid_at` text;--> statement-breakpoint
CREATE INDEX `orders_payment_reference_idx` ON `orders` (`payment_reference`);