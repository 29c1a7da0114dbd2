import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * A catalogue import being applied, one row per kept file (its id and hash), so every server process over this
 * database sees it: a second apply of the same file is refused wherever it arrives, and the import page's progress
 * poll is answered by whichever process it reaches. The row is claimed when the apply starts and deleted when it
 * ends; a row its holder stopped updating (or whose holder has died) may be taken over
 * (server/services/catalogue-import-runs.ts).
 */
export const catalogueImportRuns = sqliteTable(
  "catalogue_import_runs",
  {
    importId: text("import_id").notNull(),
    fileHash: text("file_hash").notNull(),
    /** The process applying it, as a lease names its holder (host, process id and a random part). */
    holder: text("holder").notNull(),
    /** Milliseconds since the epoch, as a lease counts, so "stale" is one comparison. */
    startedAt: integer("started_at").notNull(),
    /** When the holder last wrote its progress: its sign of life. */
    updatedAt: integer("updated_at").notNull(),
    phase: text("phase", { enum: ["checking", "staging", "writing"] }).notNull(),
    done: integer("done").notNull(),
    total: integer("total").notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.fileHash] })],
);
