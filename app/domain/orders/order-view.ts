/**
 * An order as the shop shows it: to the customer who placed it, in the back office, in its confirmation mail
 * and to the payment provider that takes its money.
 */
import type { OrderTotals } from "~/domain/cart/order-totals";
import type { DeliveryEstimate } from "~/domain/checkout/delivery";
import type { OrderStatus } from "./order-status";
import type { VatScheme } from "~/domain/vat/vat-schemes";

export interface ShippingAddress {
  name: string;
  addressLine1: string;
  addressLine2?: string | null;
  city: string;
  postalCode: string;
  country: string;
  /** ISO 3166 code of `country` (GB when not given). */
  countryCode?: string;
}

export interface OrderLineView {
  recordId: number;
  title: string;
  artist: string;
  unitPricePence: number;
  quantity: number;
  lineTotalPence: number;
  isPreOrder: boolean;
  /** "margin": a second-hand copy sold under the VAT margin scheme; its VAT is never shown (invoice-vat.ts). */
  vatScheme: VatScheme;
}

/**
 * An order's money: its totals, and how they were paid (gift vouchers first, the card the rest). Its `vatPence` is
 * the VAT a buyer is shown: the standard-rated part (the order row keeps the whole, margin-scheme VAT included).
 */
export interface OrderViewTotals extends OrderTotals {
  /** The part of the total paid with gift vouchers or store credit. */
  voucherPence: number;
  /** What the card pays (or paid): the total less the voucher part. */
  amountDuePence: number;
}

export interface OrderView {
  orderNumber: string;
  status: OrderStatus;
  email: string;
  userId: number | null;
  createdAt: string;
  paidAt: string | null;
  placedOn: string;
  shipping: ShippingAddress;
  lines: OrderLineView[];
  totals: OrderViewTotals;
  hasPreOrder: boolean;
  /** The delivery service the shopper chose (app/domain/international/delivery-services.ts). */
  deliveryService: string;
  delivery: DeliveryEstimate;
  paymentProvider: string | null;
  paymentReference: string | null;
  /** Once the parcel has left: its Royal Mail tracking number and where to follow it. */
  tracking: { number: string; url: string } | null;
}

/**
 * What a customer, and the browser that placed the order, may see of it: everything but the owner's id and
 * the payment provider's name and reference. Every page and API call that shows an order shows this.
 */
export type CustomerOrder = Omit<OrderView, "userId" | "paymentProvider" | "paymentReference">;

export function customerView({
  userId: _user,
  paymentProvider: _provider,
  paymentReference: _reference,
  ...order
}: OrderView): CustomerOrder {
  return order;
}
