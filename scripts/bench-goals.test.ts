import { describe, expect, it } from "vitest";
import { GOALS, judgeGoals, MIN_ANSWERS, type GoalRow } from "./bench-goals";

const BASE = 10_000;
const row = (over: Partial<GoalRow> & Pick<GoalRow, "kind" | "request">): GoalRow => ({
  target: over.request,
  processes: 1,
  rps: BASE,
  p50: 10,
  p99: 20,
  errors: 0,
  answers: MIN_ANSWERS,
  ...over,
});

/** A run that meets every goal it measures, just. */
const passing = (): GoalRow[] => [
  row({ kind: "ceiling", request: "bare", rps: BASE }),
  row({ kind: "visitor hit", request: "hit /", rps: BASE * GOALS.visitorHitShare, p99: GOALS.visitorHitP99Ms }),
  row({ kind: "personal", request: "signed in /", rps: 100, p50: 100, p99: 100 * GOALS.personalTailRatio }),
  row({ kind: "personal", request: "signed in /", processes: 2, rps: 100 * GOALS.twoProcessGain, p50: 50, p99: 60 }),
  row({ kind: "navigation", request: "nav", rps: BASE * GOALS.navigationShare }),
  row({ kind: "other", request: "api", rps: 1 }),
];

const verdictOf = (rows: GoalRow[], start: string) => judgeGoals(rows, BASE).find((v) => v.goal.startsWith(start))!;

describe("the benchmark's goals", () => {
  it("are met by a run at each goal's edge, and not judged where this script does not measure them", () => {
    const verdicts = judgeGoals(passing(), BASE);
    expect(verdicts.slice(0, 5).map((v) => v.met)).toEqual([true, true, true, true, true]);
    expect(verdicts.slice(5).map((v) => v.met)).toEqual([null, null, null]);
  });

  it("are missed by a row just short of each, which the verdict names", () => {
    const slowHit = passing().map((r) => (r.kind === "visitor hit" ? { ...r, target: "hit /", p99: 21 } : r));
    expect(verdictOf(slowHit, "visitor cache hits")).toMatchObject({ met: false, detail: /p99 21 ms \(hit \/\)/ });

    const fewHits = passing().map((r) => (r.kind === "visitor hit" ? { ...r, rps: BASE * 0.39 } : r));
    expect(verdictOf(fewHits, "visitor cache hits").met).toBe(false);

    const slowPage = passing().map((r) => (r.kind === "personal" && r.processes === 1 ? { ...r, rps: 99 } : r));
    expect(verdictOf(slowPage, "whole pages").met).toBe(false);

    const noGain = passing().map((r) => (r.processes === 2 ? { ...r, rps: 149 } : r));
    expect(verdictOf(noGain, "the same pages with 2 processes")).toMatchObject({ met: false, detail: /1\.49 ×/ });

    const longTail = passing().map((r) => (r.processes === 2 ? { ...r, p99: 251 } : r));
    expect(verdictOf(longTail, "those pages' p99").met).toBe(false);

    const slowNavigation = passing().map((r) => (r.kind === "navigation" ? { ...r, rps: BASE * 0.049 } : r));
    expect(verdictOf(slowNavigation, "a signed-in shopper's client-side navigation").met).toBe(false);
  });

  it("are not judged on a row with too few answers to say anything, and say which", () => {
    const rows = passing().map((r) =>
      r.processes === 2 ? { ...r, target: "signed in / on 2", rps: 0, answers: MIN_ANSWERS - 1 } : r,
    );
    expect(verdictOf(rows, "the same pages with 2 processes")).toMatchObject({
      met: null,
      detail: /fewer than 100 answers \(signed in \/ on 2\); run longer/,
    });
    expect(verdictOf(rows, "those pages' p99").met).toBeNull();
    expect(verdictOf(rows, "whole pages").met).toBe(true);
  });

  it("pair a two-process row only with the same request on one process", () => {
    const rows = passing().map((r) => (r.processes === 2 ? { ...r, request: "another page" } : r));
    expect(verdictOf(rows, "the same pages with 2 processes")).toMatchObject({ met: null, detail: "no rows" });
  });
});
