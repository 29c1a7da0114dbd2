import type { ClubPlan } from "../../app/domain/club/plans";
import { formatDateGB } from "../../app/domain/shared/dates";
import { formatPence } from "../../app/domain/shared/money";

/** A record club message in the member's mail (the greeting, the membership link and the signature are added around it). */
export interface ClubMessage {
  /** The event the message is about: the outbox sends one message per key. */
  onceKey: string;
  subject: string;
  lines: string[];
}

/**
 * The welcome to a new member, the same whether they joined with a saved card or their first invoice was paid at
 * Stripe; one key per membership, so a member who somehow starts both ways is welcomed once.
 */
export function clubWelcomeMail(
  membership: { id: number; nextShipmentOn: string | null; currentPeriodEnd: string },
  plan: Pick<ClubPlan, "name" | "pricePence">,
): ClubMessage {
  return {
    onceKey: `club-joined:${membership.id}`,
    subject: "Welcome to the Needledrop record club",
    lines: [
      `You joined the record club: ${plan.name}, ${formatPence(plan.pricePence)} a month including VAT and delivery.`,
      `Your first record ships by ${formatDateGB(membership.nextShipmentOn)}. Your next payment is on ${formatDateGB(membership.currentPeriodEnd)}.`,
    ],
  };
}
