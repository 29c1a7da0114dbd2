/**
 * The per-customer limit of a limited record, as one pure rule: given the limit, what is asked now and the
 * customer's earlier purchases of the record (found by account, e-mail, address or card), may they buy it?
 */

/** How an earlier order was recognised as the same customer's, strongest first. */
export const IDENTITIES = ["account", "email", "address", "card"] as const;
export type Identity = (typeof IDENTITIES)[number];

/** Orders whose copies went back (never paid, called off or refunded): they give the customer's place back. */
export const STATUSES_NOT_COUNTED: readonly string[] = ["payment_failed", "cancelled", "refunded"];

export interface EarlierPurchase {
  orderNumber: string;
  status: string;
  /** Copies of the record on the order, and how many of them were refunded since. */
  quantity: number;
  refundedQuantity: number;
  /** Which of the customer's identities the order shares (at least one). */
  matchedBy: readonly Identity[];
  /** ISO instant the order was placed: the latest is the one named in a refusal. */
  placedAt: string;
}

export type LimitDecision =
  | { allowed: true; alreadyBought: number; allowedNow: number }
  | {
      allowed: false;
      matchedBy: Identity;
      orderNumber: string;
      alreadyBought: number;
      /** How many more the customer may still buy (0 when the limit is used up). */
      allowedNow: number;
    };

/** Copies of an earlier order that still count towards the limit. */
export function copiesKept(purchase: EarlierPurchase): number {
  if (STATUSES_NOT_COUNTED.includes(purchase.status)) return 0;
  return Math.max(0, purchase.quantity - purchase.refundedQuantity);
}

const strongest = (matched: readonly Identity[]): Identity =>
  IDENTITIES.find((identity) => matched.includes(identity)) ?? "account";

export function checkLimit(input: {
  limit: number | null;
  requested: number;
  earlier: readonly EarlierPurchase[];
}): LimitDecision {
  const counted = input.earlier.filter((p) => copiesKept(p) > 0);
  const alreadyBought = counted.reduce((sum, p) => sum + copiesKept(p), 0);
  if (input.limit === null) return { allowed: true, alreadyBought, allowedNow: input.requested };
  const allowedNow = Math.max(0, input.limit - alreadyBought);
  if (input.requested <= allowedNow) return { allowed: true, alreadyBought, allowedNow };
  if (counted.length === 0) {
    // More than the limit in one go, with nothing bought before: refused, naming no earlier order.
    return { allowed: false, matchedBy: "account", orderNumber: "", alreadyBought: 0, allowedNow };
  }
  // The latest order is the one the customer is most likely to remember.
  const latest = counted.reduce((a, b) => (b.placedAt > a.placedAt ? b : a));
  return { allowed: false, matchedBy: strongest(latest.matchedBy), orderNumber: latest.orderNumber, alreadyBought, allowedNow };
}

/**
 * What the shopper is told. Only an order on their own account is named: one found by e-mail, address or card may
 * be someone else's, so it is described, never numbered.
 */
export function limitRefusalMessage(title: string, limit: number, refusal: Extract<LimitDecision, { allowed: false }>): string {
  const head = `"${title}" is limited to ${limit} per customer`;
  if (refusal.orderNumber === "") return `${head}.`;
  const more = refusal.allowedNow > 0 ? ` You can buy ${refusal.allowedNow} more.` : "";
  const earlier: Record<Identity, string> = {
    account: `you already have ${refusal.alreadyBought} from order ${refusal.orderNumber}`,
    email: `an earlier order with this e-mail address already has ${refusal.alreadyBought}`,
    address: `an earlier order to this address already has ${refusal.alreadyBought}`,
    card: `an earlier order with this card already has ${refusal.alreadyBought}`,
  };
  return `${head}, and ${earlier[refusal.matchedBy]}.${more}`;
}
