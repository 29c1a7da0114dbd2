import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The shopper's link to their return label (in the approved mail): the return number with a signature made from the
 * shop's secret key. Nothing is stored, so there is no secret at rest to steal; the link opens that one label only
 * (the shop's address, the return and order numbers: nothing about the shopper), and the shop's key is never in it.
 */
export function createReturnLabelLinks(key: Uint8Array) {
  const sign = (returnNumber: string) =>
    createHmac("sha256", key).update(`return-label:${returnNumber}`).digest("base64url").slice(0, 32);
  return {
    /** The path and query of a return's label page for the shopper. */
    path: (returnNumber: string) => `/return-label/${encodeURIComponent(returnNumber)}?sig=${sign(returnNumber)}`,
    /** Whether `signature` is the one the shop made for this return number. */
    verify(returnNumber: string, signature: string | null): boolean {
      if (!signature) return false;
      const expected = Buffer.from(sign(returnNumber));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

export type ReturnLabelLinks = ReturnType<typeof createReturnLabelLinks>;
