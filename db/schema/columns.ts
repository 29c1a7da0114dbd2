import { sql } from "drizzle-orm";
import { text } from "drizzle-orm/sqlite-core";

/** ISO-8601 UTC timestamp set by SQLite, so every writer agrees on the clock format. */
export const createdAt = () =>
  text("created_at")
    .notNull()
    .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`);

export const updatedAt = () =>
  text("updated_at")
    .notNull()
    .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`);
