/**
 * Orders: placing one is a single BEGIN IMMEDIATE transaction that re-prices every line from the database,
 * takes stock with conditional updates, records a stock movement per line, redeems the discount code and
 * writes the order and its lines, then spends the gift vouchers it is paid with (order-vouchers.ts). Payment then
 * moves it pending_payment → paid (and the confirmation mail is queued in that same transaction) or
 * pending_payment → payment_failed, which gives the stock, the code and the vouchers' part back.
 */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { MAX_LINE_QUANTITY, type CartLine } from "../../app/domain/cart/cart";
import { deliveryEstimate } from "../../app/domain/checkout/delivery";
import { shownTotals } from "../../app/domain/cart/order-totals";
import { saleBlockedReason } from "../../app/domain/vat/margin-vat";
import { orderVat, sellingPrices, shareByWeight, type VatLineInput } from "../../app/domain/vat/order-vat";
import { countryByCode } from "../../app/domain/international/countries";
import { checkPostcode } from "../../app/domain/international/postcodes";
import { customsFacts } from "../../app/domain/international/customs";
import { deliveryService } from "../../app/domain/international/delivery-services";
import { destinationTotals, destinationUnitPence, type VatLine } from "../../app/domain/international/destination-totals";
import {
  quoteDelivery,
  tooHeavyMessage,
  UK_DELIVERY,
  type DeliveryQuote,
  type DeliveryWish,
} from "../../app/domain/international/delivery-quote";
import { shownVatPence } from "../../app/domain/vat/invoice-vat";
import { itemsTotalPence } from "../../app/domain/cart/shipping";
import { isPreOrder } from "../../app/domain/catalogue/pre-order";
import { PriceChangedError } from "../../app/domain/checkout/price-quote";
import { todayInLondon } from "../../app/domain/shared/dates";
import { trackingUrl } from "../../app/domain/shipping/royal-mail";
import { customerView, type CustomerOrder, type OrderView, type ShippingAddress } from "../../app/domain/orders/order-view";
import {
  checkVoucherCode,
  giveBackVoucherPart,
  quoteVouchers,
  refuseUnusableVouchers,
  spendVouchers,
  VOUCHER_PAYMENT,
} from "./order-vouchers";
import type { VoucherMail } from "./voucher-mail";
import { writeTransaction, type Db } from "../../db/client";
import { orderLines, orders, records, stockMovements, type OrderKind, type OrderLineRow, type OrderRow } from "../../db/schema";
import { hashToken, tokenMatchesHash } from "../auth/tokens";
import type { MailLinks } from "../mail/links";
import { orderConfirmationMail } from "../mail/order-templates";
import { weightOf, type CartService } from "./cart";
import type { DeliverySettingsService } from "./delivery-settings";
import type { DiscountsService } from "./discounts";
import { ConflictError, NotFoundError, OutOfStockError, ValidationError } from "../../app/domain/shared/errors";
import type { MailService } from "./mail";
import { returnToShelf } from "./shelf-return";
import { shortReference } from "./short-reference";
import type { WantsService } from "./wants";
import type { OrderChannel, SaleContext, SaleGuard } from "./sale-guards";
import { shopNow } from "../../db/clock";

export interface PlaceOrderInput {
  /** From the checkout form (or an API client): the same key twice is the same order. */
  idempotencyKey: string;
  lines: CartLine[];
  discountCode: string | null;
  /** Gift voucher and store credit codes (voucherCodesSchema): each takes up to its balance, the card the rest. */
  voucherCodes?: readonly string[];
  email: string;
  shipping: ShippingAddress;
  /** Where it goes (ISO code) and the service the shopper chose; the UK by Tracked 48 when not given. */
  delivery?: DeliveryWish;
  /** For the carrier: required for a tracked service abroad. */
  phone?: string | null;
  userId: number | null;
  paymentProvider: string;
  today: string;
  /** The total the shopper agreed to (the Pay button's): a different total places nothing. */
  expectedTotalPence?: number;
  /** What the shopper was shown the card would pay after the vouchers: a different amount places nothing. */
  expectedAmountDuePence?: number;
  /** Where the order came in (sale-guards.ts); the checkout page when not said. */
  channel?: OrderChannel;
  /** The paying card as a comparable key (a hash), when known before placing: the per-customer limit compares it. */
  cardKey?: string | null;
  /** The hash of the browser's waiting-room token, for a drop's hold. */
  dropSessionKey?: string | null;
}

/** A short, unguessable order number shown to customers: "ND-" and 8 base32 characters (40 bits). */
export const newOrderNumber = () => shortReference("ND");

/**
 * When an order should arrive, for the customer's and the back office's order views and the mails: its
 * pre-order lines' records' current release dates move the window (a delayed pressing moves it later).
 */
export function orderDelivery(db: Db, placedOn: string, lines: readonly Pick<OrderLineRow, "recordId" | "isPreOrder">[]) {
  const ids = [...new Set(lines.filter((l) => l.isPreOrder).map((l) => l.recordId))];
  const releaseDates =
    ids.length === 0
      ? []
      : db
          .select({ releaseDate: records.releaseDate })
          .from(records)
          .where(inArray(records.id, ids))
          .all()
          .map((r) => r.releaseDate);
  return deliveryEstimate(placedOn, releaseDates);
}

/** Where an order goes, as the customer's and the back office's order views show it. */
export function shippingAddressOf(row: OrderRow) {
  return {
    name: row.shippingName,
    addressLine1: row.addressLine1,
    addressLine2: row.addressLine2,
    city: row.city,
    postalCode: row.postalCode,
    country: row.country,
    countryCode: row.countryCode,
  };
}

/** How an order was taxed where it went, as its totals show it. */
export function vatLineOf(row: OrderRow): VatLine {
  return {
    treatment: row.vatTreatment,
    countryCode: row.vatCountry,
    rateBasisPoints: row.vatRateBasisPoints,
    ...(row.exportReason ? { exportReason: row.exportReason as NonNullable<VatLine["exportReason"]> } : {}),
    ...(row.consignmentEuroCents === null ? {} : { consignmentEuroCents: row.consignmentEuroCents }),
  };
}

export function createOrdersService(
  db: Db,
  deps: {
    cart: CartService;
    discounts: DiscountsService;
    deliverySettings: DeliverySettingsService;
    mail: MailService;
    links: MailLinks;
    wants: Pick<WantsService, "onStockChanged">;
    voucherMail: VoucherMail;
    /** Limited records, drops and pre-order charging (sale-guards.ts), checked in this order. */
    saleGuards?: readonly SaleGuard[];
  },
) {
  const saleGuards = deps.saleGuards ?? [];
  const linesOf = (orderId: number) =>
    db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(orderLines.id).all();

  /** The order as shown; `lines` when the caller has them already (a list reads every order's lines in one query). */
  function view(row: OrderRow, lines: OrderLineRow[] = linesOf(row.id)): OrderView {
    const hasPreOrder = lines.some((l) => l.isPreOrder);
    const placedOn = todayInLondon(new Date(row.createdAt));
    return {
      orderNumber: row.orderNumber,
      status: row.status,
      email: row.email,
      userId: row.userId,
      createdAt: row.createdAt,
      paidAt: row.paidAt,
      placedOn,
      shipping: shippingAddressOf(row),
      lines: lines.map((l) => ({
        recordId: l.recordId,
        title: l.title,
        artist: l.artist,
        unitPricePence: l.unitPricePence,
        quantity: l.quantity,
        lineTotalPence: l.lineTotalPence,
        isPreOrder: l.isPreOrder,
        vatScheme: l.vatScheme,
      })),
      totals: {
        itemCount: lines.reduce((n, l) => n + l.quantity, 0),
        itemsPence: row.itemsPence,
        shippingPence: row.shippingPence,
        discountPence: row.discountPence,
        totalPence: row.totalPence,
        // What the buyer is shown: the standard-rated part; a margin copy's VAT would tell its margin.
        vatPence: shownVatPence(row.vatPence, lines),
        vat: vatLineOf(row),
        voucherPence: row.voucherPence,
        amountDuePence: row.totalPence - row.voucherPence,
      },
      hasPreOrder,
      deliveryService: row.deliveryService,
      delivery: orderDelivery(db, placedOn, lines),
      paymentProvider: row.paymentProvider,
      paymentReference: row.paymentReference,
      tracking: row.shippedAt && row.trackingNumber ? { number: row.trackingNumber, url: trackingUrl(row.trackingNumber) } : null,
    };
  }

  const byNumber = (orderNumber: string) => db.select().from(orders).where(eq(orders.orderNumber, orderNumber)).get();

  /**
   * What paying settles for an order of another kind than a shop sale (a gift voucher): run inside markPaid's
   * transaction instead of the order confirmation mail; answers the mail it queued, sent once the payment commits.
   */
  const paidHandlers = new Map<OrderKind, (order: OrderRow) => number[]>();

  function place(input: PlaceOrderInput): { order: OrderView; created: boolean } {
    const keyHash = hashToken(input.idempotencyKey);
    const email = input.email.trim().toLowerCase();
    try {
      return placeInTransaction(input, keyHash, email);
    } catch (error) {
      for (const guard of saleGuards) guard.refused?.(error);
      throw error;
    }
  }

  function placeInTransaction(input: PlaceOrderInput, keyHash: string, email: string): { order: OrderView; created: boolean } {
    return writeTransaction(db, () => {
      // A replay of a submitted form: the order it made, whatever happened to it since.
      const existing = db.select().from(orders).where(eq(orders.idempotencyKey, keyHash)).get();
      if (existing) {
        if (existing.email !== email)
          throw new ConflictError("This checkout form has already been used. Please reload the page.");
        return { order: view(existing), created: false };
      }
      if (input.lines.length === 0) throw new ValidationError("Your cart is empty.");
      // Adapters validate too; the service holds the rule itself so no caller can bend it.
      const seen = new Set<number>();
      for (const line of input.lines) {
        if (!Number.isSafeInteger(line.quantity) || line.quantity < 1 || line.quantity > MAX_LINE_QUANTITY) {
          throw new ValidationError(`Quantities must be whole numbers from 1 to ${MAX_LINE_QUANTITY}.`);
        }
        if (seen.has(line.recordId)) throw new ValidationError("Each record may appear once in an order.");
        seen.add(line.recordId);
      }

      const found = deps.cart.loadRecords(input.lines.map((l) => l.recordId));
      const priced = input.lines.map((line) => {
        const record = found.get(line.recordId);
        if (!record) throw new OutOfStockError(line.recordId, "A record in your cart");
        return { line, record, preOrder: isPreOrder(record.releaseDate, input.today) };
      });
      const saleContext: SaleContext = {
        db,
        now: shopNow(db.$client),
        today: input.today,
        lines: priced,
        userId: input.userId,
        email,
        shipping: {
          addressLine1: input.shipping.addressLine1,
          postalCode: input.shipping.postalCode,
          countryCode: input.delivery?.countryCode ?? UK_DELIVERY.countryCode,
        },
        cardKey: input.cardKey ?? null,
        dropSessionKey: input.dropSessionKey ?? null,
        channel: input.channel ?? "checkout",
      };
      for (const guard of saleGuards) guard.check?.(saleContext);
      for (const { line, record, preOrder } of priced) {
        if (!preOrder && record.hiddenByContent) throw new OutOfStockError(record.id, record.title);
        // A margin-scheme copy needs its purchase price to work out its VAT (app/domain/vat/margin-vat.ts).
        const blocked = saleBlockedReason(record);
        if (blocked) throw new ValidationError(`"${record.title}": ${blocked}`);
        if (preOrder) continue;
        // The conditional update is what stops overselling: it takes the copies only if they are all there.
        const taken = db
          .update(records)
          .set({ stockQuantity: sql`${records.stockQuantity} - ${line.quantity}` })
          .where(and(eq(records.id, record.id), sql`${records.stockQuantity} >= ${line.quantity}`))
          .run();
        if (taken.changes !== 1) throw new OutOfStockError(record.id, record.title);
      }

      const customer = { userId: input.userId, email };
      const goods = priced.map(({ line, record }) => ({
        pricePence: record.pricePence,
        quantity: line.quantity,
        vatScheme: record.vatScheme,
        purchasePricePence: record.purchasePricePence,
      }));
      const settings = deps.deliverySettings.get();
      if (input.delivery && !countryByCode(input.delivery.countryCode))
        throw new ValidationError("Please choose a country from the list.", {
          country: ["Please choose a country from the list"],
        });
      const quote = quoteDelivery(
        input.delivery ?? UK_DELIVERY,
        priced.map(({ line, record }) => ({ weightGrams: weightOf(record), quantity: line.quantity })),
        settings,
      );
      const chosen = deliveryChecked(quote, input.delivery?.service ?? null, input.phone ?? null);
      const unitPrices = goods.map((g) => destinationUnitPence(g.pricePence, quote.country));
      const discount = input.discountCode
        ? deps.discounts.redeem(
            input.discountCode,
            customer,
            itemsTotalPence(goods.map((g, i) => ({ ...g, pricePence: unitPrices[i]! }))),
          )
        : null;
      const worked = destinationTotals(goods, () => discount?.discountPence ?? 0, {
        country: quote.country,
        shippingPence: chosen.pricePence,
        exchangeRate: settings.exchangeRate,
        iossNumber: settings.iossNumber,
      });
      const { unitPrices: _units, vat, ...totals } = worked;
      // The vouchers pay towards the total after the discount; the VAT stays the goods' (a multi-purpose voucher is
      // a way to pay, not a discount).
      const vouchers = quoteVouchers(db, input.voucherCodes ?? [], totals.totalPence, input.today);
      refuseUnusableVouchers(vouchers);
      // Thrown inside the transaction: the stock taken and the code redeemed above go back with it.
      const { expectedTotalPence, expectedAmountDuePence } = input;
      if (
        (expectedTotalPence !== undefined && expectedTotalPence !== totals.totalPence) ||
        (expectedAmountDuePence !== undefined && expectedAmountDuePence !== vouchers.amountDuePence)
      ) {
        const lines = priced.map(({ line, record }, i) => ({
          recordId: record.id,
          title: record.title,
          artist: record.artist,
          quantity: line.quantity,
          unitPricePence: unitPrices[i]!,
        }));
        const quote = { ...shownTotals(totals), voucherPence: vouchers.voucherPence, lines };
        throw new PriceChangedError(expectedTotalPence ?? totals.totalPence, quote, expectedAmountDuePence);
      }
      const row = db
        .insert(orders)
        .values({
          orderNumber: newOrderNumber(),
          userId: input.userId,
          email,
          status: "pending_payment",
          shippingName: input.shipping.name,
          addressLine1: input.shipping.addressLine1,
          addressLine2: input.shipping.addressLine2 || null,
          city: input.shipping.city,
          postalCode: postcodeChecked(quote.country.code, input.shipping.postalCode),
          country: quote.country.name,
          countryCode: quote.country.code,
          phone: input.phone || null,
          deliveryService: chosen.service,
          parcelGrams: quote.weightGrams,
          vatTreatment: vat.treatment,
          vatCountry: vat.countryCode,
          vatRateBasisPoints: vat.rateBasisPoints,
          exportReason: vat.exportReason ?? null,
          consignmentEuroCents: vat.consignmentEuroCents ?? null,
          eurPerGbp: vat.consignmentEuroCents === undefined ? null : String(settings.exchangeRate.eurPerGbp),
          eurRateAsOf: vat.consignmentEuroCents === undefined ? null : settings.exchangeRate.asOf,
          iossNumber: vat.treatment === "ioss" ? settings.iossNumber : null,
          itemsPence: totals.itemsPence,
          shippingPence: totals.shippingPence,
          discountPence: totals.discountPence,
          totalPence: totals.totalPence,
          voucherPence: vouchers.voucherPence,
          vatPence: totals.vatPence,
          discountCodeId: discount?.codeId ?? null,
          idempotencyKey: keyHash,
          accessTokenHash: keyHash,
          // Nothing left for a card: the vouchers are the whole payment.
          paymentProvider: vouchers.amountDuePence === 0 ? VOUCHER_PAYMENT : input.paymentProvider,
          ...Object.assign({}, ...saleGuards.map((guard) => guard.orderValues?.(saleContext) ?? {})),
        })
        .returning()
        .get();
      spendVouchers(db, row.id, vouchers);
      const lineVat = linesVat(goods, unitPrices, totals, vat);
      for (const [i, { line, record, preOrder }] of priced.entries()) {
        const customs = customsFacts(record, deps.deliverySettings.labelOrigin);
        db.insert(orderLines)
          .values({
            orderId: row.id,
            recordId: record.id,
            title: record.title,
            artist: record.artist,
            unitPricePence: unitPrices[i]!,
            quantity: line.quantity,
            lineTotalPence: unitPrices[i]! * line.quantity,
            isPreOrder: preOrder,
            vatScheme: record.vatScheme,
            purchasePricePence: record.vatScheme === "margin" ? record.purchasePricePence : null,
            vatPence: lineVat[i]!,
            weightGrams: weightOf(record),
            hsCode: customs.hsCode,
            originCountry: customs.originCountry,
          })
          .run();
        db.insert(stockMovements)
          .values({ recordId: record.id, change: -line.quantity, reason: preOrder ? "pre_order" : "sale", orderId: row.id })
          .run();
      }
      for (const guard of saleGuards) guard.placed?.(saleContext, row);
      return { order: view(row), created: true };
    });
  }

  return {
    place,

    /** Registers what paying does for orders of `kind` (see paidHandlers). */
    onPaid(kind: OrderKind, handler: (order: OrderRow) => number[]): void {
      paidHandlers.set(kind, handler);
    },

    get(orderNumber: string): OrderView | null {
      const row = byNumber(orderNumber);
      return row ? view(row) : null;
    },

    /** Whether `token` (the checkout form's key, kept by the ordering browser) opens this order. */
    tokenOpens(orderNumber: string, token: string): boolean {
      const row = byNumber(orderNumber);
      return !!row?.accessTokenHash && tokenMatchesHash(token, row.accessTokenHash);
    },

    /**
     * The order, for its owner (signed-in user) or the browser that placed it (access token); anyone else
     * gets NotFound, so order numbers reveal nothing.
     */
    forViewer(orderNumber: string, viewer: { userId: number | null; accessTokens: readonly string[] }): CustomerOrder {
      const row = byNumber(orderNumber);
      const open =
        row &&
        ((row.userId !== null && row.userId === viewer.userId) ||
          (!!row.accessTokenHash && viewer.accessTokens.some((t) => tokenMatchesHash(t, row.accessTokenHash!))));
      if (!open) throw new NotFoundError("Order not found.");
      return customerView(view(row));
    },

    /** A customer's orders, newest first. */
    listForUser(userId: number, limit = 50): CustomerOrder[] {
      const rows = db
        .select()
        .from(orders)
        // The shop's orders: club parcels are listed with the membership.
        .where(and(eq(orders.userId, userId), eq(orders.kind, "shop")))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(limit)
        .all();
      if (rows.length === 0) return [];
      const lines = db
        .select()
        .from(orderLines)
        .where(
          inArray(
            orderLines.orderId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(orderLines.id)
        .all();
      return rows.map((row) =>
        customerView(
          view(
            row,
            lines.filter((l) => l.orderId === row.id),
          ),
        ),
      );
    },

    /** Records the provider's reference (e.g. a Stripe Checkout Session id) on a pending order. */
    setPaymentReference(orderNumber: string, reference: string): void {
      db.update(orders).set({ paymentReference: reference }).where(eq(orders.orderNumber, orderNumber)).run();
    },

    byPaymentReference(reference: string): OrderView | null {
      const row = db.select().from(orders).where(eq(orders.paymentReference, reference)).get();
      return row ? view(row) : null;
    },

    /**
     * pending_payment → paid, queueing the confirmation mail in the same transaction. Idempotent: a payment
     * reported twice (webhook retries) changes nothing the second time. Returns the order as it now is.
     */
    markPaid(orderNumber: string, payment: { reference: string }): OrderView {
      let mailIds: number[] = [];
      const order = writeTransaction(db, () => {
        const row = byNumber(orderNumber);
        if (!row) throw new NotFoundError("Order not found.");
        if (row.status !== "pending_payment") return view(row);
        const updated = db
          .update(orders)
          .set({
            status: "paid",
            paidAt: new Date().toISOString(),
            paymentReference: payment.reference,
            updatedAt: new Date().toISOString(),
          })
          .where(and(eq(orders.id, row.id), eq(orders.status, "pending_payment")))
          .returning()
          .get()!;
        const paid = view(updated);
        const handler = paidHandlers.get(updated.kind);
        if (handler) mailIds = handler(updated);
        else {
          const content = orderConfirmationMail(paid, paid.userId !== null ? deps.links.page("/profile#orders") : null);
          mailIds = [deps.mail.enqueue({ to: paid.email, kind: "order-confirmation", orderId: updated.id, ...content })];
        }
        return paid;
      });
      for (const mailId of mailIds) deps.mail.dispatch(mailId);
      return order;
    },

    /**
     * pending_payment → payment_failed (payment declined, abandoned or expired): the copies go back on the shelf,
     * with a stock movement each, the discount code can be used again and the vouchers get their part back (as new
     * store credit, mailed, for one that expired meanwhile). Idempotent.
     */
    cancelUnpaid(orderNumber: string): OrderView {
      let mailIds: number[] = [];
      const order = writeTransaction(db, () => {
        const row = byNumber(orderNumber);
        if (!row) throw new NotFoundError("Order not found.");
        if (row.status !== "pending_payment") return view(row);
        db.update(orders)
          .set({ status: "payment_failed", updatedAt: new Date().toISOString() })
          .where(and(eq(orders.id, row.id), eq(orders.status, "pending_payment")))
          .run();
        const lines = linesOf(row.id);
        for (const line of lines) {
          if (!line.isPreOrder) returnToShelf(db, deps.wants, line.recordId, line.quantity);
          db.insert(stockMovements)
            .values({
              recordId: line.recordId,
              change: line.quantity,
              reason: line.isPreOrder ? "pre_order" : "cancellation",
              orderId: row.id,
            })
            .run();
        }
        if (row.discountCodeId !== null) deps.discounts.release(row.discountCodeId);
        mailIds = giveBackVoucherPart(db, deps.voucherMail, row, row.voucherPence, {
          today: todayInLondon(),
          why: `because the payment for order ${row.orderNumber} did not go through and the gift voucher it used can no longer be spent`,
        });
        return view(byNumber(orderNumber)!);
      });
      for (const mailId of mailIds) deps.voucherMail.dispatch(mailId);
      return order;
    },

    /** What gift voucher codes would pay towards a total today (the checkout page's summary; nothing is spent). */
    quoteVouchers: (codes: readonly string[], totalPence: number, today: string) => quoteVouchers(db, codes, totalPence, today),

    /** Whether a code typed at checkout is a gift voucher's (and why it cannot be spent, if it cannot). */
    checkVoucherCode: (code: string, today: string) => checkVoucherCode(db, code, today),

    /** Pending orders older than `minutes` (abandoned payments), for a sweep that cancels them. */
    stalePending(minutes: number, now = new Date()): string[] {
      const before = new Date(now.getTime() - minutes * 60_000).toISOString();
      return db
        .select({ n: orders.orderNumber })
        .from(orders)
        .where(and(eq(orders.status, "pending_payment"), sql`${orders.createdAt} < ${before}`))
        .all()
        .map((r) => r.n);
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;

/**
 * The delivery the order goes by: the service asked for, offered for this parcel to this country. A parcel too
 * heavy for every service, a service that does not go there, and a tracked service abroad without a phone number
 * are refused with what to do; nothing is placed.
 */
function deliveryChecked(quote: DeliveryQuote, wanted: string | null, phone: string | null) {
  const chosen = quote.chosen;
  if (!chosen) throw new ValidationError(tooHeavyMessage(quote));
  if (wanted && chosen.service !== wanted) {
    const message = `${deliveryService(wanted)?.name ?? "That delivery service"} does not deliver this parcel to ${quote.country.name}. Please choose another.`;
    throw new ValidationError(message, { deliveryService: [message] });
  }
  if (quote.country.zone !== "uk" && chosen.tracked && !phone) {
    const message = "Please enter a phone number: the carrier needs it for tracked delivery abroad.";
    throw new ValidationError(message, { phone: [message] });
  }
  return chosen;
}

/**
 * Each line's VAT: in the UK line by line as before (app/domain/vat/order-vat.ts); under IOSS the destination's VAT
 * shared across the lines and the delivery by what each costs; none on an export.
 */
function linesVat(
  goods: readonly VatLineInput[],
  unitPrices: readonly number[],
  totals: { discountPence: number; shippingPence: number; vatPence: number },
  vat: VatLine,
): number[] {
  if (vat.treatment === "uk") return orderVat(goods, totals).lines.map((l) => l.vatPence);
  if (vat.treatment === "export") return goods.map(() => 0);
  const selling = sellingPrices(
    goods.map((g, i) => ({ pricePence: unitPrices[i]!, quantity: g.quantity })),
    totals.discountPence,
  );
  return shareByWeight(totals.vatPence, [...selling, totals.shippingPence]).slice(0, goods.length);
}

/** The postcode written the way its country's rule asks (adapters check it too; the service holds the rule). */
function postcodeChecked(countryCode: string, postalCode: string): string {
  const checked = checkPostcode(countryCode, postalCode);
  if (!checked.ok) throw new ValidationError(checked.message, { postalCode: [checked.message] });
  return checked.postcode;
}
