import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { VAT_SCHEMES } from "../../app/domain/vat/vat-schemes";
import { createdAt, updatedAt } from "./columns";
import { discountCodes } from "./newsletter";
import { records } from "./records";
import { users } from "./users";
import { ORDER_STATUSES } from "../../app/domain/orders/order-status";

export { ORDER_STATUSES };

/**
 * Why stock moved. sale/pre_order/cancellation/seed are the shop's own; the rest are an admin's, chosen with
 * a reason: delivery (goods-in), damaged, recount, customer_return; refund_restock puts refunded copies of an
 * order that never left back on the shelf; club_parcel is a record club member's monthly record; return_restock, return_used and return_write_off
 * are a shopper's return inspected (back on the shelf as new, into used stock as a new copy, or written off with
 * no change); restock and adjustment are older names kept for rows written before
 * the back office.
 */
export const STOCK_MOVEMENT_REASONS = [
  "sale",
  "pre_order",
  "cancellation",
  "seed",
  "restock",
  "adjustment",
  "delivery",
  "damaged",
  "recount",
  "customer_return",
  "refund_restock",
  "club_parcel",
  "return_restock",
  "return_used",
  "return_write_off",
] as const;

/**
 * What an order is: a shop sale, a record club parcel (paid for by the membership, so the order itself is £0),
 * or a gift voucher bought (no lines, no delivery, no VAT at sale: app/domain/vouchers/).
 */
export const ORDER_KINDS = ["shop", "club", "gift_voucher"] as const;

/** Where an order came from: the shop's own pages and API, or a Discogs sale of one of its used copies. */
export const ORDER_CHANNELS = ["shop", "discogs"] as const;

export const orders = sqliteTable(
  "orders",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** Shown to the customer, e.g. "ND-20261122-0001". */
    orderNumber: text("order_number").notNull().unique(),
    kind: text("kind", { enum: ORDER_KINDS }).notNull().default("shop"),
    /** Where the order was placed: the shop itself, or Discogs (taken in by the Discogs order poll). */
    channel: text("channel", { enum: ORDER_CHANNELS }).notNull().default("shop"),
    /** The order's number on its channel (a Discogs order id such as "1234567-8"); null for the shop's own. */
    externalReference: text("external_reference"),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    email: text("email").notNull(),
    status: text("status", { enum: ORDER_STATUSES }).notNull().default("pending_payment"),
    shippingName: text("shipping_name").notNull(),
    addressLine1: text("address_line1").notNull(),
    addressLine2: text("address_line2"),
    city: text("city").notNull(),
    postalCode: text("postal_code").notNull(),
    country: text("country").notNull().default("United Kingdom"),
    /** ISO 3166 code of `country` (app/domain/international/countries.ts). */
    countryCode: text("country_code").notNull().default("GB"),
    /** A phone number for the carrier: required for tracked services abroad. */
    phone: text("phone"),
    /** The delivery service the shopper chose and paid for (app/domain/international/delivery-services.ts). */
    deliveryService: text("delivery_service").notNull().default("tracked_48"),
    /** The parcel's weight in grams when placed: records and packaging. */
    parcelGrams: integer("parcel_grams"),
    /** How the order was taxed where it goes: "uk" (VAT in the prices), "export" (zero-rated) or "ioss". */
    vatTreatment: text("vat_treatment", { enum: ["uk", "export", "ioss"] })
      .notNull()
      .default("uk"),
    /** The country whose VAT `vat_pence` is: GB, or the EU member state under IOSS. */
    vatCountry: text("vat_country").notNull().default("GB"),
    /** The VAT rate charged, in basis points (2000 is 20%); 0 for an export. */
    vatRateBasisPoints: integer("vat_rate_basis_points").notNull().default(2000),
    /** An EU order: why no VAT was charged ("over_ioss_limit", "no_ioss"), the goods' value in euro cents and the rate used. */
    exportReason: text("export_reason"),
    consignmentEuroCents: integer("consignment_euro_cents"),
    eurPerGbp: text("eur_per_gbp"),
    eurRateAsOf: text("eur_rate_as_of"),
    /** The IOSS number the order was sold under, printed on its customs declaration. */
    iossNumber: text("ioss_number"),
    itemsPence: integer("items_pence").notNull(),
    shippingPence: integer("shipping_pence").notNull(),
    discountPence: integer("discount_pence").notNull().default(0),
    totalPence: integer("total_pence").notNull(),
    /**
     * The part of the total paid with gift vouchers or store credit; the rest is charged to the card. Never more
     * than the total (the order service's rule: a check here would rebuild the orders table).
     */
    voucherPence: integer("voucher_pence").notNull().default(0),
    /** VAT contained in the total (prices include 20% UK VAT). */
    vatPence: integer("vat_pence").notNull(),
    discountCodeId: integer("discount_code_id").references(() => discountCodes.id, { onDelete: "set null" }),
    /** From the checkout form, so a double submit creates one order. */
    idempotencyKey: text("idempotency_key").notNull().unique(),
    paymentProvider: text("payment_provider"),
    paymentReference: text("payment_reference"),
    /** SHA-256 of the random token the ordering browser holds, so a guest can see their own confirmation. */
    accessTokenHash: text("access_token_hash"),
    paidAt: text("paid_at"),
    packedAt: text("packed_at"),
    shippedAt: text("shipped_at"),
    deliveredAt: text("delivered_at"),
    cancelledAt: text("cancelled_at"),
    /** Money given back so far, in pence (the sum of this order's refunds). */
    refundedPence: integer("refunded_pence").notNull().default(0),
    /** A key of the Royal Mail services table (app/domain/shipping), chosen when the order is packed. */
    shippingService: text("shipping_service"),
    /** What the shop pays Royal Mail for the chosen service, in pence. */
    shippingCostPence: integer("shipping_cost_pence"),
    trackingNumber: text("tracking_number"),
    /**
     * Who bought it, as the per-customer limit of limited records recognises a customer (app/domain/limited/):
     * hex(sha256) of the folded e-mail, of the delivery address (postcode and first line), and of the card
     * (the provider's fingerprint, or the test card's number). Hashes only: nothing here is a usable secret.
     */
    emailKey: text("email_key"),
    addressKey: text("address_key"),
    cardKey: text("card_key"),
    /**
     * A pre-order charged when it ships: the card is saved at checkout (status card_saved) and charged at
     * dispatch. `saved_card_reference` is the provider's reusable payment method (e.g. Stripe's pm_… with its
     * customer), useless without the shop's secret key.
     */
    chargeAtDispatch: integer("charge_at_dispatch", { mode: "boolean" }).notNull().default(false),
    savedCardReference: text("saved_card_reference"),
    /** The last dispatch charge that was declined: when, why, and until when the copy is held for another card. */
    chargeDeclinedAt: text("charge_declined_at"),
    chargeDeclineMessage: text("charge_decline_message"),
    chargeHoldUntil: text("charge_hold_until"),
    /** hex(sha256) of the token in the "pay with another card" link mailed after a declined dispatch charge. */
    payLinkTokenHash: text("pay_link_token_hash"),
    /** The postcode as the back office's search compares it (capitals, no spaces; app/domain/orders/order-search.ts). */
    postcodeKey: text("postcode_key").generatedAlwaysAs(sql`replace(upper("postal_code"), ' ', '')`, { mode: "virtual" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("orders_user_idx").on(t.userId),
    index("orders_email_idx").on(t.email),
    index("orders_status_idx").on(t.status),
    index("orders_created_idx").on(t.createdAt),
    index("orders_payment_reference_idx").on(t.paymentReference),
    // Business analysis: orders by the time they were paid, carrying what the figures sum (docs/decisions/0030).
    index("orders_paid_idx").on(t.paidAt, t.status, t.totalPence, t.refundedPence, t.discountPence, t.discountCodeId),
    index("orders_email_paid_idx").on(t.email, t.paidAt, t.status),
    // The back office's order search (app/domain/orders/order-search.ts): a postcode's start however it was typed,
    // and a name anywhere, read from the index alone instead of the whole table.
    index("orders_postcode_key_idx").on(t.postcodeKey),
    index("orders_name_idx").on(t.shippingName),
    uniqueIndex("orders_channel_reference_idx").on(t.channel, t.externalReference),
    // The per-customer limit of limited records: a customer's earlier orders by each thing that recognises them.
    index("orders_email_key_idx").on(t.emailKey),
    index("orders_address_key_idx").on(t.addressKey),
    index("orders_card_key_idx").on(t.cardKey),
    index("orders_charge_at_dispatch_idx").on(t.chargeAtDispatch, t.status),
    check("orders_total_non_negative", sql`${t.totalPence} >= 0`),
  ],
);

export const orderLines = sqliteTable(
  "order_lines",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    recordId: integer("record_id")
      .notNull()
      .references(() => records.id, { onDelete: "restrict" }),
    /** Snapshots: the order keeps what was bought even if the record changes later. */
    title: text("title").notNull(),
    artist: text("artist").notNull(),
    unitPricePence: integer("unit_price_pence").notNull(),
    quantity: integer("quantity").notNull(),
    lineTotalPence: integer("line_total_pence").notNull(),
    /** Bought before release: delivered within 14 days instead of 5, and not taken from stock on hand. */
    isPreOrder: integer("is_pre_order", { mode: "boolean" }).notNull().default(false),
    /** For a pre-order line: when goods-in set the arrived pressing aside for it (null: still waiting). */
    allocatedAt: text("allocated_at"),
    /** Units of this line given back by refunds so far. */
    refundedQuantity: integer("refunded_quantity").notNull().default(0),
    /** The copy's VAT scheme when sold (records.vat_scheme), kept for the stock book and the VAT figures. */
    vatScheme: text("vat_scheme", { enum: VAT_SCHEMES }).notNull().default("standard"),
    /** A margin-scheme line: what the shop paid for the copy, so its margin stays known after the copy changes. */
    purchasePricePence: integer("purchase_price_pence"),
    /** VAT this line carries, worked out at sale (app/domain/vat/); null on lines sold before it was recorded. */
    vatPence: integer("vat_pence"),
    /** Customs snapshots for the parcel's declaration: weight in grams, tariff code and country of origin. */
    weightGrams: integer("weight_grams"),
    hsCode: text("hs_code"),
    originCountry: text("origin_country"),
  },
  (t) => [
    index("order_lines_order_idx").on(t.orderId),
    index("order_lines_record_idx").on(t.recordId),
    // Business analysis: what an order's lines sold, without reading the lines themselves.
    index("order_lines_analysis_idx").on(t.orderId, t.recordId, t.quantity, t.refundedQuantity, t.unitPricePence),
    index("order_lines_pre_order_idx")
      .on(t.recordId, t.orderId, t.quantity, t.refundedQuantity)
      .where(sql`${t.isPreOrder} = 1`),
    check("order_lines_quantity_positive", sql`${t.quantity} > 0`),
  ],
);

export const stockMovements = sqliteTable(
  "stock_movements",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    recordId: integer("record_id")
      .notNull()
      .references(() => records.id, { onDelete: "cascade" }),
    /** Signed change in units: negative for a sale, positive for a restock or cancellation. */
    change: integer("change").notNull(),
    /** A pre_order movement is a commitment against the coming pressing: it does not change stock on hand. */
    reason: text("reason", { enum: STOCK_MOVEMENT_REASONS }).notNull(),
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    note: text("note"),
    /** The admin who made the change; null for the shop's own moves (a sale, a seed). */
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("stock_movements_record_idx").on(t.recordId),
    index("stock_movements_order_idx").on(t.orderId),
    // Business analysis: what came in over a period, by reason and time.
    index("stock_movements_reason_created_idx").on(t.reason, t.createdAt, t.recordId, t.change),
  ],
);

/** Money given back for an order: the whole of it, or chosen lines and amounts to the penny. */
export const refunds = sqliteTable(
  "refunds",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    amountPence: integer("amount_pence").notNull(),
    /** VAT contained in the amount (prices include 20% UK VAT). */
    vatPence: integer("vat_pence").notNull(),
    /** Which lines and units it covers: [{ lineId, quantity, amountPence }]; empty for an amount-only refund. */
    lines: text("lines", { mode: "json" }).$type<{ lineId: number; quantity: number; amountPence: number }[]>().notNull(),
    /** The part of the amount that gives back shipping: shipping is refunded once at most. */
    shippingPence: integer("shipping_pence").notNull().default(0),
    reason: text("reason"),
    providerReference: text("provider_reference"),
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("refunds_order_idx").on(t.orderId), check("refunds_amount_positive", sql`${t.amountPence} > 0`)],
);

/** Staff notes on an order, shown in its timeline. Only ever added; each also leaves an audit row. */
export const orderNotes = sqliteTable(
  "order_notes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    staffId: integer("staff_id").references(() => users.id, { onDelete: "set null" }),
    /** Kept as written, so the note still reads right after the account is renamed or removed. */
    staffName: text("staff_name").notNull(),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("order_notes_order_idx").on(t.orderId, t.id)],
);

export type OrderKind = (typeof ORDER_KINDS)[number];
export type OrderRow = typeof orders.$inferSelect;
export type NewOrderRow = typeof orders.$inferInsert;
export type OrderLineRow = typeof orderLines.$inferSelect;
