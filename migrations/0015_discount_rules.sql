-- Discount codes as rules (docs/decisions/0031-discount-rules.md). Written as ADD COLUMNs rather than drizzle-kit's
-- table rebuild: dropping the old table would set every order's discount_code_id to null (ON DELETE SET NULL), and
-- the rebuild copied the new columns from the old table. The checks ride on the new columns (SQLite tests them
-- against every row) and match the table-level checks of db/schema/newsletter.ts. The newsletter's codes keep
-- their meaning with the defaults: 10% off, first order only, one use, active.
ALTER TABLE `discount_codes` ADD `name` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `discount_codes` ADD `kind` text DEFAULT 'percent' NOT NULL CONSTRAINT "discount_codes_kind_known" CHECK("kind" in ('percent', 'fixed'));--> statement-breakpoint
ALTER TABLE `discount_codes` ADD `amount_off_pence` integer CONSTRAINT "discount_codes_amount_shape" CHECK(("kind" = 'percent' and "amount_off_pence" is null) or ("kind" = 'fixed' and "amount_off_pence" between 1 and 999999 and "percent_off" = 100));--> statement-breakpoint
ALTER TABLE `discount_codes` ADD `min_spend_pence` integer DEFAULT 0 NOT NULL CONSTRAINT "discount_codes_min_spend_range" CHECK("min_spend_pence" between 0 and 999999);--> statement-breakpoint
ALTER TABLE `discount_codes` ADD `per_customer_limit` integer CONSTRAINT "discount_codes_per_customer_limit" CHECK("per_customer_limit" is null or "per_customer_limit" >= 1);--> statement-breakpoint
ALTER TABLE `discount_codes` ADD `starts_at` text;--> statement-breakpoint
ALTER TABLE `discount_codes` ADD `active` integer DEFAULT true NOT NULL;
