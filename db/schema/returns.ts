import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { GRADES } from "../../app/domain/catalogue/grades";
import { REFUND_METHODS, RETURN_LINE_OUTCOMES, RETURN_REASONS, RETURN_STATUSES } from "../../app/domain/returns/return-reasons";
import { createdAt, updatedAt } from "./columns";
import { orderLines, orders, refunds } from "./orders";
import { records } from "./records";
import { users } from "./users";
import { vouchers } from "./vouchers";

export { RETURN_REASONS, RETURN_STATUSES };

/** A shopper's request to send records back, and everything the shop did with it. */
export const returns = sqliteTable(
  "returns",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** Shown to the shopper and on the label, e.g. "RT-7K2M9QXA". */
    returnNumber: text("return_number").notNull().unique(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** Where the return's mail goes: the order's address. */
    email: text("email").notNull(),
    reason: text("reason", { enum: RETURN_REASONS }).notNull(),
    /** The shopper's own words. */
    note: text("note"),
    refundMethod: text("refund_method", { enum: REFUND_METHODS }).notNull().default("original_payment"),
    status: text("status", { enum: RETURN_STATUSES }).notNull().default("requested"),
    /** Why the shop refused it (mailed to the shopper). */
    refusalReason: text("refusal_reason"),
    /** Royal Mail Tracked Returns reference, when the shop has one configured and the label is prepaid. */
    labelReference: text("label_reference"),
    decidedAt: text("decided_at"),
    decidedById: integer("decided_by_id").references(() => users.id, { onDelete: "set null" }),
    receivedAt: text("received_at"),
    refundedAt: text("refunded_at"),
    /** What was given back: the order's refund row, or the store credit voucher. */
    refundId: integer("refund_id").references(() => refunds.id, { onDelete: "set null" }),
    voucherId: integer("voucher_id").references(() => vouchers.id, { onDelete: "set null" }),
    refundedPence: integer("refunded_pence").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("returns_order_idx").on(t.orderId),
    index("returns_status_idx").on(t.status, t.createdAt),
    index("returns_user_idx").on(t.userId),
  ],
);

/** The lines and units a return covers, and what the shop did with them once inspected. */
export const returnLines = sqliteTable(
  "return_lines",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    returnId: integer("return_id")
      .notNull()
      .references(() => returns.id, { onDelete: "cascade" }),
    orderLineId: integer("order_line_id")
      .notNull()
      .references(() => orderLines.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    /** The shopper's word that a new record is still in its shrink-wrap (a change of mind needs it). */
    sealed: integer("sealed", { mode: "boolean" }).notNull().default(false),
    outcome: text("outcome", { enum: RETURN_LINE_OUTCOMES }),
    /** When it went into used stock: the grades given and the new used copy. */
    mediaGrade: text("media_grade", { enum: GRADES }),
    sleeveGrade: text("sleeve_grade", { enum: GRADES }),
    usedCopyId: integer("used_copy_id").references(() => records.id, { onDelete: "set null" }),
    inspectedAt: text("inspected_at"),
    inspectedById: integer("inspected_by_id").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("return_lines_line_idx").on(t.returnId, t.orderLineId),
    index("return_lines_order_line_idx").on(t.orderLineId),
    check("return_lines_quantity_positive", sql`${t.quantity} > 0`),
  ],
);

/** Photos a shopper sent with a return (at most 4), kept in the media folder under `fileName`. */
export const returnPhotos = sqliteTable(
  "return_photos",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    returnId: integer("return_id")
      .notNull()
      .references(() => returns.id, { onDelete: "cascade" }),
    fileName: text("file_name").notNull(),
    width: integer("width"),
    height: integer("height"),
    createdAt: createdAt(),
  },
  (t) => [index("return_photos_return_idx").on(t.returnId)],
);

/**
 * The single-use link in a dispatch mail that lets a guest start a return: only the token's SHA-256 is kept
 * (docs/decisions/0013: made when the mail is sent). Used once, then `usedAt` is set.
 */
export const returnTokens = sqliteTable(
  "return_tokens",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    usedAt: text("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("return_tokens_order_idx").on(t.orderId)],
);

export type ReturnRow = typeof returns.$inferSelect;
export type ReturnLineRow = typeof returnLines.$inferSelect;
