/**
 * Who a customer is, for a limited record's per-customer limit: the e-mail, the delivery address and the card
 * folded so that small differences (case, Gmail's dots and "+tags", spacing in a postcode) name the same person,
 * each then kept as a key — hex(sha256) — so the limit compares hashes and no personal detail is compared in clear.
 */
import { sha256 } from "@oslojs/crypto/sha2";
import { encodeHexLowerCase } from "@oslojs/encoding";

/** Gmail ignores dots in the local part and answers for googlemail.com too. */
const GMAIL_DOMAINS = new Set(["gmail.com", "googlemail.com"]);

/**
 * An e-mail as one mailbox: trimmed, lower-cased, without a "+tag" (most providers deliver a+tag@ to a@), and for
 * Gmail without dots in the local part and with googlemail.com read as gmail.com.
 */
export function foldEmail(email: string): string {
  const trimmed = email.trim().toLowerCase();
  const at = trimmed.lastIndexOf("@");
  if (at < 1) return trimmed;
  let local = trimmed.slice(0, at);
  let domain = trimmed.slice(at + 1);
  const plus = local.indexOf("+");
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL_DOMAINS.has(domain)) {
    domain = "gmail.com";
    local = local.replaceAll(".", "");
  }
  return `${local}@${domain}`;
}

/** Common street words, written out or shortened, read as one ("12 High Street" is "12 high st"). */
const STREET_WORDS: Record<string, string> = {
  street: "st",
  road: "rd",
  avenue: "ave",
  av: "ave",
  lane: "ln",
  drive: "dr",
  close: "cl",
  court: "ct",
  crescent: "cres",
  place: "pl",
  terrace: "ter",
  terr: "ter",
  gardens: "gdns",
  square: "sq",
  flat: "flat",
  apartment: "flat",
  apt: "flat",
};

/** The first line of an address, folded: lower case, punctuation and repeated spaces gone, street words shortened. */
export function foldAddressLine(line: string): string {
  return line
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, " ")
    .trim()
    .split(" ")
    .map((word) => STREET_WORDS[word] ?? word)
    .join(" ");
}

/** A postcode as one string: upper case without spaces ("sw1a 1aa" is "SW1A1AA"). */
export function foldPostcode(postcode: string): string {
  return postcode.toUpperCase().replace(/[^A-Z0-9]/g, "");
}

/** A delivery address as one string: country, postcode and first line, each folded. */
export function foldAddress(address: { addressLine1: string; postalCode: string; countryCode?: string }): string {
  const country = (address.countryCode ?? "GB").trim().toUpperCase();
  return `${country}|${foldPostcode(address.postalCode)}|${foldAddressLine(address.addressLine1)}`;
}

function keyOf(kind: string, folded: string): string {
  // The kind is part of what is hashed, so an e-mail's key can never equal an address's.
  return encodeHexLowerCase(sha256(new TextEncoder().encode(`${kind}:${folded}`)));
}

export const emailKey = (email: string): string => keyOf("email", foldEmail(email));

export const addressKey = (address: { addressLine1: string; postalCode: string; countryCode?: string }): string =>
  keyOf("address", foldAddress(address));

/** A card as the limit knows it: the payment provider's card fingerprint, hashed once more. */
export const cardFingerprintKey = (provider: string, fingerprint: string): string =>
  keyOf("card", `${provider}:${fingerprint.trim()}`);

/**
 * The offline test card's fingerprint, as a provider would give one: the same for the same card on any order, a
 * hash and never the number itself.
 */
export const testCardFingerprint = (cardNumber: string): string =>
  `test_fp_${encodeHexLowerCase(sha256(new TextEncoder().encode(cardNumber.replace(/\D/g, ""))))}`;

/** The offline test card's key: its fingerprint's, as for any provider (the saved cards of pre-orders match it). */
export const testCardKey = (cardNumber: string): string => cardFingerprintKey("test-card", testCardFingerprint(cardNumber));
