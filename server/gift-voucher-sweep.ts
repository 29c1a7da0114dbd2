import { todayInLondon } from "../app/domain/shared/dates";
import { startPeriodicJob, type JobOptions } from "./periodic-job";
import type { GiftVouchersService } from "./services/gift-vouchers";

export const GIFT_VOUCHER_SWEEP_INTERVAL_MS = 60 * 60_000;

/**
 * A gift voucher the buyer dated for a later day is mailed when that day comes (London): once at start-up, then
 * every hour, each voucher once however often this runs (its mailed_at is claimed with its mail).
 */
export function startGiftVoucherSweep(
  giftVouchers: GiftVouchersService,
  everyMs = GIFT_VOUCHER_SWEEP_INTERVAL_MS,
  options: JobOptions = {},
) {
  return startPeriodicJob(
    "gift vouchers: mailing vouchers due today",
    async () => {
      const sent = await giftVouchers.sendDue(todayInLondon());
      if (sent > 0) console.log(`[gift-vouchers] ${sent} gift voucher(s) mailed.`);
    },
    everyMs,
    options,
  );
}
