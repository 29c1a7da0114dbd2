/**
 * Working days: Monday to Friday, less the bank holidays of England and Wales, where the shop packs and from
 * where Royal Mail's tracked services count. Delivery promises and the record club's dispatch days both count in
 * them, so an order placed on Christmas Eve is not promised for Boxing Day.
 *
 * The holidays follow the standing rules (gov.uk/bank-holidays): New Year's Day, Good Friday, Easter Monday, the
 * first and last Mondays of May, the last Monday of August, Christmas Day and Boxing Day, each moved to the next
 * free weekday when it falls on a weekend. A one-off holiday (a coronation, a jubilee) is proclaimed a year or
 * so ahead and goes in EXTRA_BANK_HOLIDAYS.
 */
import { addDays, isIsoDate, weekday } from "./dates";

/** Proclaimed one-off bank holidays (ISO dates); none are announced for the years the shop now sells in. */
const EXTRA_BANK_HOLIDAYS: readonly string[] = [];

const pad = (n: number) => String(n).padStart(2, "0");
const iso = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;

/** Easter Sunday of a Gregorian year (the anonymous Gregorian computus). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return iso(year, month, day);
}

/** The first (`nth` = 1) or last (`nth` = -1) Monday of a month. */
function monday(year: number, month: number, nth: 1 | -1): string {
  if (nth === 1) {
    const first = iso(year, month, 1);
    return addDays(first, (8 - weekday(first)) % 7);
  }
  const last = iso(year, month, new Date(Date.UTC(year, month, 0)).getUTCDate());
  return addDays(last, -((weekday(last) + 6) % 7));
}

const memo = new Map<number, ReadonlySet<string>>();

/** The bank holidays of England and Wales in `year`, as ISO dates. */
export function bankHolidays(year: number): ReadonlySet<string> {
  const known = memo.get(year);
  if (known) return known;
  const days = new Set<string>();
  // A holiday on a weekend moves to the next weekday that is not already a holiday (Christmas before Boxing Day).
  const substitute = (date: string) => {
    let day = date;
    while (weekday(day) === 0 || weekday(day) === 6 || days.has(day)) day = addDays(day, 1);
    days.add(day);
  };
  substitute(iso(year, 1, 1));
  const easter = easterSunday(year);
  days.add(addDays(easter, -2));
  days.add(addDays(easter, 1));
  days.add(monday(year, 5, 1));
  days.add(monday(year, 5, -1));
  days.add(monday(year, 8, -1));
  substitute(iso(year, 12, 25));
  substitute(iso(year, 12, 26));
  for (const extra of EXTRA_BANK_HOLIDAYS) if (extra.startsWith(`${year}-`)) days.add(extra);
  memo.set(year, days);
  return days;
}

/** Monday to Friday and not a bank holiday. */
export function isWorkingDay(isoDate: string): boolean {
  const day = weekday(isoDate);
  if (day === 0 || day === 6) return false;
  return !bankHolidays(Number(isoDate.slice(0, 4))).has(isoDate);
}

/** The n-th working day after `isoDate` (n ≥ 0); the start day itself never counts. Throws on a bad date. */
export function addWorkingDays(isoDate: string, n: number): string {
  if (!isIsoDate(isoDate)) throw new RangeError(`Not an ISO date: ${isoDate}`);
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`Not a whole number of working days: ${n}`);
  let date = isoDate;
  let left = n;
  while (left > 0) {
    date = addDays(date, 1);
    if (isWorkingDay(date)) left -= 1;
  }
  return date;
}

/** `isoDate` itself when it is a working day, otherwise the next one. */
export function workingDayOnOrAfter(isoDate: string): string {
  let date = isoDate;
  while (!isWorkingDay(date)) date = addDays(date, 1);
  return date;
}
