import { POLL_ORDERS_EVERY_MS, SWEEP_EVERY_MS } from "../app/domain/discogs/discogs-sync-rules";
import { startPeriodicJob, type JobOptions } from "./periodic-job";
import type { DiscogsSyncService } from "./services/discogs-sync";
import { wakeablePause } from "./wakeable-pause";

/** With nothing due (or the queue paused), the runner looks again this often. */
const IDLE_MS = 1000;

/**
 * The Discogs sync in the process holding the background lease (docs/decisions/0078-discogs-sync.md): the sweep every
 * 15 seconds, a look for new orders every 2 minutes, and the queue's runner, which sends one job at a time (the
 * client spaces requests to Discogs's 60 a minute). Nothing runs while Discogs is off. Its timers never keep the
 * process alive.
 */
export function startDiscogsSync(
  sync: Pick<DiscogsSyncService, "enabled" | "sweep" | "schedulePoll" | "runNext">,
  options: JobOptions,
) {
  if (!sync.enabled) return { stop: async () => {} };
  const when = options.when ?? (() => true);
  const sweep = startPeriodicJob(
    "discogs: comparing the shop with Discogs",
    async () => void sync.sweep(),
    SWEEP_EVERY_MS,
    options,
  );
  const poll = startPeriodicJob("discogs: asking for new orders", async () => sync.schedulePoll(), POLL_ORDERS_EVERY_MS, options);
  let stopped = false;
  const { pause, wake } = wakeablePause();
  const runner = (async () => {
    while (!stopped) {
      let sent = false;
      try {
        sent = when() && (await sync.runNext());
      } catch (error) {
        console.error("[discogs] sending failed:", error);
      }
      if (!sent) await pause(IDLE_MS);
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      wake();
      await Promise.all([sweep.stop(), poll.stop(), runner]);
    },
  };
}
