import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * A lease lets one server process among several over this database do a job alone (the background sweeps): its
 * holder renews it while alive; once `expires_at` has passed, any process may take it (server/lease.ts).
 */
export const leases = sqliteTable("leases", {
  name: text("name").primaryKey(),
  /** Who holds it: host, process id and a random part, so a restarted process is a new holder. */
  holder: text("holder").notNull(),
  /** Milliseconds since the epoch; a number, so "expired" is one comparison in SQL. */
  expiresAt: integer("expires_at").notNull(),
});
