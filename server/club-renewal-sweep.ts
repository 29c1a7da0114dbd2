import { todayInLondon } from "../app/domain/shared/dates";
import { startPeriodicJob, type JobOptions } from "./periodic-job";
import type { ClubService } from "./services/club";

export const CLUB_SWEEP_INTERVAL_MS = 15 * 60_000;

/**
 * Renews record club memberships that are due (and retries failed renewals on their day): once at
 * start-up, then every quarter of an hour. Each payment attempt is claimed before the card is charged,
 * so a run that overlaps another (or a second server) never charges twice.
 */
export function startClubRenewalSweep(club: ClubService, everyMs = CLUB_SWEEP_INTERVAL_MS, options: JobOptions = {}) {
  return startPeriodicJob(
    "club: renewing memberships",
    async () => {
      const run = await club.renewDue({ today: todayInLondon() });
      const done = run.charged + run.failed + run.ended;
      if (done > 0) console.log(`[club] renewed ${run.charged}, failed ${run.failed}, ended ${run.ended} membership(s).`);
    },
    everyMs,
    options,
  );
}
