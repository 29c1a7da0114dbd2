import { startPeriodicJob, type JobOptions } from "./periodic-job";
import type { CheckoutService } from "./services/checkout";

export const SWEEP_INTERVAL_MS = 60_000;

/**
 * Settles orders left waiting for payment: once at start-up, because a crash mid-checkout leaves orders
 * holding stock that nothing else would release, then every minute. `first` resolves after the first run.
 */
export function startUnpaidOrderSweep(checkout: CheckoutService, everyMs = SWEEP_INTERVAL_MS, options: JobOptions = {}) {
  return startPeriodicJob(
    "checkout: sweeping unpaid orders",
    async () => {
      const n = await checkout.sweepAbandoned();
      if (n > 0) console.log(`Cancelled ${n} unpaid order(s) and returned their stock.`);
    },
    everyMs,
    options,
  );
}
