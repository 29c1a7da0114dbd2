/**
 * UK postcodes: outward code (area letters, district digits, optional letter) and inward code (digit and
 * two letters), plus the special GIR 0AA. Typed any way ("sw1a1aa", " SW1A  1AA "), stored as "SW1A 1AA".
 */
const UK_POSTCODE = /^(?:[A-Z]{1,2}[0-9][A-Z0-9]?|GIR) ?[0-9][A-Z]{2}$/;

/** The postcode in its standard form, or null when it is not a UK postcode. */
export function normaliseUkPostcode(input: string): string | null {
  const compact = input.toUpperCase().replace(/\s+/g, "");
  if (compact.length < 5 || compact.length > 7) return null;
  const spaced = `${compact.slice(0, -3)} ${compact.slice(-3)}`;
  if (!UK_POSTCODE.test(spaced)) return null;
  if (spaced.startsWith("GIR") && spaced !== "GIR 0AA") return null;
  return spaced;
}
