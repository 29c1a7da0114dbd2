/** Taking money and giving it back, in the words every payment provider shares: a card, a charge, a refund. */
export interface CardDetails {
  number: string;
  expiry: string;
  cvc: string;
}

/**
 * Money given back for an order through the provider that took it. Idempotent per key: asked twice with the
 * same key (a retry after a lost answer), the provider answers with the refund it already made.
 */
export interface RefundRequest {
  amountPence: number;
  idempotencyKey: string;
}

export type ChargeResult = { ok: true; reference: string } | { ok: false; message: string };

/**
 * A card kept to charge later: the provider's reusable reference (never the number) and its fingerprint, the
 * same for the same card whichever order saved it.
 */
export type SaveCardResult = { ok: true; reference: string; fingerprint: string } | { ok: false; message: string };
