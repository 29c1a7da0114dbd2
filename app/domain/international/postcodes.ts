/**
 * Postcodes by country: the countries whose postcodes have a fixed form are checked and written in it; an Irish
 * Eircode may be left out (many Irish addresses are found without one); elsewhere the postcode is free text, and
 * may be blank where a country has none.
 */
import { normaliseUkPostcode } from "~/domain/checkout/postcode";

interface PostcodeRule {
  /** The form, checked on the postcode in capitals with its spaces taken out. */
  pattern: RegExp;
  /** Written the way the country's post office prints it. */
  format: (compact: string) => string;
  example: string;
  optional?: boolean;
}

const asTyped = (c: string) => c;
const split =
  (at: number, joiner = " ") =>
  (c: string) =>
    `${c.slice(0, at)}${joiner}${c.slice(at)}`;

const RULES: Record<string, PostcodeRule> = {
  // Eircode: a routing key (a letter and two digits, or D6W) and a four-character unique identifier.
  IE: { pattern: /^(?:[AC-FHKNPRTV-Y]\d{2}|D6W)[0-9AC-FHKNPRTV-Y]{4}$/, format: split(3), example: "D02 X285", optional: true },
  US: { pattern: /^\d{5}(?:\d{4})?$/, format: (c) => (c.length === 9 ? `${c.slice(0, 5)}-${c.slice(5)}` : c), example: "10001" },
  DE: { pattern: /^\d{5}$/, format: asTyped, example: "10115" },
  FR: { pattern: /^\d{5}$/, format: asTyped, example: "75001" },
  ES: { pattern: /^\d{5}$/, format: asTyped, example: "28001" },
  IT: { pattern: /^\d{5}$/, format: asTyped, example: "00118" },
  FI: { pattern: /^\d{5}$/, format: asTyped, example: "00100" },
  NL: { pattern: /^\d{4}[A-Z]{2}$/, format: split(4), example: "1012 AB" },
  BE: { pattern: /^\d{4}$/, format: asTyped, example: "1000" },
  AT: { pattern: /^\d{4}$/, format: asTyped, example: "1010" },
  DK: { pattern: /^\d{4}$/, format: asTyped, example: "1050" },
  NO: { pattern: /^\d{4}$/, format: asTyped, example: "0150" },
  CH: { pattern: /^\d{4}$/, format: asTyped, example: "8001" },
  SE: { pattern: /^\d{5}$/, format: split(3), example: "111 22" },
  PL: { pattern: /^\d{5}$/, format: split(2, "-"), example: "00-001" },
  PT: { pattern: /^\d{7}$/, format: split(4, "-"), example: "1000-001" },
  CA: { pattern: /^[A-Z]\d[A-Z]\d[A-Z]\d$/, format: split(3), example: "K1A 0B1" },
  AU: { pattern: /^\d{4}$/, format: asTyped, example: "2000" },
  NZ: { pattern: /^\d{4}$/, format: asTyped, example: "6011" },
  JP: { pattern: /^\d{7}$/, format: split(3, "-"), example: "100-0001" },
};

/** The UK, the Isle of Man and the Channel Islands share the UK's postcode system (IM1 1AA, JE2 3AB, GY1 1AA). */
const UK_SYSTEM = ["GB", "IM", "JE", "GG"];

/** Free text where the form is not checked: a post office's longest postcodes fit well within this. */
export const MAX_POSTCODE_LENGTH = 12;

export type PostcodeCheck = { ok: true; postcode: string } | { ok: false; message: string };

/** A postcode for `countryCode`, in its standard form, or the message saying what is wrong with it. */
export function checkPostcode(countryCode: string, input: string): PostcodeCheck {
  const typed = input.trim();
  if (UK_SYSTEM.includes(countryCode)) {
    const postcode = normaliseUkPostcode(typed);
    return postcode ? { ok: true, postcode } : { ok: false, message: "Please enter a UK postcode, such as SW1A 1AA" };
  }
  const rule = RULES[countryCode];
  if (!rule) {
    if (typed.length > MAX_POSTCODE_LENGTH)
      return { ok: false, message: `Please keep the postcode under ${MAX_POSTCODE_LENGTH + 1} characters` };
    return { ok: true, postcode: typed.toUpperCase() };
  }
  const compact = typed.toUpperCase().replace(/[\s-]+/g, "");
  if (!compact && rule.optional) return { ok: true, postcode: "" };
  if (!rule.pattern.test(compact))
    return { ok: false, message: `Please enter the postcode as it is written there, such as ${rule.example}` };
  return { ok: true, postcode: rule.format(compact) };
}

/** What the postcode field says for a country: an example, and whether it may be left blank. */
export function postcodeHint(countryCode: string): { example: string | null; optional: boolean } {
  if (UK_SYSTEM.includes(countryCode)) return { example: "SW1A 1AA", optional: false };
  const rule = RULES[countryCode];
  return rule ? { example: rule.example, optional: rule.optional ?? false } : { example: null, optional: true };
}
