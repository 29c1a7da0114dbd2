import { addDays, todayInLondon, weekday } from "~/domain/shared/dates";
import { dateFormatter } from "~/domain/shared/date-formatter";

const londonOffset = dateFormatter("en-GB", { timeZone: "Europe/London", timeZoneName: "shortOffset" });

/**
 * The UTC instant at which a London calendar day begins. London's clocks change at 01:00 UTC, so the offset
 * in force at that day's UTC midnight is the one in force at its London midnight as well.
 */
export function londonDayStart(isoDate: string): string {
  const utcMidnight = new Date(`${isoDate}T00:00:00Z`);
  const name =
    londonOffset()
      .formatToParts(utcMidnight)
      .find((p) => p.type === "timeZoneName")?.value ?? "GMT";
  const hours = Number(/GMT([+-]\d+)?/.exec(name)?.[1] ?? 0);
  return new Date(utcMidnight.getTime() - hours * 3_600_000).toISOString();
}

/** Monday of the London week a day falls in (weeks run Monday to Sunday in the UK). */
export function mondayOf(isoDate: string): string {
  return addDays(isoDate, -((weekday(isoDate) + 6) % 7));
}

/** The periods the dashboard reports on, as UTC instants to compare with stored timestamps. */
export function dashboardPeriods(now: Date = new Date()) {
  const today = todayInLondon(now);
  return {
    today,
    todayStart: londonDayStart(today),
    weekStart: londonDayStart(mondayOf(today)),
    thirtyDaysStart: londonDayStart(addDays(today, -29)),
    /** Pre-orders releasing from tomorrow to 14 days on. */
    releaseWindow: { from: addDays(today, 1), to: addDays(today, 14) },
  };
}

/** Average order value in whole pence (0 when there were no orders). */
export function averagePence(totalPence: number, orders: number): number {
  return orders > 0 ? Math.round(totalPence / orders) : 0;
}
