import { londonDayStart, mondayOf } from "~/domain/admin/periods";
import { addDays, isIsoDate } from "~/domain/shared/dates";
import { z } from "~/domain/shared/zod";

/**
 * The business analysis page's period: a preset or a custom from/to (London calendar days, both inclusive),
 * read in buckets of a day, a week (Monday to Sunday) or a calendar month, against the period of the same
 * length just before it.
 */
export const RANGE_PRESETS = ["7d", "30d", "90d", "year", "custom"] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];
export const PRESET_LABELS: Record<RangePreset, string> = {
  "7d": "Last 7 days",
  "30d": "Last 30 days",
  "90d": "Last 90 days",
  year: "This year",
  custom: "From … to …",
};

export const GRANULARITIES = ["day", "week", "month"] as const;
export type Granularity = (typeof GRANULARITIES)[number];

/** The longest period the page reads (about three years). */
export const MAX_RANGE_DAYS = 1096;
/** More day buckets than this are read by the week instead. */
export const MAX_DAY_BUCKETS = 400;
/** More week buckets than this are read by the month instead. */
export const MAX_WEEK_BUCKETS = 110;

const isoDate = z
  .string()
  .trim()
  .refine((v) => v === "" || isIsoDate(v), "Dates must be real days written YYYY-MM-DD.");

/** The page's GET form, the CSV link and the admin.analysis procedures all read this one schema. */
export const analysisQuerySchema = z
  .object({
    preset: z.enum(RANGE_PRESETS, { error: "Choose one of the listed periods." }).default("30d"),
    from: isoDate.optional(),
    to: isoDate.optional(),
    granularity: z.enum(GRANULARITIES, { error: "Read by day, week or month." }).default("day"),
  })
  .superRefine((q, ctx) => {
    if (q.preset !== "custom") return;
    if (!q.from || !q.to) {
      ctx.addIssue({ code: "custom", path: ["from"], message: "A custom period needs both a from and a to date." });
      return;
    }
    if (q.from > q.to) ctx.addIssue({ code: "custom", path: ["to"], message: "The to date must not be before the from date." });
    else if (daysBetween(q.from, q.to) > MAX_RANGE_DAYS)
      ctx.addIssue({ code: "custom", path: ["to"], message: "A period can be at most three years long." });
  });
export type AnalysisQuery = z.output<typeof analysisQuerySchema>;

/** The period form as the address asked for it (defaults filled in), to show it again as it was typed. */
export function analysisAsked(params: URLSearchParams): Record<keyof AnalysisQuery, string> {
  return {
    preset: params.get("preset") ?? "30d",
    from: params.get("from") ?? "",
    to: params.get("to") ?? "",
    granularity: params.get("granularity") ?? "day",
  };
}

/** Whole days from one ISO date to another, counting both (2026-11-01 to 2026-11-01 is 1). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

export interface Bucket {
  /** Its first day, YYYY-MM-DD: a stable key for tables and CSV. */
  key: string;
  label: string;
  /** First and last London day inside the period. */
  from: string;
  to: string;
  /** The UTC instants it covers, start inclusive, end exclusive, to compare with stored timestamps. */
  startUtc: string;
  endUtc: string;
}

export interface Period {
  from: string;
  to: string;
  days: number;
  startUtc: string;
  endUtc: string;
  buckets: Bucket[];
}

export interface AnalysisRange {
  preset: RangePreset;
  granularity: Granularity;
  /** Set when the asked granularity would make too many buckets and a coarser one was used. */
  notice: string | null;
  current: Period;
  previous: Period;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const dayLabel = (d: string) => `${Number(d.slice(8, 10))} ${MONTHS[Number(d.slice(5, 7)) - 1]}`;
const monthStart = (d: string) => `${d.slice(0, 7)}-01`;
function nextMonthStart(d: string): string {
  const y = Number(d.slice(0, 4));
  const m = Number(d.slice(5, 7));
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, "0")}-01`;
}

/** The start of the bucket a day falls in. */
export function bucketStart(day: string, granularity: Granularity): string {
  return granularity === "day" ? day : granularity === "week" ? mondayOf(day) : monthStart(day);
}

function bucketLabel(start: string, granularity: Granularity): string {
  if (granularity === "day") return dayLabel(start);
  if (granularity === "week") return `w/c ${dayLabel(start)}`;
  return `${MONTHS[Number(start.slice(5, 7)) - 1]} ${start.slice(0, 4)}`;
}

/** The buckets of a period, the first and last cut to the period so every bucket's days are inside it. */
export function bucketsOf(from: string, to: string, granularity: Granularity): Bucket[] {
  const buckets: Bucket[] = [];
  let start = bucketStart(from, granularity);
  while (start <= to) {
    const next = granularity === "day" ? addDays(start, 1) : granularity === "week" ? addDays(start, 7) : nextMonthStart(start);
    const first = start < from ? from : start;
    const lastDay = addDays(next, -1);
    const last = lastDay > to ? to : lastDay;
    buckets.push({
      key: start,
      label: bucketLabel(start, granularity),
      from: first,
      to: last,
      startUtc: londonDayStart(first),
      endUtc: londonDayStart(addDays(last, 1)),
    });
    start = next;
  }
  return buckets;
}

function periodOf(from: string, to: string, granularity: Granularity): Period {
  return {
    from,
    to,
    days: daysBetween(from, to),
    startUtc: londonDayStart(from),
    endUtc: londonDayStart(addDays(to, 1)),
    buckets: bucketsOf(from, to, granularity),
  };
}

/** The bucket count a period would have, without building it. */
function bucketCount(from: string, to: string, granularity: Granularity): number {
  if (granularity === "day") return daysBetween(from, to);
  if (granularity === "week") return Math.floor((daysBetween(mondayOf(from), to) + 6) / 7);
  const months = (s: string) => Number(s.slice(0, 4)) * 12 + Number(s.slice(5, 7));
  return months(to) - months(from) + 1;
}

/** The dates a query stands for, on a given London day. */
export function resolveRange(query: AnalysisQuery, today: string): AnalysisRange {
  let from: string;
  let to = today;
  switch (query.preset) {
    case "7d":
      from = addDays(today, -6);
      break;
    case "30d":
      from = addDays(today, -29);
      break;
    case "90d":
      from = addDays(today, -89);
      break;
    case "year":
      from = `${today.slice(0, 4)}-01-01`;
      break;
    case "custom":
      from = query.from!;
      to = query.to!;
      break;
  }
  let granularity = query.granularity;
  let notice: string | null = null;
  if (granularity === "day" && bucketCount(from, to, "day") > MAX_DAY_BUCKETS) {
    granularity = "week";
    notice = `More than ${MAX_DAY_BUCKETS} days is read by the week.`;
  }
  if (granularity === "week" && bucketCount(from, to, "week") > MAX_WEEK_BUCKETS) {
    granularity = "month";
    notice = `More than ${MAX_WEEK_BUCKETS} weeks is read by the month.`;
  }
  const days = daysBetween(from, to);
  const previousTo = addDays(from, -1);
  const previousFrom = addDays(from, -days);
  return {
    preset: query.preset,
    granularity,
    notice,
    current: periodOf(from, to, granularity),
    previous: periodOf(previousFrom, previousTo, granularity),
  };
}

/** The query as URL parameters (for links such as the CSV downloads); defaults left out. */
export function analysisSearch(query: AnalysisQuery, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams(extra);
  if (query.preset !== "30d") params.set("preset", query.preset);
  if (query.preset === "custom") {
    if (query.from) params.set("from", query.from);
    if (query.to) params.set("to", query.to);
  }
  if (query.granularity !== "day") params.set("granularity", query.granularity);
  const search = params.toString();
  return search ? `?${search}` : "";
}
