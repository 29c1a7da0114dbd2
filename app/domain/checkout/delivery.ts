/**
 * The shop's one delivery promise (spec §9 delivery lead: 1–5 days, 1–14 for pre-orders).
 *
 * Days are working days, Monday to Friday less bank holidays (~/domain/shared/working-days): the days the shop
 * packs and Royal Mail's tracked services count, and the unit VinylBot has always quoted. A weekend or a bank
 * holiday never counts towards the lead.
 *
 * An order that holds a pre-order cannot leave before its last record exists, so its window starts on the
 * latest release date in the order, not on the day it was placed. Every page, mail and answer that states a
 * lead or a window takes it from here: checkout, the payment confirmation, the order mails, the order views,
 * the record and pre-order pages, VinylBot and the shop's structured data.
 */
import { formatDateGB, isIsoDate, toIsoDate } from "~/domain/shared/dates";
import { addWorkingDays, isWorkingDay } from "~/domain/shared/working-days";

export const DELIVERY_LEAD = {
  standard: { minDays: 1, maxDays: 5 },
  preOrder: { minDays: 1, maxDays: 14 },
} as const;

/** Monday to Friday, the days that count towards the lead (schema.org names, for structured data too). */
export const WORKING_DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"] as const;

export interface DeliveryEstimate {
  minDays: number;
  maxDays: number;
  /** True when the order holds a record not yet released on the day it was placed. */
  preOrder: boolean;
  /** The day the lead is counted from: the order date, or the latest release date of a pre-order. */
  countsFrom: string;
  /** ISO dates of the window. */
  earliest: string;
  latest: string;
}

// Working days (weekends and bank holidays of England and Wales skipped) are one rule for the whole shop.
export { addWorkingDays, isWorkingDay };

/**
 * When an order placed on `orderedOn` should arrive. `releaseDates` are the release dates of the records in
 * it (any order, missing ones ignored); a release date after the order date makes it a pre-order, counted
 * from the latest such date.
 */
export function deliveryEstimate(orderedOn: string, releaseDates: readonly (string | null | undefined)[] = []): DeliveryEstimate {
  if (!isIsoDate(orderedOn)) throw new RangeError(`Not an ISO date: ${orderedOn}`);
  const latestRelease = releaseDates
    .map((d) => toIsoDate(d))
    .filter((d): d is string => d !== null)
    .reduce<string | null>((max, d) => (max === null || d > max ? d : max), null);
  const preOrder = latestRelease !== null && latestRelease > orderedOn;
  const countsFrom = preOrder ? latestRelease : orderedOn;
  const { minDays, maxDays } = preOrder ? DELIVERY_LEAD.preOrder : DELIVERY_LEAD.standard;
  return {
    minDays,
    maxDays,
    preOrder,
    countsFrom,
    earliest: addWorkingDays(countsFrom, minDays),
    latest: addWorkingDays(countsFrom, maxDays),
  };
}

/** "1–5 working days" / "1–14 working days after release": the lead in words, wherever it is stated. */
export function deliveryLeadText(preOrder: boolean): string {
  const { minDays, maxDays } = preOrder ? DELIVERY_LEAD.preOrder : DELIVERY_LEAD.standard;
  return `${minDays}–${maxDays} working days${preOrder ? " after release" : ""}`;
}

/**
 * "Estimated delivery: 1–5 working days (between 26 November 2026 and 2 December 2026)." or, with a pre-order,
 * "Estimated delivery: 1–14 working days after release on 30 November 2026 (between 1 December 2026 and …)."
 */
export function deliveryWindowText(estimate: DeliveryEstimate): string {
  const lead = `${estimate.minDays}–${estimate.maxDays} working days${
    estimate.preOrder ? ` after release on ${formatDateGB(estimate.countsFrom)}` : ""
  }`;
  return `Estimated delivery: ${lead} (between ${formatDateGB(estimate.earliest)} and ${formatDateGB(estimate.latest)}).`;
}
