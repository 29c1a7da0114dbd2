import { describeChange } from "./audit-changes";

/** Who made a back-office change: kept with every audit row and stock movement. */
export interface Actor {
  id: number;
  username: string;
  /** The address the request came from; absent for commands run on the server. */
  ip?: string | null;
  /** The permission the change was made under ("orders.refund"). */
  permission?: string | null;
}

/** Whom a change is recorded against: a member of staff, or (id null) the shop itself (a sweep) or a customer. */
export type AuditActor = Omit<Actor, "id"> & { id: number | null };

/** The fields that differ between two snapshots, each side holding only those fields (what the log shows). */
export function changedFields(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): { before: Record<string, unknown> | null; after: Record<string, unknown> | null } {
  if (!before || !after) return { before, after };
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const k of keys) {
    if (JSON.stringify(before[k]) === JSON.stringify(after[k])) continue;
    b[k] = before[k] ?? null;
    a[k] = after[k] ?? null;
  }
  return { before: b, after: a };
}

/** One side of a change as a short line, its fields in words ("Shipping cost: £3.89"): see audit-changes.ts. */
export const describeSnapshot = describeChange;
