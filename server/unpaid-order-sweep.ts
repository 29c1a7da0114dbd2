import type { CheckoutService } from "./services/checkout";

export const SWEEP_INTERVAL_MS = 60_000;

/**
 * Settles orders left waiting for payment: once at start-up, because a crash mid-checkout leaves orders
 * holding stock that nothing else would release, then every minute. `first` resolves after the start-up run.
 */
export function startUnpaidOrderSweep(checkout: CheckoutService, everyMs = SWEEP_INTERVAL_MS) {
  let running: Promise<void> | null = null;
  const sweep = () => {
    // One run at a time: a slow provider must not make runs pile up.
    running ??= checkout
      .sweepAbandoned()
      .then((n) => void (n > 0 && console.log(`Cancelled ${n} unpaid order(s) and returned their stock.`)))
      .catch((error: unknown) => console.error("[checkout] sweeping unpaid orders failed:", error))
      .finally(() => (running = null));
    return running;
  };
  const first = sweep();
  const timer = setInterval(sweep, everyMs);
  timer.unref();
  return { first, stop: () => clearInterval(timer) };
}
