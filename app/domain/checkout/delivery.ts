/** Spec §9 delivery lead: 1–5 days, 1–14 when the order holds a pre-order. */
import { addDays, formatDateGB } from "~/domain/shared/dates";

export interface DeliveryEstimate {
  minDays: number;
  maxDays: number;
  /** ISO dates of the window, counted from the day the order was placed. */
  earliest: string;
  latest: string;
}

export function deliveryEstimate(orderedOn: string, hasPreOrder: boolean): DeliveryEstimate {
  const minDays = 1;
  const maxDays = hasPreOrder ? 14 : 5;
  return { minDays, maxDays, earliest: addDays(orderedOn, minDays), latest: addDays(orderedOn, maxDays) };
}

/** "Estimated delivery: 1–5 days (between 23 November 2026 and 27 November 2026)." — en-GB dates. */
export function deliveryWindowText(estimate: DeliveryEstimate): string {
  return `Estimated delivery: ${estimate.minDays}–${estimate.maxDays} days (between ${formatDateGB(estimate.earliest)} and ${formatDateGB(estimate.latest)}).`;
}
