/**
 * When a pre-order is charged: at order time (the spec's rule and the shop's default) or when it ships. The shop
 * sets it once (sale_settings), a record may override it; a basket is charged at dispatch only when every line
 * is a pre-order charged at dispatch, since a card saved for later cannot also pay for what ships now.
 */
export const PRE_ORDER_CHARGES = ["at_order", "at_dispatch"] as const;
export type PreOrderCharge = (typeof PRE_ORDER_CHARGES)[number];

/** The shop's rule when nobody has chosen: charged when the order is placed (spec, pre-orders). */
export const DEFAULT_PRE_ORDER_CHARGE: PreOrderCharge = "at_order";

export const PRE_ORDER_CHARGE_WORDS: Record<PreOrderCharge, string> = {
  at_order: "Charged at order time",
  at_dispatch: "Charged at dispatch",
};

/** How long a copy waits for another card after its dispatch charge was declined. */
export const DECLINED_HOLD_HOURS = 72;

/** What the shopper reads at checkout, on the confirmation page and in the mail for such an order. */
export const CHARGED_WHEN_SHIPS = "You will be charged when it ships.";
/** Said at checkout when the basket has a pre-order charged at dispatch beside something else. */
export const MIXED_BASKET_NOTICE =
  "Your basket has a pre-order charged when it ships and other records: the whole order is charged now.";

/** The charge that applies to a record: its own override, else the shop's setting. */
export function chargeFor(
  recordOverride: PreOrderCharge | null | undefined,
  shopSetting: PreOrderCharge | null | undefined,
): PreOrderCharge {
  return recordOverride ?? shopSetting ?? DEFAULT_PRE_ORDER_CHARGE;
}

export interface ChargedLine {
  preOrder: boolean;
  charge: PreOrderCharge;
}

export type BasketCharge =
  /** Charged now, as always (nothing in it waits for dispatch). */
  | { kind: "now" }
  /** Every line is a pre-order charged at dispatch: the card is saved and charged when it ships. */
  | { kind: "at_dispatch" }
  /** Some lines would be charged at dispatch, others not: charged now, and the shopper is told. */
  | { kind: "mixed" };

export function basketCharge(lines: readonly ChargedLine[]): BasketCharge {
  const later = lines.filter((l) => l.preOrder && l.charge === "at_dispatch").length;
  if (later === 0) return { kind: "now" };
  return later === lines.length ? { kind: "at_dispatch" } : { kind: "mixed" };
}

/** Until when a copy is held for another card after its dispatch charge was declined at `declinedAt`. */
export function holdUntil(declinedAt: Date): Date {
  return new Date(declinedAt.getTime() + DECLINED_HOLD_HOURS * 3_600_000);
}

/** A hold ended (the copy goes to the next in line) once its time has passed. */
export function holdEnded(holdUntilIso: string | null, now: Date): boolean {
  return holdUntilIso !== null && Date.parse(holdUntilIso) <= now.getTime();
}
