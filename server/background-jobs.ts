import type { Db } from "../db/client";
import { startCampaignSender } from "./campaign-sender";
import { startCartReminderSweep } from "./cart-reminder-sweep";
import { startClubParcelSweep } from "./club-parcel-sweep";
import { startClubRenewalSweep } from "./club-renewal-sweep";
import type { Config } from "./config";
import { startCoverFill } from "./cover-fill";
import { startDiscogsSync } from "./discogs-sync-runner";
import { startDropSweep } from "./drop-sweep";
import { startGiftVoucherSweep } from "./gift-voucher-sweep";
import { createLease, holderId } from "./lease";
import { startPeriodicJob, type JobOptions } from "./periodic-job";
import type { Services } from "./services";
import { startUnpaidOrderSweep } from "./unpaid-order-sweep";
import { startWantReleaseSweep } from "./want-release-sweep";
import { startPreOrderHoldSweep } from "./pre-order-hold-sweep";
import { whileLeaseHeld, type Running } from "./while-lease-held";

export const BACKGROUND_LEASE = "background-jobs";
/** Mail that failed is tried again this often (each attempt mints its link's token afresh). */
const MAIL_RETRY_MS = 60_000;
/** Back-office forms' used submission keys are swept this often (each is kept a day, docs/decisions/0067). */
const SUBMISSION_KEY_SWEEP_MS = 3_600_000;

type JobConfig = Pick<Config, "CART_REMINDER_HOURS" | "CART_REMINDER_SWEEP_SECONDS" | "CAMPAIGN_SENDS_PER_MINUTE">;

/**
 * The server's sweeps and scheduled jobs, run by one process among all those over the database: the one holding
 * the background lease (docs/decisions/0056-processes-over-one-database.md). It is renewed every third of its
 * length, so a holder may miss two renewals (a long pause, a busy database) before another takes over.
 */
export function startBackgroundJobs(
  db: Db,
  services: Services,
  config: JobConfig & Pick<Config, "BACKGROUND_LEASE_SECONDS">,
  { holder = holderId(), now }: { holder?: string; now?: () => number } = {},
) {
  const ttlMs = config.BACKGROUND_LEASE_SECONDS * 1000;
  const lease = createLease(db, { name: BACKGROUND_LEASE, holder, ttlMs, now });
  // Every run asks the lease first: a process that stalled past its lease's end never runs a job beside the new holder.
  return whileLeaseHeld(lease, () => startJobs(services, config, { when: lease.held }), { everyMs: ttlMs / 3 });
}

/** Each job runs once at once (a crash or a takeover may have left work behind), then on its own schedule. */
function startJobs(services: Services, config: JobConfig, options: JobOptions): Running {
  const jobs = [
    startUnpaidOrderSweep(services.checkout, undefined, options),
    startClubRenewalSweep(services.club, undefined, options),
    startClubParcelSweep(services.club, undefined, options),
    startCartReminderSweep(services.cartReminders, {
      hours: config.CART_REMINDER_HOURS,
      everyMs: config.CART_REMINDER_SWEEP_SECONDS * 1000,
      ...options,
    }),
    startWantReleaseSweep(services.wants, undefined, options),
    startPreOrderHoldSweep(services.preOrderCharges, undefined, options),
    startDropSweep(services.drops, undefined, options),
    startGiftVoucherSweep(services.giftVouchers, undefined, options),
    startCampaignSender(services.campaigns, { perMinute: config.CAMPAIGN_SENDS_PER_MINUTE, ...options }),
    startPeriodicJob("mail: retrying unsent mail", () => services.mail.retryPending().then(() => {}), MAIL_RETRY_MS, options),
    startCoverFill(services.media, undefined, options),
    startDiscogsSync(services.discogsSync, options),
    startPeriodicJob(
      "forms: forgetting used submission keys",
      async () => void services.formSubmissions.prune(),
      SUBMISSION_KEY_SWEEP_MS,
      options,
    ),
  ];
  return { stop: () => Promise.all(jobs.map((job) => job.stop())).then(() => {}) };
}
