import { todayInLondon } from "../app/domain/shared/dates";
import { startPeriodicJob, type JobOptions } from "./periodic-job";
import type { ClubService } from "./services/club";

export const CLUB_PARCEL_INTERVAL_MS = 24 * 60 * 60_000;

/**
 * Makes the month's record club parcels (docs/decisions/0066): once at start-up, then once a day, so a new
 * member's first record and each month's renewals reach the shipping queue without anyone pressing a button.
 * Making a parcel twice is impossible (one per membership and month), so an overlapping run does no harm.
 */
export function startClubParcelSweep(club: ClubService, everyMs = CLUB_PARCEL_INTERVAL_MS, options: JobOptions = {}) {
  return startPeriodicJob(
    "club: making the month's parcels",
    async () => {
      const run = club.generateParcels({ today: todayInLondon() });
      if (run.made + run.held.length > 0) {
        console.log(`[club] made ${run.made} parcel(s) for ${run.month}; ${run.held.length} held.`);
      }
    },
    everyMs,
    options,
  );
}
