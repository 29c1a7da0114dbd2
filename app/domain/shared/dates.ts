/**
 * Calendar dates in the shop's time zone (Europe/London). Dates are ISO "YYYY-MM-DD" strings, which compare
 * correctly as plain strings; "today" is always passed in so every rule that uses it stays pure and testable.
 */

import { dateFormatter } from "./date-formatter";

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

/** True for a real calendar date in YYYY-MM-DD form (rejects 2026-02-30). */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // Arithmetic, not a Date round trip: this runs for every date on every page. Years before 100 are refused, as
  // JavaScript's Date reads them as 19xx.
  return y >= 100 && m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m);
}

function daysInMonth(year: number, month: number): number {
  if (month !== 2) return [4, 6, 9, 11].includes(month) ? 30 : 31;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return leap ? 29 : 28;
}

/**
 * Reads the calendar date from a stored value; a timestamp such as
 * "2026-11-22T09:00:00Z" keeps its date part. Anything else → null.
 */
export function toIsoDate(value: string | null | undefined): string | null {
  if (typeof value !== "string") return null;
  const candidate = value.trim().slice(0, 10);
  return isIsoDate(candidate) ? candidate : null;
}

/**
 * Today's date in the shop's time zone. Intl with an explicit zone works the
 * same in the browser and Node, so a late-evening UTC clock still gives the
 * UK date during British Summer Time.
 */
const londonDate = dateFormatter("en-CA", {
  timeZone: "Europe/London",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});
export function todayInLondon(now: Date = new Date()): string {
  // Every request asks; London's offsets are whole hours, so its date can only change on a whole minute.
  const minute = Math.floor(now.getTime() / 60_000);
  if (minute === lastToday.minute) return lastToday.date;
  const parts = londonDate().formatToParts(now);
  // formatToParts rather than format(): the exact en-CA pattern varies between ICU versions.
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  const date = `${part("year")}-${part("month")}-${part("day")}`;
  lastToday = { minute, date };
  return date;
}
let lastToday = { minute: Number.NaN, date: "" };

/** Adds (or with n < 0 subtracts) whole days. Throws on an invalid date: a caller bug. */
export function addDays(isoDate: string, n: number): string {
  if (!isIsoDate(isoDate)) throw new RangeError(`Not an ISO date: ${isoDate}`);
  if (!Number.isInteger(n)) throw new RangeError(`Not a whole number of days: ${n}`);
  // UTC midnight has no DST jumps, so adding 24h steps is exact.
  const start = Date.parse(`${isoDate}T00:00:00Z`);
  return new Date(start + n * MS_PER_DAY).toISOString().slice(0, 10);
}

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

/** "22 November 2026"; empty text for a missing or invalid date. */
export function formatDateGB(isoDate: string | null | undefined): string {
  const date = toIsoDate(isoDate);
  if (date === null) return "";
  // The words of en-GB's long date, spelt out rather than asked of Intl: a page shows many dates, and the browser's
  // first Intl formatter loads time-zone data on the main thread while the page hydrates. A test holds it to Intl.
  return `${Number(date.slice(8, 10))} ${MONTHS[Number(date.slice(5, 7)) - 1]} ${Number(date.slice(0, 4))}`;
}

const gbDateTime = dateFormatter("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "Europe/London",
});

/** A stored UTC instant as London reads it: "25 Nov 2026, 14:05"; empty text for a missing or invalid one. */
export function formatDateTimeGB(instant: string | null | undefined): string {
  if (!instant) return "";
  const ms = Date.parse(instant);
  return Number.isNaN(ms) ? "" : gbDateTime().format(new Date(ms));
}

const gbShortDay = dateFormatter("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "Europe/London",
});

/** The London day of a stored UTC instant, short: "26 Nov 2026"; empty text for a missing or invalid one. */
export function formatDayGB(instant: string | null | undefined): string {
  if (!instant) return "";
  const ms = Date.parse(instant);
  return Number.isNaN(ms) ? "" : gbShortDay().format(new Date(ms));
}

/** Day of the week of an ISO date, 0 = Sunday … 6 = Saturday. */
export function weekday(isoDate: string): number {
  return new Date(`${isoDate}T00:00:00Z`).getUTCDay();
}
