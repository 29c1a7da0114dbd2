import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { CURATED_LISTS } from "../../app/domain/curation/curated-lists";
import { createdAt, updatedAt } from "./columns";
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

/**
 * The home page's hero slides (spec §3 Slide) as the back office sets them; none active shows the spec's default
 * slide. Images are the shop's own files under /media/slides/ (null: the background colour alone).
 */
export const homeSlides = sqliteTable(
  "home_slides",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    title: text("title").notNull(),
    description: text("description").notNull(),
    buttonText: text("button_text").notNull(),
    buttonLink: text("button_link").notNull(),
    bgColor: text("bg_color").notNull(),
    textColor: text("text_color").notNull(),
    bgImage: text("bg_image"),
    mobileImage: text("mobile_image"),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    position: integer("position").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("home_slides_active_position_idx").on(t.active, t.position)],
);

export type HomeSlideRow = typeof homeSlides.$inferSelect;
