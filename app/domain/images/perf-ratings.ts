/**
 * Ratings for the image performance test page, with the thresholds of spec §9. Pure: no browser APIs.
 *
 * - Images: under the 1000 ms slow-resource threshold is good; from 1000 ms slow (needs improvement);
 *   from the 1500 ms image preload timeout poor (the image would have missed a preload).
 * - LCP: good under 2500 ms, poor from 4000 ms.
 * - CLS: needs improvement from 0.1, poor from 0.25.
 * - INP: the spec gives only FID's thresholds (needs improvement from 100 ms, poor from 300 ms), so INP is
 *   rated with those; they are stricter than web.dev's INP thresholds (200/500 ms).
 */

export type Rating = "good" | "needs-improvement" | "poor";

export interface Thresholds {
  /** The value from which a measurement needs improvement. */
  needsImprovement: number;
  /** The value from which it is poor. */
  poor: number;
}

export const SLOW_RESOURCE_THRESHOLD_MS = 1000;
export const IMAGE_PRELOAD_TIMEOUT_MS = 1500;

export const IMAGE_LOAD_THRESHOLDS: Thresholds = { needsImprovement: SLOW_RESOURCE_THRESHOLD_MS, poor: IMAGE_PRELOAD_TIMEOUT_MS };
export const LCP_THRESHOLDS: Thresholds = { needsImprovement: 2500, poor: 4000 };
export const CLS_THRESHOLDS: Thresholds = { needsImprovement: 0.1, poor: 0.25 };
/** FID's thresholds from spec §9, used for INP. */
export const INP_THRESHOLDS: Thresholds = { needsImprovement: 100, poor: 300 };

/** Rates a measurement: below needsImprovement is good, from poor it is poor. Invalid values throw. */
export function rate(value: number, { needsImprovement, poor }: Thresholds): Rating {
  if (!Number.isFinite(value) || value < 0) throw new RangeError(`Cannot rate ${value}: expected a finite number ≥ 0.`);
  if (value >= poor) return "poor";
  if (value >= needsImprovement) return "needs-improvement";
  return "good";
}

export const rateImageLoad = (ms: number): Rating => rate(ms, IMAGE_LOAD_THRESHOLDS);
export const rateLcp = (ms: number): Rating => rate(ms, LCP_THRESHOLDS);
export const rateCls = (score: number): Rating => rate(score, CLS_THRESHOLDS);
export const rateInp = (ms: number): Rating => rate(ms, INP_THRESHOLDS);

export const RATING_LABELS: Record<Rating, string> = {
  good: "Good",
  "needs-improvement": "Needs improvement",
  poor: "Poor",
};

/** What an image's rating means, in words. */
export const IMAGE_RATING_LABELS: Record<Rating, string> = {
  good: "Fast",
  "needs-improvement": "Slow",
  poor: "Over timeout",
};

/** "640 ms" under 10 s, "12.3 s" from there. */
export function formatMs(ms: number): string {
  if (!Number.isFinite(ms)) return "–";
  return ms < 10_000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** CLS is unitless; three decimals show the 0.1 and 0.25 thresholds clearly. */
export function formatCls(score: number): string {
  return Number.isFinite(score) ? score.toFixed(3) : "–";
}

/** "850 B", "12.4 kB", "1.2 MB" (decimal units, like browser dev tools). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return "–";
  if (bytes < 1000) return `${Math.round(bytes)} B`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} kB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

export interface TimingSummary {
  count: number;
  /** Mean load time in ms, or null with no timings. */
  average: number | null;
  median: number | null;
  slowest: number | null;
  byRating: Record<Rating, number>;
}

/** Count, mean, median, slowest and how many images fall in each rating. Invalid values are ignored. */
export function summariseImageTimings(durations: readonly number[]): TimingSummary {
  const valid = durations.filter((d) => Number.isFinite(d) && d >= 0).sort((a, b) => a - b);
  const byRating: Record<Rating, number> = { good: 0, "needs-improvement": 0, poor: 0 };
  for (const d of valid) byRating[rateImageLoad(d)]++;
  if (valid.length === 0) return { count: 0, average: null, median: null, slowest: null, byRating };
  const mid = Math.floor(valid.length / 2);
  const median = valid.length % 2 ? valid[mid]! : (valid[mid - 1]! + valid[mid]!) / 2;
  return {
    count: valid.length,
    average: valid.reduce((sum, d) => sum + d, 0) / valid.length,
    median,
    slowest: valid[valid.length - 1]!,
    byRating,
  };
}
