/**
 * A limited record's on-sale time: whether it can be bought at an instant, how the shop says when it goes on sale
 * (Europe/London, the shop's time), and the Record Store Day rule.
 */
import { formatDateGB } from "~/domain/shared/dates";
import { londonLocal, londonToUtc } from "~/domain/schedule/schedule";

export type SaleState = { state: "on-sale" } | { state: "not-yet"; onSaleAt: string };

/** On sale when there is no on-sale time, or once it has come. */
export function saleStateAt(onSaleAt: string | null | undefined, now: Date): SaleState {
  if (!onSaleAt) return { state: "on-sale" };
  const at = Date.parse(onSaleAt);
  if (Number.isNaN(at) || at <= now.getTime()) return { state: "on-sale" };
  return { state: "not-yet", onSaleAt: new Date(at).toISOString() };
}

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

/** "08:00 on Saturday 18 April 2026": the on-sale time as London reads it. */
export function formatOnSaleTime(onSaleAt: string): string {
  const { date, time } = londonLocal(onSaleAt);
  const day = WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()];
  return `${time} on ${day} ${formatDateGB(date)}`;
}

/** What the record page and the refusals say: "On sale at 08:00 on Saturday 18 April 2026". */
export const onSaleNotice = (onSaleAt: string) => `On sale at ${formatOnSaleTime(onSaleAt)}`;

/** The server's refusal of a record bought (or put in a cart) before its on-sale time. */
export const notOnSaleYetMessage = (title: string, onSaleAt: string) =>
  `"${title}" goes on sale at ${formatOnSaleTime(onSaleAt)}; it can't be bought before then.`;

/** Record Store Day titles go on sale at 08:00 London time on the day at the earliest (the organisers' rule). */
export const RECORD_STORE_DAY_OPENING = "08:00";

/** True when a Record Store Day on-sale time is not before 08:00 London time on its day. */
export function respectsRecordStoreDayOpening(onSaleAt: string): boolean {
  const { date } = londonLocal(onSaleAt);
  const opening = londonToUtc(date, RECORD_STORE_DAY_OPENING);
  return opening !== null && Date.parse(onSaleAt) >= Date.parse(opening);
}

/**
 * A plain countdown to the on-sale time: "2 days 3 hours", "1 hour 4 minutes", "4 minutes 5 seconds", "now".
 * Coarser as it is further away, so the text does not flicker for a time days ahead.
 */
export function countdownText(msLeft: number): string {
  if (msLeft <= 0) return "now";
  const seconds = Math.ceil(msLeft / 1000);
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const secs = seconds % 60;
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  if (days > 0) return hours > 0 ? `${unit(days, "day")} ${unit(hours, "hour")}` : unit(days, "day");
  if (hours > 0) return minutes > 0 ? `${unit(hours, "hour")} ${unit(minutes, "minute")}` : unit(hours, "hour");
  if (minutes > 0) return secs > 0 ? `${unit(minutes, "minute")} ${unit(secs, "second")}` : unit(minutes, "minute");
  return unit(secs, "second");
}
