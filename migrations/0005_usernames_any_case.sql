-- Usernames become one account whatever their case. Accounts whose usernames differ only by case must be
-- renamed first: this check stops the migration, naming the rule it broke, instead of a bare UNIQUE error
-- (npm run db:migrate lists the accounts before it gets here).
CREATE TEMP TABLE `username_case_check` (
	`clash` text,
	CONSTRAINT `usernames that differ only by case exist: rename all but one of each, then migrate again` CHECK(`clash` IS NULL)
);--> statement-breakpoint
INSERT INTO `username_case_check` SELECT group_concat(`username`, ', ') FROM `users` GROUP BY lower(`username`) HAVING count(*) > 1;--> statement-breakpoint
DROP TABLE `username_case_check`;--> statement-breakpoint
DROP INDEX `users_username_unique`;--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_lower_unique` ON `users` (lower("username"));
