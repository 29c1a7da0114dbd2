import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { orders, refunds } from "./orders";
import { users } from "./users";

/**
 * A gift voucher someone bought, or store credit the shop gave a customer (from a return, or as goodwill).
 * Both are the same thing to spend: a code with a balance (app/domain/vouchers/).
 */
export const VOUCHER_KINDS = ["gift", "store_credit"] as const;

/**
 * pending_payment: bought, not paid yet (its order settles it); active: may be spent while it has a balance and
 * has not expired; cancelled: by the back office (or its purchase was refunded), never spendable again.
 */
export const VOUCHER_STATUSES = ["pending_payment", "active", "cancelled"] as const;

/** Why a voucher's balance moved. */
export const VOUCHER_MOVEMENT_KINDS = ["issued", "spent", "restored", "cancelled"] as const;

export const vouchers = sqliteTable(
  "vouchers",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kind: text("kind", { enum: VOUCHER_KINDS }).notNull(),
    status: text("status", { enum: VOUCHER_STATUSES }).notNull().default("pending_payment"),
    /**
     * SHA-256 of the code (app/domain/vouchers/voucher-code.ts). The code itself is never stored: it is shown
     * once (the printable voucher) or made when its mail is sent. Null until a code has been made.
     */
    codeHash: text("code_hash").unique(),
    /** The code's last four characters, so staff and the customer can tell vouchers apart. */
    codeLast4: text("code_last4"),
    initialPence: integer("initial_pence").notNull(),
    balancePence: integer("balance_pence").notNull(),
    /** YYYY-MM-DD, London: the last day it may be spent. */
    expiresOn: text("expires_on").notNull(),
    /** The order that bought it (kind "gift_voucher"); null for store credit. */
    purchaseOrderId: integer("purchase_order_id").references(() => orders.id, { onDelete: "set null" }),
    /** Store credit: the customer it belongs to (listed on their profile). */
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    buyerEmail: text("buyer_email"),
    /** Null when the buyer prints it themselves. */
    recipientName: text("recipient_name"),
    recipientEmail: text("recipient_email"),
    message: text("message"),
    /** YYYY-MM-DD, London: the day its mail goes to the recipient. */
    sendOn: text("send_on"),
    /** When its mail (with the code) was queued; null until then. */
    mailedAt: text("mailed_at"),
    /**
     * The outbox row of the mail that carries its code: the code is made as that mail is sent (the outbox never
     * holds it; docs/decisions/0013). No foreign key: mail outlives what it is about.
     */
    codeMailId: integer("code_mail_id"),
    /** Store credit from a return (no foreign key: returns are declared after vouchers). */
    returnId: integer("return_id"),
    /** The staff member who issued goodwill credit, and why. */
    issuedById: integer("issued_by_id").references(() => users.id, { onDelete: "set null" }),
    note: text("note"),
    cancelledAt: text("cancelled_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("vouchers_user_idx").on(t.userId),
    index("vouchers_purchase_order_idx").on(t.purchaseOrderId),
    index("vouchers_last4_idx").on(t.codeLast4),
    index("vouchers_status_idx").on(t.status, t.expiresOn),
    check("vouchers_balance_in_range", sql`${t.balancePence} >= 0 and ${t.balancePence} <= ${t.initialPence}`),
    check("vouchers_initial_positive", sql`${t.initialPence} > 0`),
  ],
);

/** Every change of a voucher's balance: issued, spent on an order, put back by a cancel or refund, cancelled. */
export const voucherMovements = sqliteTable(
  "voucher_movements",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    voucherId: integer("voucher_id")
      .notNull()
      .references(() => vouchers.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: VOUCHER_MOVEMENT_KINDS }).notNull(),
    /** Signed pence: positive when the balance grows. */
    change: integer("change").notNull(),
    /** The order it was spent on or given back from. */
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    refundId: integer("refund_id").references(() => refunds.id, { onDelete: "set null" }),
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [index("voucher_movements_voucher_idx").on(t.voucherId), index("voucher_movements_order_idx").on(t.orderId)],
);

export type VoucherRow = typeof vouchers.$inferSelect;
export type VoucherMovementRow = typeof voucherMovements.$inferSelect;
