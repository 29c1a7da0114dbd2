import { todayInLondon } from "../app/domain/shared/dates";
import { startPeriodicJob, type JobOptions } from "./periodic-job";
import type { WantsService } from "./services/wants";

export const WANT_RELEASE_SWEEP_INTERVAL_MS = 15 * 60_000;

/**
 * Release day arriving is an event with no edit behind it: once at start-up, then every quarter of an hour,
 * "released" wants of records whose day has come are alerted (each want once, however often this runs).
 */
export function startWantReleaseSweep(wants: WantsService, everyMs = WANT_RELEASE_SWEEP_INTERVAL_MS, options: JobOptions = {}) {
  return startPeriodicJob(
    "wants: alerting releases",
    () => {
      const sent = wants.releaseDue(todayInLondon());
      if (sent > 0) console.log(`[wants] ${sent} release alert(s) queued.`);
      return Promise.resolve();
    },
    everyMs,
    options,
  );
}
