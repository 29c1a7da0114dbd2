import { startPeriodicJob, type JobOptions } from "./periodic-job";
import type { CartRemindersService } from "./services/cart-reminders";

/**
 * Sends the cart reminders that are due: once at start-up, then every `everyMs` (CART_REMINDER_SWEEP_SECONDS).
 * Each cart is claimed before its mail is queued, so overlapping runs (or a second server) never send twice.
 */
export function startCartReminderSweep(
  reminders: CartRemindersService,
  { hours, everyMs, when }: { hours: number; everyMs: number } & JobOptions,
) {
  return startPeriodicJob(
    "cart reminders: sending due reminders",
    async () => {
      const run = await reminders.sweep({ hours });
      if (run.sent + run.skipped > 0) console.log(`[cart reminders] sent ${run.sent}, decided against ${run.skipped}.`);
    },
    everyMs,
    { when },
  );
}
