/**
 * A discount code as a rule: what it takes off a cart's goods, to the penny, or why it cannot be used.
 * Pure: the discounts service loads the rule, counts the customer's earlier uses and asks this module, for the
 * cart and checkout pages (advisory) and again inside the order transaction (binding).
 */
import { discountPence as percentOfPence } from "~/domain/cart/shipping";
import { formatDateGB } from "~/domain/shared/dates";
import { formatPence } from "~/domain/shared/money";
import { londonLocal } from "~/domain/schedule/schedule";

export const DISCOUNT_KINDS = ["percent", "fixed"] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

export interface DiscountRule {
  kind: DiscountKind;
  /** Percent off (1–100) for "percent"; pence off for "fixed". */
  amount: number;
  /** The goods subtotal (before shipping) must be at least this. */
  minSpendPence: number;
  /** UTC ISO instants: usable from `startsAt`, and until (not at) `endsAt`; null is open. */
  startsAt: string | null;
  endsAt: string | null;
  /** Uses in all, or null for no limit. */
  maxRedemptions: number | null;
  redemptions: number;
  /** Uses by one customer (account or email), or null for no limit. */
  perCustomerLimit: number | null;
  firstOrderOnly: boolean;
  active: boolean;
}

export interface DiscountContext {
  /** The cart's goods subtotal in pence (shipping is never discounted); null when only the code is checked. */
  subtotalPence: number | null;
  /** Orders this customer has already placed with this code; null when the customer is not known yet. */
  priorUses: number | null;
  /** Whether the customer has ordered before; null when not known yet. */
  hasOrdered: boolean | null;
  now: Date;
}

export type DiscountOutcome = { ok: true; discountPence: number; label: string } | { ok: false; message: string };

export const DISCOUNT_MESSAGES = {
  unknown: "That discount code isn't valid.",
  used: "This discount code has already been used.",
  expired: "This discount code has expired.",
  notFirstOrder: "This code is for a first order only, and this account or email has ordered before.",
  usedByYou: "You have already used this code.",
} as const;

/** "This code starts on 1 December 2026." (the London date of the start). */
export const notStartedMessage = (startsAt: string) => `This code starts on ${formatDateGB(londonLocal(startsAt).date)}.`;
/** "Spend £20.00 or more to use this code." */
export const minSpendMessage = (minSpendPence: number) => `Spend ${formatPence(minSpendPence)} or more to use this code.`;

/** What the rule takes off `subtotalPence`, before any condition: a percent rounded down to the penny, a fixed sum capped at the goods. */
export function discountOf(rule: Pick<DiscountRule, "kind" | "amount">, subtotalPence: number): number {
  if (!Number.isFinite(subtotalPence) || subtotalPence <= 0) return 0;
  if (rule.kind === "percent") return Math.min(subtotalPence, percentOfPence(subtotalPence, rule.amount));
  return Math.max(0, Math.min(subtotalPence, Math.floor(rule.amount)));
}

/** "10% off your first order", "£5.00 off": what the cart shows beside an accepted code. */
export function discountLabel(rule: Pick<DiscountRule, "kind" | "amount" | "firstOrderOnly">): string {
  const off = rule.kind === "percent" ? `${rule.amount}% off` : `${formatPence(rule.amount)} off`;
  return rule.firstOrderOnly ? `${off} your first order` : off;
}

/**
 * The rule applied to a cart. Checks, in order: switched off (as unknown), not started, ended, used up,
 * first order only, this customer's limit, minimum spend. The customer-dependent checks are skipped while the
 * customer is unknown (null), as on the cart page before an email is typed; the minimum spend while the cart is.
 */
export function applyDiscountRule(rule: DiscountRule, ctx: DiscountContext): DiscountOutcome {
  const now = ctx.now.toISOString();
  if (!rule.active) return { ok: false, message: DISCOUNT_MESSAGES.unknown };
  if (rule.startsAt && now < rule.startsAt) return { ok: false, message: notStartedMessage(rule.startsAt) };
  if (rule.endsAt && now >= rule.endsAt) return { ok: false, message: DISCOUNT_MESSAGES.expired };
  if (rule.maxRedemptions !== null && rule.redemptions >= rule.maxRedemptions)
    return { ok: false, message: DISCOUNT_MESSAGES.used };
  if (rule.firstOrderOnly && ctx.hasOrdered === true) return { ok: false, message: DISCOUNT_MESSAGES.notFirstOrder };
  if (rule.perCustomerLimit !== null && ctx.priorUses !== null && ctx.priorUses >= rule.perCustomerLimit)
    return { ok: false, message: DISCOUNT_MESSAGES.usedByYou };
  if (ctx.subtotalPence !== null && ctx.subtotalPence < rule.minSpendPence)
    return { ok: false, message: minSpendMessage(rule.minSpendPence) };
  return { ok: true, discountPence: discountOf(rule, ctx.subtotalPence ?? 0), label: discountLabel(rule) };
}
