/**
 * The rules of a drop's fair queue (docs/decisions/0088-fair-drops.md): when its waiting room opens, who goes
 * first, how many may be let in, and how long a hold lasts.
 */

/** The waiting room opens this long before the on-sale time; those in it by then are in the ballot. */
export const WAITING_ROOM_OPENS_BEFORE_MS = 30 * 60_000;
/** A shopper let in holds a copy this long to check out; then it goes back to the next in line. */
export const HOLD_MS = 10 * 60_000;
/** Copies one shopper may buy from a drop when the record sets no limit of its own. */
export const DEFAULT_DROP_LIMIT = 1;

export type DropPhase = "closed" | "waiting" | "on-sale";

/** Before the window nothing happens; in it shoppers wait; from the on-sale time they are let in. */
export function dropPhase(onSaleAt: string, now: Date): DropPhase {
  const onSale = Date.parse(onSaleAt);
  if (now.getTime() >= onSale) return "on-sale";
  if (now.getTime() >= onSale - WAITING_ROOM_OPENS_BEFORE_MS) return "waiting";
  return "closed";
}

/** When the waiting room of a drop opens (an ISO instant). */
export function waitingRoomOpensAt(onSaleAt: string): string {
  return new Date(Date.parse(onSaleAt) - WAITING_ROOM_OPENS_BEFORE_MS).toISOString();
}

/** When a hold given now ends. */
export function holdEndsAt(admittedAt: Date): string {
  return new Date(admittedAt.getTime() + HOLD_MS).toISOString();
}

/** A hold still counts until its end (exclusive). */
export function holdActive(holdExpiresAt: string | null, now: Date): boolean {
  return holdExpiresAt !== null && Date.parse(holdExpiresAt) > now.getTime();
}

/** How many more may be let in: the copies on hand not already held, never less than nothing. */
export function admissible(copiesOnHand: number, activeHolds: number): number {
  return Math.max(0, copiesOnHand - activeHolds);
}

export interface QueuedEntry {
  id: number;
  inBallot: boolean;
  ballotPosition: number | null;
}

/**
 * The queue's order: the ballot's entrants by their drawn place, then latecomers by arrival (their id).
 * Ballot entrants before the draw (no place yet) come after the drawn ones, by arrival.
 */
export function compareQueue(a: QueuedEntry, b: QueuedEntry): number {
  const rank = (e: QueuedEntry) => (e.inBallot && e.ballotPosition !== null ? 0 : 1);
  if (rank(a) !== rank(b)) return rank(a) - rank(b);
  if (rank(a) === 0) return a.ballotPosition! - b.ballotPosition!;
  return a.id - b.id;
}

/** Copies one shopper may hold and buy in a drop. */
export function dropLimit(limitPerCustomer: number | null): number {
  return limitPerCustomer !== null && limitPerCustomer >= 1 ? limitPerCustomer : DEFAULT_DROP_LIMIT;
}
