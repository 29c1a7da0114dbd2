/**
 * Club calendar rules, on ISO dates in Europe/London (see ../shared/dates):
 * - a membership renews on the same day each month as it began, clamped to the month's last day
 *   (joined on 31 January → 28/29 February → 31 March);
 * - the first record ships within FIRST_SHIPMENT_WORKING_DAYS working days of joining (Monday to Friday, less
 *   bank holidays: ../shared/working-days), later ones on the club's dispatch day, DISPATCH_DAY of each month
 *   (or the next working day), after the month's payment;
 * - a failed renewal is tried again RETRY_AFTER_DAYS after the first failure, then the membership ends.
 */
import { addDays, isIsoDate } from "../shared/dates";
import { addWorkingDays, workingDayOnOrAfter } from "../shared/working-days";

export const FIRST_SHIPMENT_WORKING_DAYS = 3;
export const DISPATCH_DAY = 15;
/** Days after the first failed attempt at which a renewal is tried again. */
export const RETRY_AFTER_DAYS = [1, 3, 7] as const;

function parts(iso: string): [number, number, number] {
  if (!isIsoDate(iso)) throw new RangeError(`Not an ISO date: ${iso}`);
  return iso.split("-").map(Number) as [number, number, number];
}

const pad = (n: number) => String(n).padStart(2, "0");

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The billing day a membership started on today keeps: the day of the month (1–31). */
export function billingDayOf(startIso: string): number {
  return parts(startIso)[2];
}

/** The renewal after `periodEnd`: one month later on the billing day, clamped to the month's end. */
export function nextRenewal(periodEnd: string, billingDay: number): string {
  const [y, m] = parts(periodEnd);
  const year = m === 12 ? y + 1 : y;
  const month = m === 12 ? 1 : m + 1;
  return `${year}-${pad(month)}-${pad(Math.min(billingDay, daysInMonth(year, month)))}`;
}

export { addWorkingDays };

/** When the first record ships to a member who joins on `joinedOn`. */
export function firstShipment(joinedOn: string): string {
  return addWorkingDays(joinedOn, FIRST_SHIPMENT_WORKING_DAYS);
}

/** The dispatch day on or after `iso`, moved to the next working day when it falls on a weekend or bank holiday. */
export function dispatchDayOnOrAfter(iso: string): string {
  const [y, m, d] = parts(iso);
  const date = `${y}-${pad(m)}-${pad(DISPATCH_DAY)}`;
  return workingDayOnOrAfter(d > DISPATCH_DAY ? nextRenewal(date, DISPATCH_DAY) : date);
}

/**
 * The day of the next try after `failedAttempts` failed attempts at one renewal (the first failure on
 * `firstFailedOn`); null when every retry has been used and the membership ends.
 */
export function nextRetry(firstFailedOn: string, failedAttempts: number): string | null {
  const after = RETRY_AFTER_DAYS[failedAttempts - 1];
  return after === undefined ? null : addDays(firstFailedOn, after);
}
