import { startPeriodicJob, type JobOptions } from "./periodic-job";
import type { MediaService } from "./services/media";

/** After the look at start, the catalogue's covers are looked for again this often (a cleaned disk, a new folder). */
export const COVER_FILL_INTERVAL_MS = 6 * 60 * 60_000;

/**
 * Makes the generated covers the catalogue shows that are missing (a first start, a new media folder), once the
 * server listens, in the background: a batch of records at a time, one cover at a time. A cover asked for before
 * this job reaches it is made for that request (media.coverFile), so no page waits on the job. Run by the process
 * holding the background lease; `stop` (or losing the lease) ends a fill after the cover in hand.
 */
export function startCoverFill(media: MediaService, everyMs = COVER_FILL_INTERVAL_MS, { when = () => true }: JobOptions = {}) {
  let stopped = false;
  const job = startPeriodicJob(
    "media: making missing covers",
    async () => {
      const started = performance.now();
      const fill = await media.fillMissingCovers({ goOn: () => !stopped && when() });
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      if (fill.written > 0 || !fill.finished)
        console.log(
          `[media] ${fill.written} missing cover(s) made in ${seconds} s${fill.finished ? `; all ${fill.checked} the catalogue shows are there` : "; stopped before the end"}.`,
        );
    },
    everyMs,
    { when },
  );
  return {
    first: job.first,
    stop: () => {
      stopped = true;
      return job.stop();
    },
  };
}
