import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, updatedAt } from "./columns";
import { orders } from "./orders";
import { records } from "./records";

/** Where a used copy stands on Discogs: listed (with Discogs's listing id), waiting to be, or taken off. */
export const DISCOGS_LISTING_STATES = ["queued", "listed", "delisted", "sold_on_discogs", "failed"] as const;

/** One row per used copy the shop offers on Discogs (server/services/discogs-sync.ts keeps it in step). */
export const discogsListings = sqliteTable(
  "discogs_listings",
  {
    recordId: integer("record_id")
      .primaryKey()
      .references(() => records.id, { onDelete: "cascade" }),
    /** Discogs's listing id, once the listing exists there. */
    listingId: integer("listing_id").unique(),
    state: text("state", { enum: DISCOGS_LISTING_STATES }).notNull().default("queued"),
    /** The price last sent to Discogs, in pence. */
    listedPricePence: integer("listed_price_pence"),
    lastError: text("last_error"),
    syncedAt: text("synced_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("discogs_listings_state_idx").on(t.state)],
);

export const DISCOGS_JOB_KINDS = ["list", "update", "delist", "poll_orders"] as const;
export const DISCOGS_JOB_STATES = ["queued", "done", "failed"] as const;

/**
 * Requests waiting to go to Discogs's API, kept in the database so a restart loses none, sent no faster than
 * Discogs allows (60 a minute) and retried with a growing wait when Discogs fails or is busy.
 */
export const discogsJobs = sqliteTable(
  "discogs_jobs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kind: text("kind", { enum: DISCOGS_JOB_KINDS }).notNull(),
    recordId: integer("record_id").references(() => records.id, { onDelete: "cascade" }),
    /** At most one waiting job per copy and kind ("delist:42"): queueing the same change twice sends it once. */
    dedupeKey: text("dedupe_key"),
    state: text("state", { enum: DISCOGS_JOB_STATES }).notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    /** ISO instant before which the job is not tried (a retry's wait). */
    runAfter: text("run_after").notNull(),
    lastError: text("last_error"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("discogs_jobs_due_idx").on(t.state, t.runAfter),
    uniqueIndex("discogs_jobs_waiting_idx")
      .on(t.dedupeKey)
      .where(sql`${t.state} = 'queued'`),
  ],
);

export const DISCOGS_ORDER_OUTCOMES = ["taken", "oversold"] as const;

/**
 * Discogs orders the poll has seen, once each: "taken" (the copy left the shop's stock and a shop order with
 * channel "discogs" records the sale) or "oversold" (the copy had already sold in the shop: the owner is told to
 * cancel and refund it on Discogs).
 */
export const discogsOrders = sqliteTable(
  "discogs_orders",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    discogsOrderId: text("discogs_order_id").notNull().unique(),
    outcome: text("outcome", { enum: DISCOGS_ORDER_OUTCOMES }).notNull(),
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    recordId: integer("record_id").references(() => records.id, { onDelete: "set null" }),
    buyer: text("buyer"),
    totalPence: integer("total_pence"),
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [index("discogs_orders_created_idx").on(t.createdAt)],
);
