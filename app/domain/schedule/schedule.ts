/**
 * The release schedule: release dates of pre-orders and new releases, and the time a record or magazine
 * post appears. Times are entered as Europe/London wall-clock time and stored as UTC ISO instants.
 */
import { NEW_RELEASE_WINDOW_DAYS } from "~/domain/home/home-filters";
import { isPreOrder } from "~/domain/catalogue/pre-order";
import { addDays, isIsoDate, toIsoDate, weekday } from "~/domain/shared/dates";
import { dateFormatter } from "~/domain/shared/date-formatter";
import { z } from "~/domain/shared/zod";

const londonParts = dateFormatter("en-GB", {
  timeZone: "Europe/London",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

const HOUR_MS = 3_600_000;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** London wall-clock date and time ("2026-03-29", "01:30") of an instant. */
export function londonLocal(instant: Date | string): { date: string; time: string } {
  const d = typeof instant === "string" ? new Date(instant) : instant;
  const parts = londonParts().formatToParts(d);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return { date: `${part("year")}-${part("month")}-${part("day")}`, time: `${part("hour")}:${part("minute")}` };
}

/**
 * The UTC instant ("2026-12-01T09:00:00.000Z") of a London wall-clock date and time, or null when that time
 * does not exist (the hour skipped when the clocks go forward) or the input is not a date and time.
 * London is UTC+0 or UTC+1, so the instant is one of two candidates; in the hour that happens twice when
 * the clocks go back, the first (still British Summer Time) is taken.
 */
export function londonToUtc(date: string, time: string): string | null {
  const match = TIME.exec(time);
  if (!isIsoDate(date) || !match) return null;
  const asUtc = Date.parse(`${date}T${time}:00Z`);
  const found = [asUtc - HOUR_MS, asUtc].find((t) => {
    const local = londonLocal(new Date(t));
    return local.date === date && local.time === time;
  });
  return found === undefined ? null : new Date(found).toISOString();
}

/** "1 December 2026, 09:00" in London time, for the back office. */
export function formatLondonInstant(instant: string): string {
  const { date, time } = londonLocal(instant);
  const [y, m, d] = date.split("-").map(Number);
  const month = new Date(Date.UTC(y!, m! - 1, 1)).toLocaleString("en-GB", { month: "long", timeZone: "UTC" });
  return `${d} ${month} ${y}, ${time}`;
}

// --- release status -----------------------------------------------------------------------------------

export type ReleaseStatus = "pre-order" | "new-release" | "released" | "undated";

/**
 * What a release date makes a record (spec §4, §5): after today a pre-order; up to 40 days before today a
 * new release; earlier, in the back catalogue. Derived, never stored: moving the date moves the status.
 */
export function releaseStatus(releaseDate: string | null | undefined, today: string): ReleaseStatus {
  const date = toIsoDate(releaseDate);
  if (date === null) return "undated";
  if (isPreOrder(date, today)) return "pre-order";
  return date >= addDays(today, -NEW_RELEASE_WINDOW_DAYS) ? "new-release" : "released";
}

export const RELEASE_STATUS_LABELS: Record<ReleaseStatus, string> = {
  "pre-order": "Pre-order",
  "new-release": "New release",
  released: "Released",
  undated: "No date",
};

// --- months --------------------------------------------------------------------------------------------

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

export const monthSchema = z.string().regex(MONTH, "Choose a month as YYYY-MM.");

/** The first and last day of a month ("2026-12" → 2026-12-01 … 2026-12-31). */
export function monthRange(month: string): { from: string; to: string } {
  const [y, m] = month.split("-").map(Number);
  const last = new Date(Date.UTC(y!, m!, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, "0")}` };
}

/** The month n months after (or before) another. */
export function addMonths(month: string, n: number): string {
  const [y, m] = month.split("-").map(Number);
  const d = new Date(Date.UTC(y!, m! - 1 + n, 1));
  return d.toISOString().slice(0, 7);
}

/** "December 2026". */
export function formatMonth(month: string): string {
  const [y, m] = month.split("-").map(Number);
  return new Date(Date.UTC(y!, m! - 1, 1)).toLocaleString("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });
}

/**
 * The weeks of a month as rows of seven days, Monday first; days outside the month are null.
 */
export function monthGrid(month: string): (string | null)[][] {
  const { from, to } = monthRange(month);
  const firstWeekday = (weekday(from) + 6) % 7; // Monday = 0
  const days: (string | null)[] = Array.from({ length: firstWeekday }, () => null);
  for (let d = from; d <= to; d = addDays(d, 1)) days.push(d);
  while (days.length % 7 !== 0) days.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < days.length; i += 7) weeks.push(days.slice(i, i + 7));
  return weeks;
}

// --- inputs (one schema for form, action and procedure) -------------------------------------------------

const isoDate = z
  .string({ error: "Enter a date." })
  .trim()
  .refine((v) => isIsoDate(v), "Enter a real date (YYYY-MM-DD).");

const recordId = z.coerce
  .number({ error: "Choose a record." })
  .int("Choose a record.")
  .positive("Choose a record.")
  .max(2 ** 31, "Choose a record.");

/** A checkbox: "on" when ticked, absent when not. */
const ticked = z.preprocess((v) => v === true || v === "on" || v === "true", z.boolean().default(false));

/** Move a release date; the physical release moves by as many days unless kept (physical-release.ts). */
export const moveReleaseDateSchema = z.object({
  recordId,
  releaseDate: isoDate,
  keepPhysicalReleaseDate: ticked,
});
export type MoveReleaseDateInput = z.infer<typeof moveReleaseDateSchema>;

export const SCHEDULE_KINDS = ["record", "post"] as const;
export type ScheduleKind = (typeof SCHEDULE_KINDS)[number];

/** A record by its id, a post by its id or slug. */
const target = z
  .string({ error: "Choose a record or post." })
  .trim()
  .min(1, "Choose a record or post.")
  .max(200, "Choose a record or post.");

/** Schedule to appear at a London date and time. */
export const scheduleSchema = z
  .object({
    kind: z.enum(SCHEDULE_KINDS, { error: "Choose a record or a post." }),
    target,
    date: isoDate,
    time: z.string({ error: "Enter a time." }).trim().regex(TIME, "Enter a time as HH:MM (24-hour)."),
  })
  .transform((v, ctx) => {
    const publishAt = londonToUtc(v.date, v.time);
    if (publishAt === null) {
      ctx.addIssue({ code: "custom", path: ["time"], message: "That time does not exist in London (the clocks go forward)." });
      return z.NEVER;
    }
    return { kind: v.kind, target: v.target, publishAt };
  });
export type ScheduleInput = z.output<typeof scheduleSchema>;

/** Publish now, or take the schedule off (hidden from the public, or shown at once). */
export const publishNowSchema = z.object({
  kind: z.enum(SCHEDULE_KINDS, { error: "Choose a record or a post." }),
  target,
});
export type PublishNowInput = z.infer<typeof publishNowSchema>;

export const calendarQuerySchema = z.object({ month: monthSchema });

/** Releases from a date on, or between two dates (a month of the schedule's list). */
export const upcomingQuerySchema = z.object({
  from: isoDate.optional(),
  to: isoDate.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type UpcomingQuery = z.infer<typeof upcomingQuerySchema>;

/** The schedule page, in the back office. */
export const SCHEDULE_PATH = "/admin/schedule-management";

/** The schedule page's address: ?month=YYYY-MM&view=list&page=N; anything malformed shows the defaults. */
export const schedulePageQuerySchema = z.object({
  month: monthSchema.optional().catch(undefined),
  view: z.enum(["calendar", "list"]).catch("calendar").default("calendar"),
  page: upcomingQuerySchema.shape.page.catch(1),
});
