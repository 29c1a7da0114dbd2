import { index, integer, primaryKey, sqliteTable } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { records } from "./records";
import { users } from "./users";

/** A signed-in customer's favourites; visitors keep theirs in the browser until they sign in. */
export const favourites = sqliteTable(
  "favourites",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    recordId: integer("record_id")
      .notNull()
      .references(() => records.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.recordId] }), index("favourites_record_idx").on(t.recordId)],
);
