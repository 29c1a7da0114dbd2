/**
 * The record club's plans. Prices are integer pence, 20% VAT included, Royal Mail delivery included:
 * what the member pays each month is the price shown, nothing more.
 */
import { formatPence, vatIncludedPence } from "../shared/money";

export const CLUB_PLAN_IDS = ["one-lp", "two-lp"] as const;
export type ClubPlanId = (typeof CLUB_PLAN_IDS)[number];

export interface ClubPlan {
  id: ClubPlanId;
  name: string;
  recordsPerMonth: number;
  /** Per month, VAT and Royal Mail delivery included. */
  pricePence: number;
  blurb: string;
}

export const CLUB_PLANS: readonly ClubPlan[] = [
  {
    id: "one-lp",
    name: "One LP a month",
    recordsPerMonth: 1,
    pricePence: 2600,
    blurb: "One new LP picked by our staff from your favourite genre.",
  },
  {
    id: "two-lp",
    name: "Two LPs a month",
    recordsPerMonth: 2,
    pricePence: 4800,
    blurb: "The month's pick plus a second LP from your favourite genre.",
  },
];

export const CLUB_DELIVERY_TEXT = "Royal Mail Tracked 48 delivery to a UK address included";

export function planById(id: string): ClubPlan | undefined {
  return CLUB_PLANS.find((p) => p.id === id);
}

/** The VAT contained in a plan's monthly price (shown beside it). */
export function planVatPence(plan: ClubPlan): number {
  return vatIncludedPence(plan.pricePence);
}

/**
 * The plans' prices as the sign-up page showed them ("one-lp:2600,two-lp:4800"), sent back with the form: joining binds
 * the price the member saw, as a checkout binds its total (see checkout/price-quote.ts).
 */
export function shownPlanPrices(plans: readonly ClubPlan[]): string {
  return plans.map((p) => `${p.id}:${p.pricePence}`).join(",");
}

const SHOWN_PRICES = /^[a-z0-9-]{1,20}:\d{1,7}(?:,[a-z0-9-]{1,20}:\d{1,7}){0,9}$/;

/** The shown prices read back by plan; none when the form sent none or they do not read as prices. */
export function readShownPlanPrices(text: string | undefined): Map<string, number> {
  if (!text || !SHOWN_PRICES.test(text)) return new Map();
  return new Map(
    text
      .split(",")
      .map((pair) => pair.split(":") as [string, string])
      .map(([id, pence]) => [id, Number(pence)]),
  );
}

/** Why a plan cannot be joined at the price shown for it (it has changed since), or null. */
export function planPriceChange(plan: ClubPlan, shown: ReadonlyMap<string, number>): string | null {
  const was = shown.get(plan.id);
  if (was === undefined || was === plan.pricePence) return null;
  return `The price of ${plan.name} is now ${formatPence(plan.pricePence)} a month, not the ${formatPence(was)} shown. Nothing has been charged: please check it, then join.`;
}
