import { describe, expect, it } from "vitest";
import { cpuMsFromStat, median, processCpuMs } from "./bench-support";

describe("a process's CPU time for the benchmarks", () => {
  it("adds user and system ticks (fields 14 and 15) of a stat line, whatever the command name holds", () => {
    const rest = "S 1 2 3 4 5 6 7 8 9 10 1234 56 0 0 20 0 3 0 100";
    expect(cpuMsFromStat(`4242 (node) ${rest}`)).toBe((1234 + 56) * 10);
    // A name with spaces and a parenthesis of its own does not shift the fields.
    expect(cpuMsFromStat(`4242 (my (odd) name) ${rest}`)).toBe(12_900);
    expect(() => cpuMsFromStat("garbage")).toThrow(/not a \/proc stat line/);
  });

  it("reads this very process on Linux, and nothing for a process that is not there", () => {
    if (process.platform === "linux") {
      const spent = processCpuMs(process.pid);
      expect(spent).toBeGreaterThanOrEqual(0);
      // The test runner has done work by now; this process's own count agrees to within the 10 ms ticks.
      const own = process.cpuUsage();
      expect(Math.abs(spent! - (own.user + own.system) / 1000)).toBeLessThan(50);
    }
    expect(processCpuMs(undefined)).toBeNull();
    expect(processCpuMs(2 ** 30)).toBeNull();
  });
});

describe("the benchmark's ceiling", () => {
  it("is the middle of its measurements, whatever their order", () => {
    expect(median([15_000, 11_000, 14_000])).toBe(14_000);
    expect(median([9, 1])).toBe(5);
    expect(median([7])).toBe(7);
  });
});
