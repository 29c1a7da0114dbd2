/**
 * An order's timeline on its back-office page, newest first: what happened to the order itself (placed, paid,
 * packed, …), the changes staff made (from the audit log), the mails the customer was sent and staff notes.
 */
import { describeSnapshot } from "~/domain/admin/audit";

/** A moment of the order's own, from its timestamps and refunds. */
export type OrderEventKind = "placed" | "paid" | "packed" | "shipped" | "delivered" | "cancelled" | "refunded";

export interface OrderEventInput {
  kind: OrderEventKind;
  label: string;
  at: string;
}

/** An audit row of the order. */
export interface OrderChangeInput {
  id: number;
  action: string;
  actorName: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  createdAt: string;
}

export interface OrderMailInput {
  id: number;
  subject: string;
  to: string;
  status: "queued" | "sending" | "sent" | "failed" | "cancelled";
  createdAt: string;
  sentAt: string | null;
}

export interface OrderNoteInput {
  id: number;
  body: string;
  staffName: string;
  createdAt: string;
}

export type TimelineKind = "event" | "change" | "mail" | "note";

export interface TimelineEntry {
  /** Unique within the timeline (for React keys and tests). */
  key: string;
  kind: TimelineKind;
  at: string;
  title: string;
  /** A note's words, a change's before → after, a mail's address. */
  detail: string | null;
  /** Who: the member of staff who made the change or wrote the note. */
  by: string | null;
}

export interface TimelineSources {
  events: readonly OrderEventInput[];
  changes: readonly OrderChangeInput[];
  mails: readonly OrderMailInput[];
  notes: readonly OrderNoteInput[];
}

// The audit actions that are a move of the order, and the moment of the order's own each one makes.
const MOVES: Record<string, { kind: OrderEventKind; title: string }> = {
  pack: { kind: "packed", title: "Packed" },
  ship: { kind: "shipped", title: "Shipped" },
  deliver: { kind: "delivered", title: "Delivered" },
  cancel: { kind: "cancelled", title: "Cancelled" },
  refund: { kind: "refunded", title: "Refunded" },
};
/** A move and its moment are written in one transaction: further apart than this, they are not the same. */
const SAME_MOVE_MS = 60_000;
/** Audit rows the timeline leaves out because it shows the thing itself (the note's own words). */
const SHOWN_ELSEWHERE = new Set(["note"]);

const MAIL_WORDS: Record<OrderMailInput["status"], string> = {
  sent: "Email sent",
  queued: "Email waiting to send",
  sending: "Email waiting to send",
  failed: "Email failed",
  cancelled: "Email not sent",
};

// At one instant: notes after mails after changes after the order's own moments, these in the order they happen.
const EVENT_RANK: Record<OrderEventKind, number> = {
  placed: 0,
  paid: 1,
  packed: 2,
  shipped: 3,
  delivered: 4,
  cancelled: 5,
  refunded: 6,
};
const KIND_RANK: Record<Exclude<TimelineKind, "event">, number> = { change: 10, mail: 11, note: 12 };

const sentenceCase = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const changeDetail = (c: OrderChangeInput) => `${describeSnapshot(c.before)} → ${describeSnapshot(c.after)}`;

type Ranked = TimelineEntry & { rank: number; seq: number };

/** Everything that happened to the order, one list, newest first. */
export function orderTimeline(sources: TimelineSources): TimelineEntry[] {
  const events: Ranked[] = sources.events.map((e, seq) => ({
    key: `event-${e.kind}-${seq}`,
    kind: "event",
    at: e.at,
    title: e.label,
    detail: null,
    by: null,
    rank: EVENT_RANK[e.kind],
    seq,
  }));
  const claimed = new Set<number>();
  const changes: Ranked[] = [];
  for (const c of [...sources.changes].sort((a, b) => a.id - b.id)) {
    if (SHOWN_ELSEWHERE.has(c.action)) continue;
    const move = MOVES[c.action];
    const pair = move ? nearestEvent(sources.events, claimed, move.kind, c.createdAt) : -1;
    if (pair >= 0) {
      // The order's own moment says what happened; the audit row adds who did it and what changed.
      claimed.add(pair);
      Object.assign(events[pair]!, { by: c.actorName, detail: changeDetail(c) });
      continue;
    }
    changes.push({
      key: `change-${c.id}`,
      kind: "change",
      at: c.createdAt,
      title: move?.title ?? sentenceCase(c.action),
      detail: changeDetail(c),
      by: c.actorName,
      rank: KIND_RANK.change,
      seq: c.id,
    });
  }
  const mails: Ranked[] = sources.mails.map((m) => ({
    key: `mail-${m.id}`,
    kind: "mail",
    at: m.sentAt ?? m.createdAt,
    title: `${MAIL_WORDS[m.status]}: ${m.subject}`,
    detail: `To ${m.to}`,
    by: null,
    rank: KIND_RANK.mail,
    seq: m.id,
  }));
  const notes: Ranked[] = sources.notes.map((n) => ({
    key: `note-${n.id}`,
    kind: "note",
    at: n.createdAt,
    title: "Note",
    detail: n.body,
    by: n.staffName,
    rank: KIND_RANK.note,
    seq: n.id,
  }));
  return [...events, ...changes, ...mails, ...notes]
    .sort((a, b) => b.at.localeCompare(a.at) || b.rank - a.rank || b.seq - a.seq)
    .map(({ rank: _rank, seq: _seq, ...entry }) => entry);
}

/** The index of the unclaimed moment of `kind` nearest `at` (within SAME_MOVE_MS), or -1. */
function nearestEvent(events: readonly OrderEventInput[], claimed: Set<number>, kind: OrderEventKind, at: string): number {
  const t = Date.parse(at);
  let best = -1;
  let bestGap = Infinity;
  events.forEach((e, i) => {
    const gap = Math.abs(Date.parse(e.at) - t);
    if (e.kind === kind && !claimed.has(i) && gap <= SAME_MOVE_MS && gap < bestGap) [best, bestGap] = [i, gap];
  });
  return best;
}
