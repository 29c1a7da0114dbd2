import { startPeriodicJob, type JobOptions } from "./periodic-job";
import type { PreOrderChargesService } from "./services/pre-order-charges";

export const PRE_ORDER_HOLD_SWEEP_INTERVAL_MS = 10 * 60_000;

/**
 * A copy held 72 hours after its dispatch charge was declined goes to the next pre-order in line (or back on the
 * shelf, alerting wants) once the hold ends unpaid: once at start-up, then every ten minutes.
 */
export function startPreOrderHoldSweep(
  preOrders: Pick<PreOrderChargesService, "releaseEndedHolds">,
  everyMs = PRE_ORDER_HOLD_SWEEP_INTERVAL_MS,
  options: JobOptions = {},
) {
  return startPeriodicJob(
    "pre-orders: releasing ended holds",
    () => {
      const released = preOrders.releaseEndedHolds();
      if (released > 0) console.log(`[pre-orders] ${released} held pre-order(s) released after 72 hours unpaid.`);
      return Promise.resolve();
    },
    everyMs,
    options,
  );
}
