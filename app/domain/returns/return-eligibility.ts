/**
 * Which units of an order line a shopper may still send back, and whether a chosen line may go back for the
 * chosen reason.
 *
 * - Units: bought, less those already refunded and those in another return that is open (requested, approved,
 *   received) or finished (refunded). A refused return frees its units again. A refunded return's units are
 *   counted once: its refund may or may not also be counted on the line's refunded quantity.
 * - A change of mind on a **new** record only while it is still sealed: the right to cancel does not survive a
 *   sealed audio recording unsealed after delivery (CCR 2013 reg. 28(3)(c)).
 * - A **used** copy was sold unsealed, so that exception never applies to it: the shop's policy takes it back for
 *   a change of mind in the condition it was sold, at its grades (the shop may deduct for wear beyond that, as the
 *   law allows for handling beyond what is needed to inspect goods: CCR 2013 reg. 34(9)).
 * - A fault (damaged, warped or faulty, wrong record, not as described) may be returned sealed or not.
 */
import type { ReturnReason } from "./return-reasons";

export interface ReturnableLine {
  title: string;
  bought: number;
  /** Units of the line given back by refunds (order_lines.refunded_quantity). */
  refunded: number;
  /** Units in this line's returns that are requested, approved or received. */
  inOpenReturns: number;
  /** Units in this line's returns that are refunded. */
  inRefundedReturns: number;
  /** A graded used copy rather than a new pressing. */
  used: boolean;
}

export interface LineChoice {
  quantity: number;
  /** The shopper's word that a new record is still in its shrink-wrap. */
  sealed: boolean;
}

export function returnableUnits(line: ReturnableLine): number {
  const givenBack = Math.max(line.refunded, line.inRefundedReturns);
  return Math.max(0, line.bought - givenBack - line.inOpenReturns);
}

/** Why this choice of a line cannot be returned for `reason`, or null. */
export function lineProblem(line: ReturnableLine, choice: LineChoice, reason: ReturnReason): string | null {
  const title = `“${line.title}”`;
  if (!Number.isInteger(choice.quantity) || choice.quantity < 1) return `Choose how many of ${title} to return.`;
  const left = returnableUnits(line);
  if (left === 0)
    return line.inOpenReturns + line.inRefundedReturns > 0
      ? `${title} is already in a return.`
      : `${title} has already been refunded.`;
  if (choice.quantity > left) return `You can return at most ${left} of ${title}.`;
  if (reason === "changed_mind" && !line.used && !choice.sealed) {
    return `${title} can be returned for a change of mind only while it is still sealed in its shrink-wrap.`;
  }
  return null;
}
