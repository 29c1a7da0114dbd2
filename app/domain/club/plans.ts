/**
 * The record club's plans. Prices are integer pence, 20% VAT included, Royal Mail delivery included:
 * what the member pays each month is the price shown, nothing more.
 */
import { vatIncludedPence } from "../shared/money";

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
