CREATE TABLE `records` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`catalogue_id` text NOT NULL,
	`title` text NOT NULL,
	`artist` text NOT NULL,
	`genre` text,
	`cover_url` text NOT NULL,
	`audio_url` text NOT NULL,
	`duration` integer NOT NULL,
	`is_new_release` integer DEFAULT false NOT NULL,
	`description` text,
	`price_pence` integer NOT NULL,
	`label` text,
	`format` text,
	`catalog_number` text,
	`release_date` text,
	`physical_release_date` text,
	`stock_quantity` integer DEFAULT 0 NOT NULL,
	`year` integer,
	`rating` real,
	`best_seller` integer DEFAULT false NOT NULL,
	`condition` text DEFAULT 'new' NOT NULL,
	`hidden_by_content` integer GENERATED ALWAYS AS ((lower(trim("title")) in ('midnight drive', 'electric dreams', 'summer nights', 'rhythm & blues', 'digital horizon', 'neon city', 'lunar phase', 'cosmic journey', 'urban echoes', 'electronic vibes') or trim("cover_url") = '' or trim("cover_url") like '%/images/default-cover.jpg' or "cover_url" like '%/images/default-cover.jpg?%' or "cover_url" like '%/images/default-cover.jpg#%')) STORED NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	CONSTRAINT "records_price_non_negative" CHECK("records"."price_pence" >= 0),
	CONSTRAINT "records_stock_non_negative" CHECK("records"."stock_quantity" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `records_catalogue_id_unique` ON `records` (`catalogue_id`);--> statement-breakpoint
CREATE INDEX `records_genre_idx` ON `records` (`genre`);--> statement-breakpoint
CREATE INDEX `records_artist_idx` ON `records` (`artist`);--> statement-breakpoint
CREATE INDEX `records_release_date_idx` ON `records` (`release_date`);--> statement-breakpoint
CREATE INDEX `records_best_seller_idx` ON `records` (`best_seller`);--> statement-breakpoint
CREATE INDEX `records_new_release_idx` ON `records` (`is_new_release`);--> statement-breakpoint
CREATE INDEX `records_updated_at_idx` ON `records` (`updated_at`);--> statement-breakpoint
CREATE INDEX `records_visibility_idx` ON `records` (`hidden_by_content`,`stock_quantity`,`release_date`);--> statement-breakpoint
CREATE INDEX `records_price_idx` ON `records` (`price_pence`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`absolute_expires_at` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE INDEX `sessions_expires_idx` ON `sessions` (`expires_at`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`username` text NOT NULL,
	`password_hash` text NOT NULL,
	`email` text NOT NULL,
	`first_name` text,
	`last_name` text,
	`address` text,
	`city` text,
	`state` text,
	`zip_code` text,
	`country` text,
	`phone` text,
	`role` text DEFAULT 'customer' NOT NULL,
	`favorite_genres` text DEFAULT '[]' NOT NULL,
	`stripe_customer_id` text,
	`stripe_subscription_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_unique` ON `users` (`username`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE TABLE `discount_codes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`percent_off` integer NOT NULL,
	`subscriber_id` integer,
	`first_order_only` integer DEFAULT true NOT NULL,
	`max_redemptions` integer DEFAULT 1 NOT NULL,
	`redemptions` integer DEFAULT 0 NOT NULL,
	`expires_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`subscriber_id`) REFERENCES `subscribers`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "discount_codes_percent_range" CHECK("discount_codes"."percent_off" between 1 and 100),
	CONSTRAINT "discount_codes_redemptions_bound" CHECK("discount_codes"."redemptions" between 0 and "discount_codes"."max_redemptions")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `discount_codes_code_unique` ON `discount_codes` (`code`);--> statement-breakpoint
CREATE INDEX `discount_codes_subscriber_idx` ON `discount_codes` (`subscriber_id`);--> statement-breakpoint
CREATE TABLE `subscribers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`favorite_genre` text,
	`discount_code` text,
	`has_used_discount` integer DEFAULT false NOT NULL,
	`subscribed_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`last_emailed_at` text,
	`unsubscribe_token_hash` text,
	`unsubscribed_at` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `subscribers_email_unique` ON `subscribers` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `subscribers_discount_code_unique` ON `subscribers` (`discount_code`);--> statement-breakpoint
CREATE TABLE `order_lines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`record_id` integer NOT NULL,
	`title` text NOT NULL,
	`artist` text NOT NULL,
	`unit_price_pence` integer NOT NULL,
	`quantity` integer NOT NULL,
	`line_total_pence` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`record_id`) REFERENCES `records`(`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "order_lines_quantity_positive" CHECK("order_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE INDEX `order_lines_order_idx` ON `order_lines` (`order_id`);--> statement-breakpoint
CREATE INDEX `order_lines_record_idx` ON `order_lines` (`record_id`);--> statement-breakpoint
CREATE TABLE `orders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_number` text NOT NULL,
	`user_id` integer,
	`email` text NOT NULL,
	`status` text DEFAULT 'pending_payment' NOT NULL,
	`shipping_name` text NOT NULL,
	`address_line1` text NOT NULL,
	`address_line2` text,
	`city` text NOT NULL,
	`postal_code` text NOT NULL,
	`country` text DEFAULT 'United Kingdom' NOT NULL,
	`items_pence` integer NOT NULL,
	`shipping_pence` integer NOT NULL,
	`discount_pence` integer DEFAULT 0 NOT NULL,
	`total_pence` integer NOT NULL,
	`vat_pence` integer NOT NULL,
	`discount_code_id` integer,
	`idempotency_key` text NOT NULL,
	`payment_provider` text,
	`payment_reference` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`discount_code_id`) REFERENCES `discount_codes`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "orders_total_non_negative" CHECK("orders"."total_pence" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `orders_order_number_unique` ON `orders` (`order_number`);--> statement-breakpoint
CREATE UNIQUE INDEX `orders_idempotency_key_unique` ON `orders` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `orders_user_idx` ON `orders` (`user_id`);--> statement-breakpoint
CREATE INDEX `orders_email_idx` ON `orders` (`email`);--> statement-breakpoint
CREATE INDEX `orders_status_idx` ON `orders` (`status`);--> statement-breakpoint
CREATE INDEX `orders_created_idx` ON `orders` (`created_at`);--> statement-breakpoint
CREATE TABLE `stock_movements` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`record_id` integer NOT NULL,
	`change` integer NOT NULL,
	`reason` text NOT NULL,
	`order_id` integer,
	`note` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`record_id`) REFERENCES `records`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `stock_movements_record_idx` ON `stock_movements` (`record_id`);--> statement-breakpoint
CREATE INDEX `stock_movements_order_idx` ON `stock_movements` (`order_id`);--> statement-breakpoint
CREATE TABLE `favourites` (
	`user_id` integer NOT NULL,
	`record_id` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	PRIMARY KEY(`user_id`, `record_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`record_id`) REFERENCES `records`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `favourites_record_idx` ON `favourites` (`record_id`);--> statement-breakpoint
CREATE TABLE `artist_bios` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`artist` text NOT NULL,
	`bio` text NOT NULL,
	`featured_record_id` integer,
	FOREIGN KEY (`featured_record_id`) REFERENCES `records`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `artist_bios_artist_unique` ON `artist_bios` (`artist`);--> statement-breakpoint
CREATE TABLE `blog_post_tags` (
	`post_id` integer NOT NULL,
	`tag` text NOT NULL,
	PRIMARY KEY(`post_id`, `tag`),
	FOREIGN KEY (`post_id`) REFERENCES `blog_posts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `blog_post_tags_tag_idx` ON `blog_post_tags` (`tag`);--> statement-breakpoint
CREATE TABLE `blog_posts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slug` text NOT NULL,
	`title` text NOT NULL,
	`artist` text NOT NULL,
	`excerpt` text NOT NULL,
	`body` text NOT NULL,
	`cover_url` text,
	`published_at` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `blog_posts_slug_unique` ON `blog_posts` (`slug`);--> statement-breakpoint
CREATE INDEX `blog_posts_published_idx` ON `blog_posts` (`published_at`);--> statement-breakpoint
CREATE INDEX `blog_posts_artist_idx` ON `blog_posts` (`artist`);--> statement-breakpoint
CREATE TABLE `trivia_questions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`question` text NOT NULL,
	`options` text NOT NULL,
	`answer` integer NOT NULL,
	`explanation` text NOT NULL,
	`position` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `vinyl_care_tips` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`category` text NOT NULL,
	`title` text NOT NULL,
	`body` text NOT NULL,
	`position` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `vinyl_care_tips_category_idx` ON `vinyl_care_tips` (`category`,`position`);--> statement-breakpoint
CREATE TABLE `app_meta` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `email_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`to_address` text NOT NULL,
	`subject` text NOT NULL,
	`text_body` text NOT NULL,
	`html_body` text,
	`kind` text NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`sent_at` text
);
--> statement-breakpoint
CREATE INDEX `email_outbox_status_idx` ON `email_outbox` (`status`,`created_at`);