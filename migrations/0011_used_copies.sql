-- Used copies (docs/decisions/0029-used-copies.md). Written as ADD COLUMNs rather than drizzle-kit's table
-- rebuild, which would drop the search triggers of 0002; the checks ride on the new columns (SQLite tests them
-- against every row), and match the table-level checks of db/schema/records.ts.
ALTER TABLE `records` ADD `used_of_record_id` integer REFERENCES `records`(`id`) ON UPDATE no action ON DELETE set null;--> statement-breakpoint
ALTER TABLE `records` ADD `media_grade` text CONSTRAINT "records_media_grade_known" CHECK("media_grade" is null or "media_grade" in ('M', 'NM', 'VG+', 'VG', 'G+', 'G', 'F', 'P'));--> statement-breakpoint
ALTER TABLE `records` ADD `sleeve_grade` text CONSTRAINT "records_sleeve_grade_known" CHECK("sleeve_grade" is null or "sleeve_grade" in ('M', 'NM', 'VG+', 'VG', 'G+', 'G', 'F', 'P'))
	CONSTRAINT "records_used_copy_shape" CHECK(("media_grade" is null and "sleeve_grade" is null)
        or ("condition" = 'used' and "media_grade" is not null and "sleeve_grade" is not null and "stock_quantity" <= 1));--> statement-breakpoint
ALTER TABLE `records` ADD `condition_note` text;--> statement-breakpoint
CREATE INDEX `records_used_of_idx` ON `records` (`used_of_record_id`);
