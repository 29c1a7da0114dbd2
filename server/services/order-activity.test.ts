import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, emailOutbox, orderNotes, users } from "../../db/schema";
import { NotFoundError } from "../../app/domain/shared/errors";
import { paidOrderNumber } from "../../tests/setup/admin-routes";
import { useShopServices } from "../../tests/setup/shop-fixtures";

const shop = useShopServices();
let n = 0;

function staff() {
  n += 1;
  const username = `activity-${n}`;
  const id = shop.t.db
    .insert(users)
    .values({ username, passwordHash: "x", email: `${username}@example.com`, role: "admin" })
    .returning()
    .get().id;
  return { id, username };
}

const timelineOf = (orderNumber: string) => shop.s.orderActivity.timeline(shop.s.adminOrders.get(orderNumber));

describe("an order's notes", () => {
  it("are kept with who wrote them, each with an audit row", async () => {
    const sam = staff();
    const orderNumber = await paidOrderNumber(shop);
    shop.s.orderActivity.addNote(sam, orderNumber, { note: "Customer rang: gift wrap, please." });
    const notes = shop.t.db.select().from(orderNotes).all();
    expect(notes.at(-1)).toMatchObject({ staffId: sam.id, staffName: sam.username, body: "Customer rang: gift wrap, please." });
    const audit = shop.t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, orderNumber), eq(auditLog.action, "note")))
      .all();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorName: sam.username, after: { note: "Customer rang: gift wrap, please." } });
  });

  it("refuses a note on an order that does not exist", () => {
    expect(() => shop.s.orderActivity.addNote(staff(), "ND-AAAAAAAA", { note: "x" })).toThrow(NotFoundError);
  });
});

describe("an order's timeline", () => {
  it("merges its moments, the staff's moves, its mail and its notes, newest first", async () => {
    const sam = staff();
    const orderNumber = await paidOrderNumber(shop);
    shop.s.adminOrders.pack(sam, orderNumber, { service: "tracked_24" });
    shop.s.adminOrders.ship(sam, orderNumber, { trackingNumber: "RR473124829GB" });
    // A mail's moment is when it left: the note is written once it has.
    await shop.s.mail.idle();
    shop.s.orderActivity.addNote(sam, orderNumber, { note: "Left with the neighbour at no. 3" });

    const entries = timelineOf(orderNumber);
    expect(entries.map((e) => e.kind)).toEqual(["note", "mail", "event", "event", "mail", "event", "event"]);
    expect(entries.map((e) => e.title)).toEqual([
      "Note",
      expect.stringMatching(/^Email sent: .*on its way/i),
      "Shipped",
      "Packed",
      expect.stringMatching(/^Email sent: /),
      "Paid",
      "Placed",
    ]);
    expect(entries.find((e) => e.title === "Packed")).toMatchObject({ by: sam.username });
    expect(entries[0]).toMatchObject({ detail: "Left with the neighbour at no. 3", by: sam.username });
  });

  it("lists a mail queued before messages named their order, by its once-key", async () => {
    const orderNumber = await paidOrderNumber(shop);
    shop.t.db
      .insert(emailOutbox)
      .values({
        toAddress: "old@example.com",
        subject: "Old dispatch notice",
        textBody: "x",
        kind: "order-dispatch",
        onceKey: `dispatch:${orderNumber}`,
      })
      .run();
    expect(timelineOf(orderNumber).map((e) => e.title)).toContain("Email waiting to send: Old dispatch notice");
  });
});
