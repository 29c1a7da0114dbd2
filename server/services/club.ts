/**
 * The record club, as the adapters reach it: joining and the member's own changes (club-membership.ts), the
 * monthly renewal sweep with retries of a failed payment (club-renewals.ts), what Stripe reports of the
 * memberships it bills (club-billing-events.ts), the back office's member list and monthly picks
 * (club-back-office.ts) and the monthly parcels (club-parcels.ts), behind one service.
 */
import type { Db } from "../../db/client";
import type { MailLinks } from "../mail/links";
import type { SubscriptionPayments } from "../../app/domain/payments/club-payments";
import type { AuditService } from "./audit";
import { createClubBackOfficeService } from "./club-back-office";
import { createClubBillingEventsService } from "./club-billing-events";
import { createClubMembershipService } from "./club-membership";
import { createClubParcelsService } from "./club-parcels";
import { createClubRenewalsService } from "./club-renewals";
import type { MailService } from "./mail";

export function createClubService(
  db: Db,
  deps: { payments: SubscriptionPayments; mail: MailService; links: MailLinks; audit: AuditService },
) {
  const parcels = createClubParcelsService(db, deps);
  return {
    ...createClubMembershipService(db, deps),
    ...parcels,
    ...createClubRenewalsService(db, deps),
    ...createClubBillingEventsService(db, deps),
    ...createClubBackOfficeService(db, { ...deps, parcels }),
  };
}

export type ClubService = ReturnType<typeof createClubService>;
