import { spawn } from "node:child_process";
import fs from "node:fs";
import { once } from "node:events";
import { describe, expect, it, vi } from "vitest";
import {
  benchEnvironment,
  BenchFailure,
  cpuMsFromStat,
  descendantsOf,
  failUnlessMeasured,
  median,
  parentPidFromStat,
  printTable,
  processCpuMs,
  tailRatio,
  unmeasured,
} from "./bench-support";

const statLine = (pid: number, ppid: number, name = "node") =>
  `${pid} (${name}) S ${ppid} 2 3 4 5 6 7 8 9 10 1234 56 0 0 20 0 3 0 100`;

describe("a process's CPU time for the benchmarks", () => {
  it("adds user and system ticks (fields 14 and 15) of a stat line, whatever the command name holds", () => {
    const rest = "S 1 2 3 4 5 6 7 8 9 10 1234 56 0 0 20 0 3 0 100";
    expect(cpuMsFromStat(`4242 (node) ${rest}`)).toBe((1234 + 56) * 10);
    // A name with spaces and a parenthesis of its own does not shift the fields.
    expect(cpuMsFromStat(`4242 (my (odd) name) ${rest}`)).toBe(12_900);
    expect(() => cpuMsFromStat("garbage")).toThrow(/not a \/proc stat line/);
  });

  it("reads a process's parent, and finds every process under one (a cluster's workers), not its siblings", () => {
    expect(parentPidFromStat(statLine(11, 10, "a (b) c"))).toBe(10);
    const stats = new Map([
      [10, statLine(10, 1)],
      [11, statLine(11, 10)],
      [12, statLine(12, 11)],
      [13, statLine(13, 1)],
      [14, statLine(14, 10)],
    ]);
    expect(descendantsOf(10, stats).sort()).toEqual([10, 11, 12, 14]);
    expect(descendantsOf(13, stats)).toEqual([13]);
  });

  it("counts a child's CPU time with its parent's on Linux, and nothing for a process that is not there", async () => {
    if (process.platform === "linux") {
      // A child that spends 100 ms of CPU time, says so, then idles until its input closes: its count no longer moves.
      const child = spawn(process.execPath, [
        "-e",
        "while (process.cpuUsage().user < 100_000); process.stdout.write('done'); process.stdin.resume();",
      ]);
      await once(child.stdout, "data");
      const own = cpuMsFromStat(fs.readFileSync(`/proc/${process.pid}/stat`, "utf8"));
      const childs = processCpuMs(child.pid)!;
      const tree = processCpuMs(process.pid)!;
      child.stdin.end();
      await once(child, "exit");
      expect(childs).toBeGreaterThanOrEqual(90); // whole 10 ms ticks
      expect(tree).toBeGreaterThanOrEqual(own + childs);
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

describe("a row's tail", () => {
  it("is p99 over p50, and unknown when the median rounds to 0 ms", () => {
    expect(tailRatio({ p50: 20, p99: 90 })).toBe(4.5);
    expect(tailRatio({ p50: 0, p99: 3 })).toBeNull();
  });
});

describe("a benchmark that measured nothing", () => {
  const row = (target: string, rps: number, answers?: number) => ({ target, rps, answers });

  it("fails the run and names the rows, whatever else was measured", () => {
    const rows = [row("GET /api/tracks/1 (baseline read)", 2400, 24_000), row("POST /api/orders, orders/s", 0, 26_213)];
    expect(unmeasured(rows)).toEqual(["POST /api/orders, orders/s"]);
    expect(() => failUnlessMeasured(rows)).toThrow(BenchFailure);
    expect(() => failUnlessMeasured(rows)).toThrow("nothing succeeded for: POST /api/orders, orders/s");
    expect(unmeasured([row("no answers counted", 12, 0), row("not a number", Number.NaN)])).toEqual([
      "no answers counted",
      "not a number",
    ]);
  });

  it("passes a run where every row measured something", () => {
    expect(() => failUnlessMeasured([row("a", 1), row("b", 293, 2930)])).not.toThrow();
  });

  it("printing the table of a run that measured nothing fails it too", () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      expect(() =>
        printTable(
          [row("baseline", 100), row("orders/s", 0)].map((r) => ({ ...r, p50: 1, p99: 2, errors: 0 })),
          "t",
        ),
      ).toThrow(BenchFailure);
    } finally {
      log.mockRestore();
    }
  });
});

describe("the benchmarks' environment", () => {
  it("lifts the per-address limits, which would otherwise refuse nearly every request from the one address", () => {
    const { env, cleanup } = benchEnvironment("support-test");
    cleanup();
    expect(Number(env.RATE_LIMIT_FACTOR)).toBeGreaterThanOrEqual(1_000_000);
  });
});
