import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { CURATED_LISTS } from "../../app/domain/curation/curated-lists";
import { createdAt } from "./columns";
import { records } from "./records";

/** Records picked by hand for a curated list (app/domain/curation/curated-lists.ts), in `position` order. */
export const curatedPicks = sqliteTable(
  "curated_picks",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    list: text("list", { enum: CURATED_LISTS }).notNull(),
    recordId: integer("record_id")
      .notNull()
      .references(() => records.id, { onDelete: "cascade" }),
    /** A few words on why: shown with the record of the week, kept for staff picks. */
    note: text("note"),
    position: integer("position").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("curated_picks_list_record_idx").on(t.list, t.recordId),
    index("curated_picks_list_position_idx").on(t.list, t.position),
    check("curated_picks_list_known", sql`${t.list} in ('staff-picks', 'record-of-the-week')`),
  ],
);

export type CuratedPickRow = typeof curatedPicks.$inferSelect;
