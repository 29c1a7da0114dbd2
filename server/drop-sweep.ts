import { startPeriodicJob, type JobOptions } from "./periodic-job";
import type { DropsService } from "./services/drops";

/** Often enough that a hold's copy goes to the next in line within a quarter of a minute of its end. */
export const DROP_SWEEP_INTERVAL_MS = 15_000;

/**
 * A drop's queue moves whenever a waiting page asks, but nobody may be asking: this draws the ballots due, expires
 * ended holds and lets the next shoppers in, so a copy given back is offered again even on a quiet page.
 */
export function startDropSweep(drops: DropsService, everyMs = DROP_SWEEP_INTERVAL_MS, options: JobOptions = {}) {
  return startPeriodicJob(
    "drops: moving the queues",
    () => {
      drops.sweep();
      return Promise.resolve();
    },
    everyMs,
    options,
  );
}
