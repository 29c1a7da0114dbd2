import { dateFormatter } from "../shared/date-formatter";

const londonTime = dateFormatter("en-GB", { hour: "2-digit", minute: "2-digit", timeZone: "Europe/London" });

/** An instant as a London clock time, "10:42": how the waiting page and checkout say when a hold ends. */
export function londonClockTime(instant: string): string {
  const ms = Date.parse(instant);
  return Number.isNaN(ms) ? "" : londonTime().format(new Date(ms));
}
