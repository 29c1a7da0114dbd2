/**
 * Buying a gift voucher: how much it may be for, when an e-mailed one may be sent, what VAT its sale carries and
 * what its order keeps where a parcel's address would be. Pure rules, shared by the page, the API and the service.
 */
import { formatDateGB, isIsoDate } from "../shared/dates";
import { vatIncludedPence } from "../shared/money";

/** The amounts offered as big buttons, in pence: £10, £20, £25, £50, £100. */
export const VOUCHER_PRESETS_PENCE = [1000, 2000, 2500, 5000, 10000] as const;
/** Any other amount: whole pounds from £5 to £250. */
export const VOUCHER_MIN_PENCE = 500;
export const VOUCHER_MAX_PENCE = 25000;
/** The buyer's message to the recipient, printed on the voucher or in its mail. */
export const MESSAGE_MAX = 300;
export const RECIPIENT_NAME_MAX = 80;

/** A bought voucher's page: the receipt, and a printable voucher's code the first time it is opened. */
export const giftVoucherPath = (orderNumber: string) => `/gift-vouchers/voucher?order=${encodeURIComponent(orderNumber)}`;

export const VOUCHER_DELIVERIES = ["email", "print"] as const;
export type VoucherDelivery = (typeof VOUCHER_DELIVERIES)[number];

export const AMOUNT_RANGE_MESSAGE = "Please choose an amount from £5 to £250.";
export const AMOUNT_WHOLE_MESSAGE = "Please choose a whole number of pounds.";

/** Why an amount (in pence) cannot be bought, or null when it can. */
export function amountProblem(pence: number): string | null {
  if (!Number.isFinite(pence) || pence < VOUCHER_MIN_PENCE || pence > VOUCHER_MAX_PENCE) return AMOUNT_RANGE_MESSAGE;
  if (!Number.isInteger(pence) || pence % 100 !== 0) return AMOUNT_WHOLE_MESSAGE;
  return null;
}

/** The last day an e-mailed voucher may be sent on: a year from today (from 29 February, 28 February). */
export function lastSendDate(today: string): string {
  const y = Number(today.slice(0, 4)) + 1;
  const md = today.slice(5);
  return md === "02-29" ? `${y}-02-28` : `${y}-${md}`;
}

/** Why a day (YYYY-MM-DD, London) cannot be the day the voucher is mailed, or null when it can. */
export function sendDateProblem(sendOn: string, today: string): string | null {
  if (!isIsoDate(sendOn)) return "Please choose the day to send it, such as 25/12/2026.";
  if (sendOn < today) return "Please choose today or later for the day to send it.";
  const last = lastSendDate(today);
  if (sendOn > last) return `Please choose a day no later than ${formatDateGB(last)}.`;
  return null;
}

/**
 * VAT on vouchers issued since 1 January 2019 (VAT Act 1994 Schedule 10B, inserted by Finance Act 2019 Sch. 17;
 * HMRC's guidance: "Business promotions (VAT Notice 700/7)", section 9). A voucher is single-purpose when, at
 * issue, the place of supply of what it may buy AND that all of it falls in one VAT category are known (Sch. 10B
 * para 4(1)); VAT is then due on its sale. Any other voucher is multi-purpose: what is paid for it is disregarded
 * (para 7(1)) and VAT is due when it is spent, on what it buys (the spending order carries that VAT as today).
 */
export type SupplyCategory = "standard" | "reduced" | "zero" | "exempt";

export interface VoucherScope {
  /** Whether, when the voucher is sold, where its goods will be supplied is known (a delivery abroad is not). */
  placeOfSupplyKnown: boolean;
  /** The VAT categories of everything it may be spent on. */
  supplyCategories: readonly SupplyCategory[];
}

/**
 * What the shop's gift vouchers may be spent on: records and their delivery, to any address the shop delivers to
 * when the voucher is spent; the voucher's terms allow deliveries abroad, so the place of supply is not known
 * when it is sold. (Were the terms to limit it to UK deliveries of standard-rated records, it would be
 * single-purpose and its sale would carry VAT: see docs/decisions/0074.)
 */
export const SHOP_VOUCHER_SCOPE: VoucherScope = { placeOfSupplyKnown: false, supplyCategories: ["standard"] };

export function voucherPurpose(scope: VoucherScope): "single_purpose" | "multi_purpose" {
  return scope.placeOfSupplyKnown && new Set(scope.supplyCategories).size === 1 ? "single_purpose" : "multi_purpose";
}

/** The VAT contained in a voucher's sale price: none for a multi-purpose voucher. */
export function vatAtSalePence(amountPence: number, scope: VoucherScope): number {
  if (voucherPurpose(scope) === "multi_purpose") return 0;
  const rate = { standard: 20, reduced: 5, zero: 0, exempt: 0 }[scope.supplyCategories[0]!];
  return rate === 0 ? 0 : vatIncludedPence(amountPence, rate);
}

/**
 * A voucher order has no parcel, but an order's address columns may not be empty of meaning: they say how the
 * voucher travels ("Gift voucher: by e-mail to …" or "…: printed by the buyer"), and the town, postcode and country
 * are left blank, so no packing list or label could take it for a parcel.
 */
export function voucherOrderAddress(v: {
  delivery: VoucherDelivery;
  recipientName: string | null;
  recipientEmail: string | null;
}) {
  const email = v.delivery === "email" && v.recipientEmail;
  return {
    name: email ? (v.recipientName ?? v.recipientEmail!) : "Printed by the buyer",
    addressLine1: email ? `Gift voucher: by e-mail to ${v.recipientEmail}` : "Gift voucher: printed by the buyer",
    city: "",
    postalCode: "",
    country: "",
  };
}
