/**
 * Customs facts for parcels leaving the UK (Jersey and Guernsey included). Pure, browser-safe.
 *
 * - Tariff code: a vinyl record is a recorded disc, heading 8523 ("Discs, tapes … for the recording of sound …,
 *   whether or not recorded"), subheading 8523 80 ("Other"), and as a recorded medium 8523 80 90; 8523 80 10 is
 *   for unrecorded media. The UK Trade Tariff's commodity code is 8523 80 90 00; a CN22/CN23 asks for the
 *   6-digit HS code, 852380, which every country's tariff shares.
 * - CN22 for a parcel whose contents are worth up to £270, CN23 above (Royal Mail, "Customs declarations": the
 *   UPU's SDR 300 limit, which Royal Mail states as £270).
 */

export const RECORD_HS_CODE = "852380";
export const RECORD_UK_COMMODITY_CODE = "8523809000";
/** Where a record is made when neither it nor its label says: the shop's own country, until the back office says. */
export const DEFAULT_ORIGIN_COUNTRY = "GB";

export const CN22_LIMIT_PENCE = 27000;

export type CustomsForm = "CN22" | "CN23";

export function customsFormFor(contentsPence: number): CustomsForm {
  return contentsPence <= CN22_LIMIT_PENCE ? "CN22" : "CN23";
}

/** A tariff code as typed ("8523.80.90", "8523 80 90 00"): its digits, 6 to 10 of them, or null. */
export function normaliseHsCode(input: string): string | null {
  const digits = input.replace(/[\s.]/g, "");
  return /^\d{6,10}$/.test(digits) ? digits : null;
}

/** The record's tariff code, origin and weight for a declaration, its own or else the defaults. */
export function customsFacts(
  record: { hsCode: string | null; originCountry: string | null; label: string | null },
  labelOrigin: (label: string) => string | undefined,
): { hsCode: string; originCountry: string } {
  return {
    hsCode: record.hsCode ?? RECORD_HS_CODE,
    originCountry: record.originCountry ?? (record.label ? labelOrigin(record.label) : undefined) ?? DEFAULT_ORIGIN_COUNTRY,
  };
}

/** What the contents are, on every declaration of the shop's: it sells goods, never gifts. */
export const CUSTOMS_CATEGORY = "Sale of goods";
export const CUSTOMS_DESCRIPTION = "Vinyl gramophone records";
