import { encodeBase32UpperCaseNoPadding } from "@oslojs/encoding";

/**
 * A short, unguessable reference shown to customers: a prefix and 8 base32 characters (40 bits), e.g. "ND-7K2M9QXA"
 * for an order and "RT-…" for a return.
 */
export function shortReference(prefix: "ND" | "RT" | "PU"): string {
  const bytes = new Uint8Array(5);
  crypto.getRandomValues(bytes);
  return `${prefix}-${encodeBase32UpperCaseNoPadding(bytes)}`;
}
