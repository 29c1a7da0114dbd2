/**
 * What a return costs whom, and the rules in the plain words the return form shows before the shopper sends it.
 *
 * - Return postage: the shop's fault → a prepaid label, as the trader bears the reasonable cost of returning
 *   rejected goods (Consumer Rights Act 2015, s. 20(8)); a change of mind → the shopper pays it, as the law lets a
 *   trader who says so beforehand (CCR 2013 reg. 35(2)).
 * - Delivery: the original standard delivery comes back when the whole order comes back (CCR 2013 reg. 34(1)-(2):
 *   cancelling the contract refunds the delivery paid, up to the least expensive standard delivery) or when the
 *   fault is the shop's (a rejected order is put right in full).
 * - Money back within 14 days of the shop receiving the records (CCR 2013 reg. 34(4)-(5)), to the payment the
 *   order was made with, or as store credit only if the shopper chooses it (reg. 34(7)).
 */
import { formatDateGB } from "~/domain/shared/dates";
import { isShopFault, type ReturnReason, type ReturnStatus } from "./return-reasons";
import type { ReturnWindow } from "./return-window";
import { SHOP_RETURN_DAYS } from "./return-window";

/** CCR 2013 reg. 34(4)-(5): the refund is made within 14 days of the shop receiving the goods back. */
export const REFUND_DAYS_AFTER_RECEIPT = 14;

export const returnPostagePaidBy = (reason: ReturnReason): "shop" | "shopper" => (isShopFault(reason) ? "shop" : "shopper");

export const deliveryIsRefunded = (reason: ReturnReason, { wholeOrder }: { wholeOrder: boolean }) =>
  isShopFault(reason) || wholeOrder;

export function windowWords(window: ReturnWindow): string {
  const until = `You can start a return until ${formatDateGB(window.closesOn)}`;
  return window.deliveryKnown
    ? `${until}: ${SHOP_RETURN_DAYS} days from delivery on ${formatDateGB(window.deliveredOn)}.`
    : `${until}: ${SHOP_RETURN_DAYS} days from ${formatDateGB(window.deliveredOn)}, the last day your parcel was due (we have no delivery date on record, so we count from the latest).`;
}

const MONEY = `We pay you back within ${REFUND_DAYS_AFTER_RECEIPT} days of receiving the records: to the card you paid with, or as store credit if you choose it.`;

/** The rules for one reason, a sentence each, as the form shows them. */
export function reasonRules(reason: ReturnReason): string[] {
  if (isShopFault(reason)) {
    return [
      "Sealed or not, we take it back: the fault is ours.",
      "We send you a prepaid return label, so the postage is on us.",
      "We refund the records and the original standard delivery.",
      MONEY,
    ];
  }
  return [
    "A new record can come back only while it is still sealed in its shrink-wrap: the right to change your mind ends once a sealed record is opened.",
    "A used record can come back in the condition we sold it, at its grades.",
    "You pay the postage to send it back; we suggest a tracked service.",
    "We refund the records; the original standard delivery too if you send back the whole order.",
    MONEY,
  ];
}

/** The law's floor in one sentence, under the shop's promise. */
export const LAW_WORDS =
  "Whatever our policy, the law gives you at least 14 days from delivery to change your mind and 30 days to reject a faulty record; we give you 30 days for both.";

/** What happens next, for a return in `status`, as the shopper's return page says it. */
export function nextStepWords(status: ReturnStatus, reason: ReturnReason): string {
  switch (status) {
    case "requested":
      return "We look at your request within two working days and e-mail you. If we approve it, the e-mail says how to send the records back; please keep them until then.";
    case "approved":
      return returnPostagePaidBy(reason) === "shop"
        ? "Approved: print the prepaid label from our e-mail, pack the records well and post them."
        : "Approved: pack the records well and post them to the address in our e-mail, with the return number inside; we suggest a tracked service.";
    case "refused":
      return "We could not accept this return; our e-mail says why. Reply to it if you think we got it wrong.";
    case "received":
      return `We have the records back and are checking them: your money follows within ${REFUND_DAYS_AFTER_RECEIPT} days of their arrival.`;
    case "refunded":
      return "Refunded: see our e-mail for the amount and where it went.";
  }
}
