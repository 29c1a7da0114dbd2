/**
 * Card-number checks for the offline test payment form. The shop never stores or logs card data; these
 * only decide whether a typed number is worth sending to the (test) provider.
 */

/** Digits only: spaces and dashes people type are dropped. */
export const cardDigits = (input: string): string => input.replace(/[\s-]/g, "");

/** The Luhn check every payment card number passes. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** "MM/YY" (or "MM / YY", "MM/YYYY") → true when the card is still valid in the given month ("YYYY-MM-DD"). */
export function expiryIsValid(input: string, today: string): boolean {
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(input);
  if (!m) return false;
  const month = Number(m[1]);
  const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  if (month < 1 || month > 12) return false;
  const [ty, tm] = today.split("-").map(Number) as [number, number];
  return year > ty || (year === ty && month >= tm);
}
