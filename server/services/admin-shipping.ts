import type { VatScheme } from "../../app/domain/vat/vat-schemes";
import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { orderLines, orders } from "../../db/schema";
import type { OrderStatus } from "../../app/domain/orders/order-status";
import type { OrderKind } from "../../db/schema";
import { SHIPPING_QUEUE_LIMIT } from "../../app/domain/shipping/shipping-schemas";
import type { UsedCopyWords } from "../../app/domain/orders/used-copy-line";
import { usedCopiesOfLines } from "./line-copies";
import { customsDeclaration, type CustomsDeclaration } from "../../app/domain/international/customs-declaration";
import {
  readTrackingCsv,
  type ClickAndDropOrder,
  type TrackingProblem,
  type TrackingRow,
} from "../../app/domain/international/click-and-drop";
import { SHOP_ADDRESS } from "../../app/domain/vat/shop-details";
import type { DeliverySettingsService } from "./delivery-settings";

/**
 * A paid order waits while one of its pre-order lines has no pressing set aside for it yet: the packing queue
 * and the dashboard's "to pack" figure both read it from here.
 */
export const waitingForPressingSql = sql`exists (select 1 from ${orderLines} where ${orderLines.orderId} = ${orders.id} and ${orderLines.isPreOrder} = 1 and ${orderLines.allocatedAt} is null)`;

export interface ParcelLine {
  title: string;
  artist: string;
  quantity: number;
  /** For a used copy: its number, reference and grades, so the packer picks that copy; null for a new pressing. */
  copy: UsedCopyWords | null;
  /** "margin": sold under the VAT margin scheme; the slip carries the scheme's words. */
  vatScheme: VatScheme;
  /** What one copy sold for (ex-UK-VAT for an export) and the customs snapshots taken when it was ordered. */
  unitPricePence: number;
  weightGrams: number | null;
  hsCode: string | null;
  originCountry: string | null;
}

export interface Parcel {
  orderNumber: string;
  /** "club": a record club member's monthly parcel (a £0 order the membership paid for). */
  kind: OrderKind;
  status: OrderStatus;
  paidAt: string | null;
  packedAt: string | null;
  email: string;
  name: string;
  addressLine1: string;
  addressLine2: string | null;
  city: string;
  postalCode: string;
  country: string;
  countryCode: string;
  phone: string | null;
  /** The service the shopper chose at checkout; `shippingService` is the one it was packed with. */
  deliveryService: string;
  shippingService: string | null;
  trackingNumber: string | null;
  parcelGrams: number | null;
  itemsPence: number;
  shippingPence: number;
  totalPence: number;
  iossNumber: string | null;
  createdAt: string;
  lines: ParcelLine[];
  /** The CN22/CN23 of a parcel leaving the UK VAT area; null for one that stays (GB, Northern Ireland, Isle of Man). */
  declaration: CustomsDeclaration | null;
}

/**
 * The packing bench: paid orders ready to pack and packed ones waiting for the post, oldest first, and what a
 * packing slip or an address label needs. The moves themselves (pack, ship) belong to the orders service.
 */
export function createAdminShippingService(db: Db, deps: { deliverySettings: Pick<DeliverySettingsService, "get"> }) {
  const parcelColumns = {
    id: orders.id,
    orderNumber: orders.orderNumber,
    kind: orders.kind,
    status: orders.status,
    paidAt: orders.paidAt,
    packedAt: orders.packedAt,
    email: orders.email,
    name: orders.shippingName,
    addressLine1: orders.addressLine1,
    addressLine2: orders.addressLine2,
    city: orders.city,
    postalCode: orders.postalCode,
    country: orders.country,
    countryCode: orders.countryCode,
    phone: orders.phone,
    deliveryService: orders.deliveryService,
    shippingService: orders.shippingService,
    trackingNumber: orders.trackingNumber,
    parcelGrams: orders.parcelGrams,
    itemsPence: orders.itemsPence,
    shippingPence: orders.shippingPence,
    totalPence: orders.totalPence,
    iossNumber: orders.iossNumber,
    createdAt: orders.createdAt,
  };

  function withLines(rows: (Omit<Parcel, "lines" | "declaration"> & { id: number })[]): Parcel[] {
    if (rows.length === 0) return [];
    const lines = db
      .select({
        orderId: orderLines.orderId,
        recordId: orderLines.recordId,
        title: orderLines.title,
        artist: orderLines.artist,
        quantity: orderLines.quantity,
        vatScheme: orderLines.vatScheme,
        unitPricePence: orderLines.unitPricePence,
        weightGrams: orderLines.weightGrams,
        hsCode: orderLines.hsCode,
        originCountry: orderLines.originCountry,
      })
      .from(orderLines)
      .where(
        inArray(
          orderLines.orderId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(orderLines.id))
      .all();
    const copies = usedCopiesOfLines(
      db,
      lines.map((l) => l.recordId),
    );
    const sender = { eoriNumber: deps.deliverySettings.get().eoriNumber, address: SHOP_ADDRESS };
    return rows.map(({ id, ...r }) => {
      const own = lines
        .filter((l) => l.orderId === id)
        .map(({ orderId: _, recordId, ...line }) => ({ ...line, copy: copies.get(recordId) ?? null }));
      return { ...r, lines: own, declaration: customsDeclaration(r, own, sender) };
    });
  }

  function parcels(orderNumbers: readonly string[]): Parcel[] {
    if (orderNumbers.length === 0) return [];
    const rows = db
      .select(parcelColumns)
      .from(orders)
      .where(inArray(orders.orderNumber, [...orderNumbers]))
      .all();
    const found = withLines(rows);
    return orderNumbers.flatMap((n) => found.filter((p) => p.orderNumber === n));
  }

  return {
    /** What to pack now, what is packed and waits for the post, and how many paid orders wait for a pressing. */
    queue(): { toPack: Parcel[]; packed: Parcel[]; awaitingStock: number; more: boolean } {
      const toPack = db
        .select(parcelColumns)
        .from(orders)
        // A gift voucher has no parcel (docs/decisions/0074).
        .where(and(eq(orders.status, "paid"), ne(orders.kind, "gift_voucher"), sql`not ${waitingForPressingSql}`))
        // A club parcel has no paid_at (the membership paid): it waits from when it was made.
        .orderBy(asc(sql`coalesce(${orders.paidAt}, ${orders.createdAt})`), asc(orders.id))
        .limit(SHIPPING_QUEUE_LIMIT + 1)
        .all();
      const packed = db
        .select(parcelColumns)
        .from(orders)
        .where(eq(orders.status, "packed"))
        .orderBy(asc(orders.packedAt), asc(orders.id))
        .limit(SHIPPING_QUEUE_LIMIT + 1)
        .all();
      const awaitingStock =
        db
          .select({ n: sql<number>`count(*)` })
          .from(orders)
          .where(and(eq(orders.status, "paid"), waitingForPressingSql))
          .get()?.n ?? 0;
      return {
        toPack: withLines(toPack.slice(0, SHIPPING_QUEUE_LIMIT)),
        packed: withLines(packed.slice(0, SHIPPING_QUEUE_LIMIT)),
        awaitingStock,
        more: toPack.length > SHIPPING_QUEUE_LIMIT || packed.length > SHIPPING_QUEUE_LIMIT,
      };
    },

    /** The named orders for printing, in the order asked; unknown numbers are left out. */
    parcels,

    /** The named parcels as Click & Drop orders, each by the service it was packed with or else the one chosen. */
    clickAndDrop(orderNumbers: readonly string[]): ClickAndDropOrder[] {
      return parcels(orderNumbers).map((p) => ({
        ...p,
        date: p.paidAt ?? p.createdAt,
        service: p.shippingService ?? p.deliveryService,
      }));
    },

    /**
     * Tracking numbers pasted back from Click & Drop's export: the rows whose order waits for the post (paid or
     * packed) to dispatch, and every other row named with why it was left.
     */
    trackingBack(text: string): { matched: TrackingRow[]; problems: TrackingProblem[] } {
      const { rows, problems } = readTrackingCsv(text);
      const known = new Map(
        rows.length === 0
          ? []
          : db
              .select({ orderNumber: orders.orderNumber, status: orders.status, trackingNumber: orders.trackingNumber })
              .from(orders)
              .where(
                inArray(
                  orders.orderNumber,
                  rows.map((r) => r.orderNumber),
                ),
              )
              .all()
              .map((o) => [o.orderNumber, o] as const),
      );
      const matched: TrackingRow[] = [];
      const unmatched: TrackingProblem[] = [];
      for (const row of rows) {
        const order = known.get(row.orderNumber);
        const problem = (message: string) => unmatched.push({ line: row.line, reference: row.orderNumber, message });
        if (!order) problem(`No order ${row.orderNumber} in the shop`);
        else if (order.status === "shipped" && order.trackingNumber === row.trackingNumber)
          problem("Already dispatched with this number");
        else if (order.status !== "paid" && order.status !== "packed")
          problem(`${row.orderNumber} is ${order.status}, not waiting for the post`);
        else matched.push(row);
      }
      return { matched, problems: [...problems, ...unmatched].sort((a, b) => a.line - b.line) };
    },
  };
}

export type AdminShippingService = ReturnType<typeof createAdminShippingService>;
