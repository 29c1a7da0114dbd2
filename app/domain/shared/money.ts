/**
 * Money helpers. Internally money is integer pence (no float drift when
 * summing a cart); pounds only appear at the edges (parsing old "£12.00"
 * texts, display). Shop prices include 20% VAT.
 */

export const VAT_RATE_PERCENT = 20;

// "12", "12.5", ".5", "-3.00" — anything else is not a price.
const DECIMAL_NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/**
 * Spec §5: strip the £ sign and parse as pounds; invalid counts as 0.
 * Strict on purpose: "12abc" is 0, not 12 (parseFloat would accept it).
 */
export function parsePrice(value: unknown): number {
  if (typeof value === "number") return Number.isFinite(value) ? value : 0;
  if (typeof value !== "string") return 0;
  const cleaned = value.replace(/£/g, "").replace(/,/g, "").replace(/\s+/g, "");
  if (!DECIMAL_NUMBER.test(cleaned)) return 0;
  const parsed = Number(cleaned);
  return Number.isFinite(parsed) ? parsed : 0;
}

/**
 * Pounds → whole pence, rounding half away from zero.
 * `pounds * 100` is not enough: 1.005 * 100 === 100.49999999999999, so we
 * shift the decimal point in the number's own text ("1.005e2" is exactly 100.5).
 */
export function poundsToPence(pounds: number): number {
  if (!Number.isFinite(pounds)) return 0;
  const magnitude = Math.abs(pounds);
  const text = String(magnitude);
  const shifted = text.includes("e") ? magnitude * 100 : Number(`${text}e2`);
  const pence = Math.round(shifted);
  // `|| 0` turns -0 into 0 so it never prints as "-£0.00".
  return (pounds < 0 ? -pence : pence) || 0;
}

/** Parses a price text such as "£12.00" straight to pence (invalid → 0). */
export function parsePriceToPence(value: unknown): number {
  return poundsToPence(parsePrice(value));
}

/**
 * "12.00" style decimal text for pence — used by JSON-LD and displays.
 * Built from integers so it never shows float noise.
 */
export function penceToDecimalString(pence: number, groupThousands = false): string {
  const whole = Number.isFinite(pence) ? Math.round(pence) : 0;
  const sign = whole < 0 ? "-" : "";
  const abs = Math.abs(whole);
  const pounds = String(Math.floor(abs / 100));
  const rest = String(abs % 100).padStart(2, "0");
  // en-GB grouping is a comma every three digits; done by hand so the output
  // does not depend on the ICU data shipped with the browser or Node.
  const grouped = groupThousands ? pounds.replace(/\B(?=(\d{3})+(?!\d))/g, ",") : pounds;
  return `${sign}${grouped}.${rest}`;
}

/** Pence → "£1,234.50"; negatives as "-£5.00". */
export function formatPence(pence: number): string {
  const text = penceToDecimalString(pence, true);
  return text.startsWith("-") ? `-£${text.slice(1)}` : `£${text}`;
}

/**
 * Spec §5 price display: a $ symbol is shown as £ (old data carried "$"),
 * always 2 decimals, optional multiplier (e.g. quantity).
 */
export function formatPrice(value: string | number, multiplier = 1): string {
  const normalised = typeof value === "string" ? value.replace(/\$/g, "£") : value;
  const pence = parsePriceToPence(normalised);
  const factor = Number.isFinite(multiplier) ? multiplier : 0;
  return formatPence(Math.round(pence * factor));
}

/**
 * The VAT contained in a VAT-inclusive price: gross × rate / (100 + rate),
 * i.e. gross / 6 at 20%, rounded to the nearest penny.
 */
export function vatIncludedPence(grossPence: number, ratePercent = VAT_RATE_PERCENT): number {
  if (!Number.isFinite(grossPence) || !Number.isFinite(ratePercent) || ratePercent <= 0) return 0;
  const vat = Math.round((Math.abs(grossPence) * ratePercent) / (100 + ratePercent));
  return (grossPence < 0 ? -vat : vat) || 0;
}
