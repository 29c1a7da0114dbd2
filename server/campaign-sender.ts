import { sendInterval } from "../app/domain/campaigns/campaign-rules";
import type { JobOptions } from "./periodic-job";
import type { CampaignsService } from "./services/campaigns";
import { wakeablePause } from "./wakeable-pause";

/** With nothing to send, the sender looks again this often (an indexed look-up of campaigns being sent). */
const IDLE_MS = 2000;

/**
 * Sends campaign messages one at a time, `perMinute` a minute, spaced evenly (a burst would trip a relay's rate
 * limit and look like spam). One message is in flight at most, so a crash leaves at most one half-sent; the next
 * start takes it up again (see CampaignsService.sendNext). With `when` false it sends nothing and looks again
 * later. Its timers never keep the process alive.
 */
export function startCampaignSender(
  campaigns: Pick<CampaignsService, "sendNext">,
  { perMinute, when = () => true }: { perMinute: number } & JobOptions,
) {
  const interval = sendInterval(perMinute);
  let stopped = false;
  // Ends the pause between messages early when the sender is stopped.
  const { pause, wake } = wakeablePause();
  const done = (async () => {
    while (!stopped) {
      const started = Date.now();
      let sent = false;
      try {
        sent = when() && (await campaigns.sendNext());
      } catch (error) {
        console.error("[campaigns] sending failed:", error);
      }
      await pause(sent ? Math.max(0, interval - (Date.now() - started)) : IDLE_MS);
    }
  })();
  return {
    /** Stops after the message in flight; resolves when it has. */
    stop: () => {
      stopped = true;
      wake();
      return done;
    },
  };
}
