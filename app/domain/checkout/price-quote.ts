/**
 * The price the shopper agreed to. The checkout page prices the cart when it is shown; by the time Pay is pressed a
 * price, a discount rule or the cart itself may have changed. The order binds the total the shopper saw: the form
 * (and an API client, optionally) sends it as `expectedTotalPence`, and an order whose total comes out different is
 * not placed and nothing is charged. The form also carries a short quote of what made the total (each line's price,
 * delivery, discount, the part gift vouchers pay), so the page can say what changed, not only that something did.
 * With gift vouchers the card pays only what they leave (the amount due): the form sends that too
 * (`expectedAmountDuePence`), so a voucher spent elsewhere meanwhile never makes the card pay more than the Pay
 * button said.
 */
import { ConflictError } from "~/domain/shared/errors";
import { formatPence } from "~/domain/shared/money";
import { z } from "~/domain/shared/zod";

/** Far above any real order (999 records × 99 lines at £1,000), small enough to stay an exact integer. */
const MAX_TOTAL_PENCE = 10_000_000_000;

// A total that is not one the page could have shown: the form is not this shop's, or not this version's.
const EXPIRED = "This form has expired. Please reload the page.";

export const expectedTotalPenceSchema = z.number({ error: EXPIRED }).int(EXPIRED).min(0, EXPIRED).max(MAX_TOTAL_PENCE, EXPIRED);

export interface QuoteLine {
  recordId: number;
  quantity: number;
  unitPricePence: number;
}

/** What made a total: the figures a shopper reads on the checkout page. */
export interface PriceQuote {
  lines: QuoteLine[];
  shippingPence: number;
  discountPence: number;
  totalPence: number;
  /** The part of the total gift vouchers pay (0 without them); the card pays the rest. */
  voucherPence?: number;
}

/** The quote as it is now, with the names the shopper knows the records by. */
export interface NamedQuote extends PriceQuote {
  lines: (QuoteLine & { title: string; artist: string })[];
}

// "t5600;s400;d0;12x1@2599,15x2@1800": short enough for a hidden field of a 99-line cart ("v2000;" after the
// discount when gift vouchers pay part of it).
const QUOTE_PATTERN =
  /^t(\d{1,12});s(\d{1,12});d(\d{1,12});(?:v(\d{1,12});)?((?:\d{1,12}x\d{1,4}@\d{1,12})(?:,\d{1,12}x\d{1,4}@\d{1,12}){0,199})?$/;

export function encodeQuote(quote: PriceQuote): string {
  const lines = quote.lines.map((l) => `${l.recordId}x${l.quantity}@${l.unitPricePence}`).join(",");
  const vouchers = quote.voucherPence ? `v${quote.voucherPence};` : "";
  return `t${quote.totalPence};s${quote.shippingPence};d${quote.discountPence};${vouchers}${lines}`;
}

/** The quote a form carried, or null when it carries none or it does not read as one (it only explains a change). */
export function decodeQuote(text: unknown): PriceQuote | null {
  if (typeof text !== "string" || text.length > 8000) return null;
  const match = QUOTE_PATTERN.exec(text);
  if (!match) return null;
  const lines = (match[5] ?? "")
    .split(",")
    .filter(Boolean)
    .map((part) => {
      const [id, rest] = part.split("x") as [string, string];
      const [quantity, price] = rest.split("@") as [string, string];
      return { recordId: Number(id), quantity: Number(quantity), unitPricePence: Number(price) };
    });
  const quote: PriceQuote = {
    totalPence: Number(match[1]),
    shippingPence: Number(match[2]),
    discountPence: Number(match[3]),
    lines,
  };
  return match[4] ? { ...quote, voucherPence: Number(match[4]) } : quote;
}

/** What the card pays: the total less the part gift vouchers pay. */
export const amountDueOf = (quote: Pick<PriceQuote, "totalPence" | "voucherPence">) =>
  Math.max(0, quote.totalPence - (quote.voucherPence ?? 0));

/**
 * What changed between the quote the shopper saw and the one the order would now be placed at, in plain words, the
 * new total last. Without the old quote (an API client, an old page), only the total is compared.
 */
export function quoteChanges(
  seen: PriceQuote | null,
  now: NamedQuote,
  expectedTotalPence: number,
  expectedAmountDuePence?: number,
): string[] {
  const changes: string[] = [];
  if (seen) {
    const before = new Map(seen.lines.map((l) => [l.recordId, l]));
    for (const line of now.lines) {
      const name = `“${line.title}” by ${line.artist}`;
      const old = before.get(line.recordId);
      before.delete(line.recordId);
      if (!old) {
        changes.push(`${name} is now in your order (${line.quantity} × ${formatPence(line.unitPricePence)}).`);
        continue;
      }
      if (old.unitPricePence !== line.unitPricePence) {
        changes.push(`${name} is now ${formatPence(line.unitPricePence)} each (was ${formatPence(old.unitPricePence)}).`);
      }
      if (old.quantity !== line.quantity) changes.push(`${name}: ${line.quantity} copies now (was ${old.quantity}).`);
    }
    if (before.size > 0) {
      changes.push(`${before.size === 1 ? "A record is" : `${before.size} records are`} no longer in your order.`);
    }
    if (seen.shippingPence !== now.shippingPence) {
      changes.push(`Delivery is now ${formatPence(now.shippingPence)} (was ${formatPence(seen.shippingPence)}).`);
    }
    if (seen.discountPence !== now.discountPence) {
      changes.push(`Your discount is now ${formatPence(now.discountPence)} (was ${formatPence(seen.discountPence)}).`);
    }
    if ((seen.voucherPence ?? 0) !== (now.voucherPence ?? 0)) {
      changes.push(
        `Your gift vouchers now pay ${formatPence(now.voucherPence ?? 0)} (was ${formatPence(seen.voucherPence ?? 0)}).`,
      );
    }
  }
  if (expectedTotalPence !== now.totalPence || expectedAmountDuePence === undefined) {
    changes.push(`The total is now ${formatPence(now.totalPence)} (was ${formatPence(expectedTotalPence)}).`);
  }
  // What the card pays is worth saying on its own only when gift vouchers pay part (otherwise it is the total).
  const vouchersInPlay = (seen?.voucherPence ?? 0) > 0 || (now.voucherPence ?? 0) > 0 || expectedTotalPence === now.totalPence;
  if (expectedAmountDuePence !== undefined && expectedAmountDuePence !== amountDueOf(now) && vouchersInPlay) {
    changes.push(`To pay by card is now ${formatPence(amountDueOf(now))} (was ${formatPence(expectedAmountDuePence)}).`);
  }
  return changes;
}

/** The refusal's headline, the same for the page, the API and tRPC. */
export function priceChangedMessage(expectedTotalPence: number, totalPence: number): string {
  return `The total of your order has changed since it was shown to you: it is now ${formatPence(totalPence)}, not ${formatPence(expectedTotalPence)}. Nothing has been charged.`;
}

/** The headline when the total stands but the vouchers now pay a different part of it. */
export function amountDueChangedMessage(expectedAmountDuePence: number, amountDuePence: number): string {
  return `Your gift voucher balance has changed since it was shown to you: the card would now pay ${formatPence(amountDuePence)}, not ${formatPence(expectedAmountDuePence)}. Nothing has been charged.`;
}

/**
 * The order was not placed: its total, or what is left for the card after the gift vouchers, is no longer the one
 * the shopper agreed to (a 409 wherever it is asked).
 */
export class PriceChangedError extends ConflictError {
  constructor(
    readonly expectedTotalPence: number,
    readonly quote: NamedQuote,
    readonly expectedAmountDuePence?: number,
  ) {
    super(
      expectedTotalPence === quote.totalPence && expectedAmountDuePence !== undefined
        ? amountDueChangedMessage(expectedAmountDuePence, amountDueOf(quote))
        : priceChangedMessage(expectedTotalPence, quote.totalPence),
    );
  }
}
