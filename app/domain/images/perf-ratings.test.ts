import { describe, expect, it } from "vitest";
import {
  formatBytes,
  formatCls,
  formatMs,
  IMAGE_PRELOAD_TIMEOUT_MS,
  rate,
  rateCls,
  rateImageLoad,
  rateInp,
  rateLcp,
  SLOW_RESOURCE_THRESHOLD_MS,
  summariseImageTimings,
} from "./perf-ratings";

describe("spec §9 thresholds", () => {
  it("rates image loads against the slow-resource threshold and the preload timeout", () => {
    expect(SLOW_RESOURCE_THRESHOLD_MS).toBe(1000);
    expect(IMAGE_PRELOAD_TIMEOUT_MS).toBe(1500);
    expect(rateImageLoad(0)).toBe("good");
    expect(rateImageLoad(999.9)).toBe("good");
    expect(rateImageLoad(1000)).toBe("needs-improvement");
    expect(rateImageLoad(1499)).toBe("needs-improvement");
    expect(rateImageLoad(1500)).toBe("poor");
    expect(rateImageLoad(60_000)).toBe("poor");
  });

  it("rates LCP: good under 2500 ms, poor from 4000 ms", () => {
    expect(rateLcp(2499)).toBe("good");
    expect(rateLcp(2500)).toBe("needs-improvement");
    expect(rateLcp(3999)).toBe("needs-improvement");
    expect(rateLcp(4000)).toBe("poor");
  });

  it("rates CLS: needs improvement from 0.1, poor from 0.25", () => {
    expect(rateCls(0)).toBe("good");
    expect(rateCls(0.099)).toBe("good");
    expect(rateCls(0.1)).toBe("needs-improvement");
    expect(rateCls(0.249)).toBe("needs-improvement");
    expect(rateCls(0.25)).toBe("poor");
  });

  it("rates INP with FID's 100/300 ms thresholds", () => {
    expect(rateInp(99)).toBe("good");
    expect(rateInp(100)).toBe("needs-improvement");
    expect(rateInp(299)).toBe("needs-improvement");
    expect(rateInp(300)).toBe("poor");
  });

  it("refuses values that are not measurements", () => {
    for (const bad of [NaN, -1, Infinity]) expect(() => rate(bad, { needsImprovement: 1, poor: 2 })).toThrow(RangeError);
  });
});

describe("formatting", () => {
  it("formats milliseconds, CLS and bytes", () => {
    expect(formatMs(12.4)).toBe("12 ms");
    expect(formatMs(1499.6)).toBe("1500 ms");
    expect(formatMs(12_345)).toBe("12.3 s");
    expect(formatMs(NaN)).toBe("–");
    expect(formatCls(0.1234)).toBe("0.123");
    expect(formatBytes(850)).toBe("850 B");
    expect(formatBytes(12_400)).toBe("12.4 kB");
    expect(formatBytes(1_250_000)).toBe("1.3 MB");
    expect(formatBytes(-1)).toBe("–");
  });
});

describe("summariseImageTimings", () => {
  it("summarises count, mean, median, slowest and ratings", () => {
    expect(summariseImageTimings([200, 1200, 1600, 400])).toEqual({
      count: 4,
      average: 850,
      median: 800,
      slowest: 1600,
      byRating: { good: 2, "needs-improvement": 1, poor: 1 },
    });
    expect(summariseImageTimings([300, 100, 200]).median).toBe(200);
  });

  it("ignores invalid values and handles none", () => {
    expect(summariseImageTimings([NaN, -5])).toEqual({
      count: 0,
      average: null,
      median: null,
      slowest: null,
      byRating: { good: 0, "needs-improvement": 0, poor: 0 },
    });
  });
});
