/**
 * Cart pricing: the browser keeps record ids and quantities only; every view of the cart is priced here
 * from the database, and every line that can no longer be sold as asked is flagged, never silently charged.
 */
import { and, sql } from "drizzle-orm";
import { maxQuantityFor, type CartLine, type CartLineIssue } from "../../app/domain/cart/cart";
import type { OrderTotals } from "../../app/domain/cart/order-totals";
import { destinationTotals, destinationUnitPence, type VatLine } from "../../app/domain/international/destination-totals";
import { vatNotice, type EuMemberState, type VatTreatment } from "../../app/domain/international/destination-vat";
import { quoteDelivery, UK_DELIVERY, type DeliveryQuote, type DeliveryWish } from "../../app/domain/international/delivery-quote";
import { recordWeightGrams } from "../../app/domain/international/parcel-weight";
import type { DeliverySettingsService } from "./delivery-settings";
import { itemsTotalPence } from "../../app/domain/cart/shipping";
import { isPreOrder } from "../../app/domain/catalogue/pre-order";
import { recordPath } from "../../app/domain/catalogue/slug";
import { saleBlockedReason, type VatFacts } from "../../app/domain/vat/margin-vat";
import type { Db } from "../../db/client";
import { createReadCache } from "../../db/read-cache";
import { records } from "../../db/schema";
import type { DiscountAnswer, DiscountsService } from "./discounts";
import { publishedSql } from "./visibility";
import { shopNow } from "../../db/clock";
import { saleStateAt } from "../../app/domain/limited/on-sale";

export type { CartLineIssue };

export interface PricedCartLine {
  recordId: number;
  /** What the shopper asked for. */
  quantity: number;
  /** The most they may have now (stock, or the per-line limit for pre-orders); 0 when it cannot be sold. */
  maxQuantity: number;
  title: string;
  artist: string;
  coverUrl: string | null;
  format: string | null;
  path: string | null;
  pricePence: number;
  lineTotalPence: number;
  isPreOrder: boolean;
  releaseDate: string | null;
  issue: CartLineIssue | null;
  /** "margin": a second-hand copy sold under the margin scheme (its VAT is not shown). */
  vatScheme: VatFacts["vatScheme"];
}

/** Where the cart goes and by what, as the cart and checkout show it (app/domain/international). */
export interface PricedDelivery {
  countryCode: string;
  countryName: string;
  zone: DeliveryQuote["country"]["zone"];
  /** A customs declaration goes with the parcel (it leaves the UK VAT area). */
  customs: boolean;
  weightGrams: number;
  choices: DeliveryQuote["choices"];
  /** The service it goes by; null when the parcel is too heavy for every one (checkout refuses it). */
  service: string | null;
  /** What the shopper is told about VAT and import charges before paying, or null (the UK). */
  vatNotice: string | null;
}

export interface PricedCart {
  lines: PricedCartLine[];
  delivery: PricedDelivery;
  /** Totals over the lines that can be bought (flagged lines are shown but not counted). */
  totals: OrderTotals;
  discount: DiscountAnswer | null;
  /** True when any line is flagged: checkout waits until the shopper has reviewed the cart. */
  needsReview: boolean;
}

export interface SellableRecord {
  id: number;
  title: string;
  artist: string;
  coverUrl: string | null;
  format: string | null;
  pricePence: number;
  stockQuantity: number;
  releaseDate: string | null;
  hiddenByContent: boolean;
  /** How it is taxed on sale, and what the shop paid for it (server-side only: never in a priced cart). */
  vatScheme: VatFacts["vatScheme"];
  purchasePricePence: number | null;
  /** For the parcel's weight and its customs declaration (app/domain/international). */
  weightGrams: number | null;
  label: string | null;
  hsCode: string | null;
  originCountry: string | null;
  /** A limited record: per-customer limit, on-sale instant (ISO, UTC), whether it sells through a drop's queue. */
  limitPerCustomer: number | null;
  onSaleAt: string | null;
  isDrop: boolean;
  recordStoreDay: boolean;
  /** When its pre-orders are charged; null takes the shop's setting. */
  preOrderCharge: "at_order" | "at_dispatch" | null;
}

/** A priced line's money with its VAT facts, for the totals' VAT (app/domain/cart/order-totals.ts). */
export function withVatFacts<L extends { recordId: number; pricePence: number; quantity: number }>(
  line: L,
  record: SellableRecord | undefined,
) {
  return {
    pricePence: line.pricePence,
    quantity: line.quantity,
    vatScheme: record?.vatScheme ?? "standard",
    purchasePricePence: record?.purchasePricePence ?? null,
  };
}

export const sellableColumns = {
  id: records.id,
  title: records.title,
  artist: records.artist,
  coverUrl: records.coverUrl,
  format: records.format,
  pricePence: records.pricePence,
  stockQuantity: records.stockQuantity,
  releaseDate: records.releaseDate,
  hiddenByContent: records.hiddenByContent,
  vatScheme: records.vatScheme,
  purchasePricePence: records.purchasePricePence,
  weightGrams: records.weightGrams,
  label: records.label,
  hsCode: records.hsCode,
  originCountry: records.originCountry,
  limitPerCustomer: records.limitPerCustomer,
  onSaleAt: records.onSaleAt,
  isDrop: records.isDrop,
  recordStoreDay: records.recordStoreDay,
  preOrderCharge: records.preOrderCharge,
};

/**
 * Prices one line against the record as it is now. Shared by the cart and the order transaction. With `now`, a
 * limited record before its on-sale time is marked not on sale yet (the order's sale guard refuses it regardless).
 */
export function priceLine(line: CartLine, record: SellableRecord | undefined, today: string, now?: Date): PricedCartLine {
  // A margin-scheme copy without its purchase price has no VAT to charge yet (saleBlockedReason): not for sale.
  if (!record || (record.hiddenByContent && !isPreOrder(record.releaseDate, today)) || saleBlockedReason(record)) {
    return {
      recordId: line.recordId,
      quantity: line.quantity,
      maxQuantity: 0,
      title: record?.title ?? "A record no longer in the shop",
      artist: record?.artist ?? "",
      coverUrl: null,
      format: null,
      path: null,
      pricePence: 0,
      lineTotalPence: 0,
      isPreOrder: false,
      releaseDate: null,
      issue: "unavailable",
      vatScheme: "standard",
    };
  }
  const preOrder = isPreOrder(record.releaseDate, today);
  const inStock = maxQuantityFor({ stockQuantity: record.stockQuantity, isPreOrder: preOrder });
  // A limited record: never more than its per-customer limit on one line (earlier orders are counted at the till).
  const notYet = now !== undefined && saleStateAt(record.onSaleAt, now).state === "not-yet";
  // Nothing can be had before the on-sale time, so the cart's + button is off without a rule of its own.
  const maxQuantity = notYet ? 0 : record.limitPerCustomer === null ? inStock : Math.min(inStock, record.limitPerCustomer);
  const issue: CartLineIssue | null = notYet
    ? "not-on-sale-yet"
    : maxQuantity === 0
      ? "out-of-stock"
      : line.quantity > maxQuantity
        ? maxQuantity < inStock
          ? "over-limit"
          : "insufficient-stock"
        : null;
  return {
    recordId: record.id,
    quantity: line.quantity,
    maxQuantity,
    title: record.title,
    artist: record.artist,
    coverUrl: record.coverUrl,
    format: record.format,
    path: recordPath(record),
    pricePence: record.pricePence,
    lineTotalPence: issue ? 0 : record.pricePence * line.quantity,
    isPreOrder: preOrder,
    releaseDate: record.releaseDate,
    issue,
    vatScheme: record.vatScheme,
  };
}

/** A record's shipping weight for the parcel: its own, or its format's default. */
export function weightOf(record: SellableRecord | undefined): number {
  return record ? recordWeightGrams(record) : 0;
}

export function createCartService(db: Db, deps: { discounts: DiscountsService; deliverySettings: DeliverySettingsService }) {
  // An unpublished or scheduled record is not for sale: the cart shows it gone and checkout refuses it. Built
  // once: the ids go in as one JSON array, so every cart (read on each page it is in) shares the query.
  const sellableQuery = db
    .select(sellableColumns)
    .from(records)
    .where(and(sql`${records.id} in (select value from json_each(${sql.placeholder("ids")}))`, publishedSql()))
    .prepare();

  function loadRecords(ids: number[]): Map<number, SellableRecord> {
    if (ids.length === 0) return new Map();
    const rows = sellableQuery.all({ ids: JSON.stringify(ids) });
    return new Map(rows.map((r) => [r.id, r]));
  }

  // Every page a shopper with a cart opens prices it: the same cart's records are read once per change to the shop
  // (db/read-cache.ts), sharing the page's one question to SQLite whether anything changed. The order transaction
  // reads them itself (loadRecords), inside its lock.
  const cachedRecords = createReadCache(db, { max: 1024 });
  const recordsForSale = (ids: number[]): ReadonlyMap<number, SellableRecord> =>
    ids.length === 0 ? new Map() : cachedRecords(ids.join(","), () => loadRecords(ids));

  return {
    loadRecords,

    /**
     * The cart as the shop would sell it now. `customer` (the signed-in user, or the email typed at checkout)
     * lets the first-order rule of the newsletter code be checked; without it only the code itself is.
     */
    price(
      lines: readonly CartLine[],
      discountCode: string | null,
      {
        today,
        customer = null,
        delivery: wish = UK_DELIVERY,
      }: {
        today: string;
        customer?: { userId: number | null; email: string | null } | null;
        /** Where it goes and by which service; the UK by Tracked 48 when not said. */
        delivery?: DeliveryWish;
      },
    ): PricedCart {
      const found = recordsForSale(lines.map((l) => l.recordId));
      const settings = deps.deliverySettings.get();
      const now = shopNow(db.$client);
      const all = lines.map((l) => priceLine(l, found.get(l.recordId), today, now));
      const buyable = all.filter((l) => !l.issue);
      const quote = quoteDelivery(
        wish,
        buyable.map((l) => ({ weightGrams: weightOf(found.get(l.recordId)), quantity: l.quantity })),
        settings,
      );
      const goods = buyable.map((l) => withVatFacts(l, found.get(l.recordId)));
      const checked = discountCode
        ? deps.discounts.check(
            discountCode,
            customer,
            new Date(),
            itemsTotalPence(goods.map((g) => ({ ...g, pricePence: destinationUnit(g.pricePence, quote) }))),
          )
        : null;
      const worked = destinationTotals(goods, () => (checked?.ok ? checked.discountPence : 0), {
        country: quote.country,
        shippingPence: quote.chosen?.pricePence ?? 0,
        exchangeRate: settings.exchangeRate,
        iossNumber: settings.iossNumber,
      });
      // The VAT shown is the standard-rated part: a margin copy's VAT would tell its margin (invoice-vat.ts).
      const { marginVatPence, unitPrices, ...shown } = worked;
      const totals: OrderTotals = { ...shown, vatPence: shown.vatPence - (marginVatPence ?? 0) };
      // Each line at what it costs where it goes (without UK VAT for an export).
      const unitOf = new Map(buyable.map((l, i) => [l.recordId, unitPrices[i]!]));
      const priced = all.map((l) => {
        const unit = unitOf.get(l.recordId);
        return unit === undefined ? l : { ...l, pricePence: unit, lineTotalPence: unit * l.quantity };
      });
      const delivery: PricedDelivery = {
        countryCode: quote.country.code,
        countryName: quote.country.name,
        zone: quote.country.zone,
        customs: quote.country.customs,
        weightGrams: quote.weightGrams,
        choices: quote.choices,
        service: quote.chosen?.service ?? null,
        vatNotice: worked.vat.treatment === "uk" ? null : vatNotice(treatmentOf(worked.vat), quote.country.name),
      };
      // The answer names the code, not its pence: those are in the totals.
      let discount: DiscountAnswer | null = checked;
      if (checked?.ok) {
        const { discountPence: _inTotals, ...answer } = checked;
        discount = answer;
      }
      return { lines: priced, delivery, totals, discount, needsReview: priced.some((l) => l.issue) };
    },
  };
}

const destinationUnit = (pricePence: number, quote: DeliveryQuote) => destinationUnitPence(pricePence, quote.country);

/** The VAT line's treatment back as the rule that made it, for its notice. */
function treatmentOf(vat: VatLine): VatTreatment {
  if (vat.treatment === "ioss")
    return { kind: "ioss", countryCode: vat.countryCode as EuMemberState, rateBasisPoints: vat.rateBasisPoints };
  if (vat.treatment === "uk") return { kind: "uk", rateBasisPoints: vat.rateBasisPoints };
  return { kind: "export", reason: vat.exportReason ?? "outside_eu" };
}

export type CartService = ReturnType<typeof createCartService>;
