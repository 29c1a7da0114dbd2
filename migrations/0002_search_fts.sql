-- Full-text search over records (docs/decisions/0005-search.md). Hand-written: drizzle-kit does not model
-- FTS5, and drizzle.config.ts keeps it away from every table named *_fts or *_fts_*.
--
-- records_fts: words. unicode61 folds case and strips accents ('bjork' finds Björk); prefix indexes for
-- 2, 3 and 4 characters keep short prefix queries ('ra', 'rad') to one index read. Ranks with bm25.
CREATE VIRTUAL TABLE `records_fts` USING fts5(
	title, artist, label, genre, catalog_number,
	content='records', content_rowid='id',
	tokenize="unicode61 remove_diacritics 2",
	prefix='2 3 4'
);
--> statement-breakpoint
-- records_fts_trigram: every 3-character substring, folded the same way. Finds a search word anywhere inside
-- a name or catalogue number ('blp' in 'NBLP 7022').
CREATE VIRTUAL TABLE `records_fts_trigram` USING fts5(
	title, artist, label, genre, catalog_number,
	content='records', content_rowid='id',
	tokenize="trigram remove_diacritics 1"
);
--> statement-breakpoint
-- records_fts_vocab: the words of records_fts, read by the typo fallback to find words one edit away
-- ('beatels' → 'beatles'). A view onto the index, so always current; nothing to keep in step.
CREATE VIRTUAL TABLE `records_fts_vocab` USING fts5vocab('records_fts', 'row');
--> statement-breakpoint
-- Kept in step with records inside the writing transaction. Stock and price updates do not touch the indexes.
CREATE TRIGGER `records_fts_after_insert` AFTER INSERT ON `records` BEGIN
	INSERT INTO `records_fts`(rowid, title, artist, label, genre, catalog_number)
		VALUES (new.id, new.title, new.artist, new.label, new.genre, new.catalog_number);
	INSERT INTO `records_fts_trigram`(rowid, title, artist, label, genre, catalog_number)
		VALUES (new.id, new.title, new.artist, new.label, new.genre, new.catalog_number);
END;
--> statement-breakpoint
CREATE TRIGGER `records_fts_after_delete` AFTER DELETE ON `records` BEGIN
	INSERT INTO `records_fts`(`records_fts`, rowid, title, artist, label, genre, catalog_number)
		VALUES ('delete', old.id, old.title, old.artist, old.label, old.genre, old.catalog_number);
	INSERT INTO `records_fts_trigram`(`records_fts_trigram`, rowid, title, artist, label, genre, catalog_number)
		VALUES ('delete', old.id, old.title, old.artist, old.label, old.genre, old.catalog_number);
END;
--> statement-breakpoint
CREATE TRIGGER `records_fts_after_update` AFTER UPDATE OF id, title, artist, label, genre, catalog_number ON `records`
WHEN old.id IS NOT new.id OR old.title IS NOT new.title OR old.artist IS NOT new.artist OR old.label IS NOT new.label
	OR old.genre IS NOT new.genre OR old.catalog_number IS NOT new.catalog_number
BEGIN
	INSERT INTO `records_fts`(`records_fts`, rowid, title, artist, label, genre, catalog_number)
		VALUES ('delete', old.id, old.title, old.artist, old.label, old.genre, old.catalog_number);
	INSERT INTO `records_fts`(rowid, title, artist, label, genre, catalog_number)
		VALUES (new.id, new.title, new.artist, new.label, new.genre, new.catalog_number);
	INSERT INTO `records_fts_trigram`(`records_fts_trigram`, rowid, title, artist, label, genre, catalog_number)
		VALUES ('delete', old.id, old.title, old.artist, old.label, old.genre, old.catalog_number);
	INSERT INTO `records_fts_trigram`(rowid, title, artist, label, genre, catalog_number)
		VALUES (new.id, new.title, new.artist, new.label, new.genre, new.catalog_number);
END;
--> statement-breakpoint
-- Records written before this migration.
INSERT INTO `records_fts`(`records_fts`) VALUES ('rebuild');
--> statement-breakpoint
INSERT INTO `records_fts_trigram`(`records_fts_trigram`) VALUES ('rebuild');
