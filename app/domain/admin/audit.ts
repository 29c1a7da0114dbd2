import { formatPence } from "~/domain/shared/money";

/** Who made a back-office change: kept with every audit row and stock movement. */
export interface Actor {
  id: number;
  username: string;
  /** The address the request came from; absent for commands run on the server. */
  ip?: string | null;
  /** The permission the change was made under ("orders.refund"). */
  permission?: string | null;
}

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

/**
 * A field as the log shows it. Amounts are stored in pence under a name ending in "Pence" (or as a used copy's
 * `price`): they read as pounds, under the name without the suffix ("refundedPence: 350" → "refunded: £3.50").
 */
function describeField(key: string, value: unknown): string {
  if (value === null || value === undefined || value === "") return `${key}: —`;
  const pence = typeof value === "number" && Number.isInteger(value) && (/.Pence$/.test(key) || key === "price");
  if (pence) return `${key.replace(/Pence$/, "")}: ${formatPence(value)}`;
  if (typeof value === "object") return `${key}: ${JSON.stringify(value)}`;
  return `${key}: ${String(value)}`;
}

/** One side of a change as a short line: "status: paid, tracking: AB123456789GB". */
export function describeSnapshot(snapshot: Record<string, unknown> | null): string {
  if (!snapshot) return "—";
  const parts = Object.entries(snapshot).map(([k, v]) => describeField(k, v));
  return parts.length ? parts.join(", ") : "—";
}
