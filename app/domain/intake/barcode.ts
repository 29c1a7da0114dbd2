/**
 * What intake reads from its one code field: a record's barcode, as a scanner types it or a person copies it off the
 * sleeve, or else a catalogue number. Barcodes are EAN-13, UPC-A (12 digits) and EAN-8, each with its check digit
 * verified, so a mistyped digit is caught before anything is looked up. Browser-safe.
 */

export type Symbology = "EAN-13" | "UPC-A" | "EAN-8";

export type CodeReading =
  | { kind: "barcode"; digits: string; symbology: Symbology }
  | { kind: "catalogue"; text: string; key: string }
  | { kind: "refused"; message: string };

export const NO_CODE = "Scan a barcode or type a catalogue number.";
/** Longer than any barcode or catalogue number (the catalogue keeps catalogue numbers to 40 characters). */
export const MAX_CODE_LENGTH = 40;

const SYMBOLOGY_BY_LENGTH: Readonly<Record<number, Symbology>> = { 13: "EAN-13", 12: "UPC-A", 8: "EAN-8" };

/** The GS1 check digit for the digits before it: weights 3 and 1 alternating from the right. */
export function checkDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10;
}

/** A catalogue number as matching compares it: "BLP-4003", "blp 4003" and "B.L.P. 4003" are one. */
export const foldCatalogNumber = (text: string): string => text.toLowerCase().replace(/[\s.-]+/g, "");

/**
 * The code as typed or scanned: spaces and hyphens are left out; 8, 12 or 13 digits are a barcode (refused when its
 * check digit is wrong); anything else is a catalogue number.
 */
export function readCode(typed: string): CodeReading {
  const text = typed.trim();
  if (text.length > MAX_CODE_LENGTH) return { kind: "refused", message: `A code is at most ${MAX_CODE_LENGTH} characters.` };
  const compact = text.replace(/[\s-]+/g, "");
  const symbology = /^\d+$/.test(compact) ? SYMBOLOGY_BY_LENGTH[compact.length] : undefined;
  if (symbology) {
    const expected = checkDigit(compact.slice(0, -1));
    const read = Number(compact.at(-1));
    if (expected !== read)
      return {
        kind: "refused",
        message: `${compact} is not a valid ${symbology} barcode: its check digit should be ${expected}, not ${read}. Scan it again or type the catalogue number.`,
      };
    return { kind: "barcode", digits: compact, symbology };
  }
  const key = foldCatalogNumber(text);
  if (key === "") return { kind: "refused", message: NO_CODE };
  return { kind: "catalogue", text, key };
}

/**
 * The stored forms a barcode may have: a UPC-A is the EAN-13 with a leading 0, and sleeves print either, so each
 * finds the other.
 */
export function barcodeForms(digits: string): string[] {
  if (digits.length === 12) return [digits, `0${digits}`];
  if (digits.length === 13 && digits.startsWith("0")) return [digits, digits.slice(1)];
  return [digits];
}
