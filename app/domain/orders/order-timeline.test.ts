import { describe, expect, it } from "vitest";
import { orderTimeline, type OrderChangeInput, type TimelineSources } from "./order-timeline";

const at = (minute: number, second = 0) =>
  `2026-11-20T10:${String(minute).padStart(2, "0")}:${String(second).padStart(2, "0")}.000Z`;
const none: TimelineSources = { events: [], changes: [], mails: [], notes: [] };
const change = (id: number, action: string, createdAt: string, after: Record<string, unknown> = {}): OrderChangeInput => ({
  id,
  action,
  actorName: "sam",
  before: { status: "paid" },
  after,
  createdAt,
});

describe("orderTimeline", () => {
  it("merges the four sources, newest first", () => {
    const entries = orderTimeline({
      events: [
        { kind: "placed", label: "Placed", at: at(0) },
        { kind: "paid", label: "Paid", at: at(1) },
      ],
      changes: [change(7, "note", at(5), { note: "Gift wrap" })],
      mails: [
        { id: 3, subject: "Your order ND-ABCDEFGH", to: "ada@example.com", status: "sent", createdAt: at(1), sentAt: at(2) },
      ],
      notes: [{ id: 9, body: "Gift wrap", staffName: "sam", createdAt: at(5) }],
    });
    expect(entries.map((e) => [e.kind, e.title, e.at])).toEqual([
      ["note", "Note", at(5)],
      ["mail", "Email sent: Your order ND-ABCDEFGH", at(2)],
      ["event", "Paid", at(1)],
      ["event", "Placed", at(0)],
    ]);
    expect(entries[0]).toMatchObject({ detail: "Gift wrap", by: "sam" });
    expect(entries[1]).toMatchObject({ detail: "To ada@example.com", by: null });
  });

  it("names who made a move on the order's own moment instead of listing the move twice", () => {
    const entries = orderTimeline({
      ...none,
      events: [
        { kind: "paid", label: "Paid", at: at(0) },
        { kind: "packed", label: "Packed", at: at(10) },
      ],
      changes: [change(1, "pack", at(10, 1), { status: "packed", shippingService: "tracked_24" })],
    });
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({
      kind: "event",
      title: "Packed",
      by: "sam",
      detail: "Status: paid → Status: packed, Shipping service: tracked_24",
    });
  });

  it("keeps a move apart when its moment is not near it, and every other change as it is", () => {
    const entries = orderTimeline({
      ...none,
      events: [{ kind: "packed", label: "Packed", at: at(0) }],
      changes: [change(1, "pack", at(30), { status: "packed" }), change(2, "refund failed", at(40), { status: "paid" })],
    });
    expect(entries.map((e) => [e.kind, e.title, e.by])).toEqual([
      ["change", "Refund failed", "sam"],
      ["change", "Packed", "sam"],
      ["event", "Packed", null],
    ]);
  });

  it("pairs each refund with its own audit row", () => {
    const entries = orderTimeline({
      ...none,
      events: [
        { kind: "refunded", label: "Refunded £5.00", at: at(1) },
        { kind: "refunded", label: "Refunded £2.00", at: at(20) },
      ],
      changes: [change(1, "refund", at(1), { refund: "£5.00" }), change(2, "refund", at(20), { refund: "£2.00" })],
    });
    expect(entries.map((e) => [e.title, e.by, e.detail])).toEqual([
      ["Refunded £2.00", "sam", "Status: paid → Refund: £2.00"],
      ["Refunded £5.00", "sam", "Status: paid → Refund: £5.00"],
    ]);
  });

  it("says what became of a mail that was not sent", () => {
    const mail = { id: 1, subject: "S", to: "a@example.com", createdAt: at(3), sentAt: null };
    const title = (status: "queued" | "sending" | "failed" | "cancelled") =>
      orderTimeline({ ...none, mails: [{ ...mail, status }] })[0]!.title;
    expect(title("queued")).toBe("Email waiting to send: S");
    expect(title("sending")).toBe("Email waiting to send: S");
    expect(title("failed")).toBe("Email failed: S");
    expect(title("cancelled")).toBe("Email not sent: S");
  });

  it("lists moments at the same instant in the order they happened, newest first", () => {
    const entries = orderTimeline({
      ...none,
      events: [
        { kind: "placed", label: "Placed", at: at(0) },
        { kind: "paid", label: "Paid", at: at(0) },
      ],
      notes: [
        { id: 1, body: "first", staffName: "sam", createdAt: at(0) },
        { id: 2, body: "second", staffName: "sam", createdAt: at(0) },
      ],
    });
    expect(entries.map((e) => e.detail ?? e.title)).toEqual(["second", "first", "Paid", "Placed"]);
    expect(new Set(entries.map((e) => e.key)).size).toBe(4);
  });
});
