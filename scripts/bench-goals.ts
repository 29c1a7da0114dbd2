// The shop's speed goals since it went back to the frameworks (docs/decisions/0055-back-to-the-frameworks.md), in
// one place, and the judgement of one run's rows against them. Shares are requests a second over the bare server's.
import { tailRatio, type BenchRow } from "./bench-support";

export const GOALS = {
  /** Visitors' cached pages: at least this share of the bare server… */
  visitorHitShare: 0.4,
  /** …with the slowest hundredth answered within this many ms. */
  visitorHitP99Ms: 20,
  /** Whole pages rendered for one shopper, one server process. */
  personalShare: 0.01,
  /** The same pages with two server processes, as a multiple of the one-process figure. */
  twoProcessGain: 1.5,
  /** Those pages' slowest hundredth against their median: p99 at most this many times p50. */
  personalTailRatio: 5,
  /** A signed-in shopper's client-side navigation: the loader-data request. */
  navigationShare: 0.05,
  /** First-load JavaScript of the home page with React, gzip level 9 (npm run bench:first-load). */
  firstLoadKb: 130,
  /** Lighthouse's mobile performance score on the home page and a record page. */
  lighthouseScore: 95,
} as const;

/** A row with fewer answers in its measured seconds says nothing about a goal (a busy machine, a short run). */
export const MIN_ANSWERS = 100;

/** What a row measures, as far as the goals care. */
export type RowKind = "ceiling" | "visitor hit" | "personal" | "navigation" | "other";

export interface GoalRow extends BenchRow {
  kind: RowKind;
  /** Server processes (WEB_CONCURRENCY) that answered. */
  processes: number;
  /** The request, the same at every process count: pairs a two-process row with its one-process row. */
  request: string;
}

export interface GoalVerdict {
  goal: string;
  /** null: this script does not measure it, or the run had no row for it. */
  met: boolean | null;
  detail: string;
}

const pct = (share: number) => `${(share * 100).toFixed(share < 0.1 ? 2 : 1)}%`;

/** The row with the lowest value of `by`, with that value. */
function lowest<T>(items: T[], by: (item: T) => number): { item: T; value: number } | null {
  let best: { item: T; value: number } | null = null;
  for (const item of items) {
    const value = by(item);
    if (best === null || value < best.value) best = { item, value };
  }
  return best;
}

/** The row with the highest value of `by`, with that value. */
function highest<T>(items: T[], by: (item: T) => number): { item: T; value: number } | null {
  const found = lowest(items, (item) => -by(item));
  return found && { item: found.item, value: -found.value };
}

/** A goal judged on `rows`, unless one of them has too few answers to say anything; `judge` gets them all. */
function verdict(goal: string, rows: GoalRow[], judge: () => { met: boolean; detail: string } | null): GoalVerdict {
  const few = rows.filter((r) => r.answers !== undefined && r.answers < MIN_ANSWERS);
  if (few.length > 0) {
    const rowsText = few.length === 1 ? "1 row" : `${few.length} rows`;
    const detail = `not judged: ${rowsText} with fewer than ${MIN_ANSWERS} answers (${few[0]!.target}); run longer`;
    return { goal, met: null, detail };
  }
  return { goal, ...(judge() ?? { met: null, detail: "no rows" }) };
}

/** Each goal, whether this run's rows met it, and the row nearest to missing it. */
export function judgeGoals(rows: GoalRow[], baselineRps: number): GoalVerdict[] {
  const share = (r: GoalRow) => r.rps / baselineRps;
  const of = (kind: RowKind, processes: number) => rows.filter((r) => r.kind === kind && r.processes === processes);

  const hits = of("visitor hit", 1);
  const personal = of("personal", 1);
  const personalOnTwo = of("personal", 2);
  const navigation = of("navigation", 1);
  return [
    verdict(
      `visitor cache hits ≥ ${pct(GOALS.visitorHitShare)} of the bare server, p99 ≤ ${GOALS.visitorHitP99Ms} ms`,
      hits,
      () => {
        const low = lowest(hits, share);
        const slow = highest(hits, (r) => r.p99);
        return (
          low &&
          slow && {
            met: low.value >= GOALS.visitorHitShare && slow.value <= GOALS.visitorHitP99Ms,
            detail: `lowest ${pct(low.value)} (${low.item.target}); highest p99 ${slow.value} ms (${slow.item.target})`,
          }
        );
      },
    ),
    verdict(`whole pages for one shopper ≥ ${pct(GOALS.personalShare)} of the bare server, 1 process`, personal, () => {
      const low = lowest(personal, share);
      return low && { met: low.value >= GOALS.personalShare, detail: `lowest ${pct(low.value)} (${low.item.target})` };
    }),
    verdict(
      `the same pages with 2 processes ≥ ${GOALS.twoProcessGain} × the 1-process share`,
      [...personal, ...personalOnTwo],
      () => {
        const paired = personalOnTwo.flatMap((two) => {
          const one = personal.find((r) => r.request === two.request);
          return one ? [{ two, gain: two.rps / one.rps }] : [];
        });
        const low = lowest(paired, (p) => p.gain);
        return (
          low && { met: low.value >= GOALS.twoProcessGain, detail: `lowest ${low.value.toFixed(2)} × (${low.item.two.target})` }
        );
      },
    ),
    verdict(`those pages' p99 ≤ ${GOALS.personalTailRatio} × p50, 1 and 2 processes`, [...personal, ...personalOnTwo], () => {
      const long = highest([...personal, ...personalOnTwo], (r) => tailRatio(r) ?? 0);
      return (
        long && {
          met: long.value <= GOALS.personalTailRatio,
          detail: `highest ${long.value.toFixed(1)} × (${long.item.target})`,
        }
      );
    }),
    verdict(
      `a signed-in shopper's client-side navigation (loader data) ≥ ${pct(GOALS.navigationShare)}, 1 process`,
      navigation,
      () => {
        const low = lowest(navigation, share);
        return low && { met: low.value >= GOALS.navigationShare, detail: `lowest ${pct(low.value)} (${low.item.target})` };
      },
    ),
    { goal: "RSS and heap flat under load", met: null, detail: "not measured here: npm run bench:soak" },
    {
      goal: `first-load JavaScript of / ≤ ${GOALS.firstLoadKb} KB gzip`,
      met: null,
      detail: "not measured here: npm run bench:first-load",
    },
    {
      goal: `Lighthouse mobile ≥ ${GOALS.lighthouseScore} on / and a record page`,
      met: null,
      detail: "not measured here: see the README's benchmarks",
    },
  ];
}

/** The verdicts as lines: "met", "MISSED" or "—" before each goal, then the row nearest to missing it. */
export function printGoals(verdicts: GoalVerdict[]): void {
  console.log("\nSpeed goals, this run:");
  for (const v of verdicts) {
    const mark = v.met === null ? "—" : v.met ? "met" : "MISSED";
    console.log(`  ${mark.padEnd(6)} ${v.goal}: ${v.detail}`);
  }
}
