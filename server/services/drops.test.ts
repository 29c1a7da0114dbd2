import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { setShopClock } from "../../db/clock";
import { dropBallots, dropEntries, orders, records } from "../../db/schema";
import { insertRecord, TEST_ADDRESS, useShopServices } from "../../tests/setup/shop-fixtures";
import { TEST_TODAY } from "../../tests/setup/test-db";
import { drawBallot } from "../../app/domain/drops/ballot";
import { ConflictError } from "../../app/domain/shared/errors";
import type { PlaceOrderInput } from "./orders";
import { ONE_PLACE_PER_NETWORK, SOLD_THROUGH_QUEUE } from "./drops";

const shop = useShopServices();
afterEach(() => setShopClock(shop.t.db.$client, undefined));
const at = (iso: string) => setShopClock(shop.t.db.$client, () => new Date(iso));

const ON_SALE = "2026-11-28T08:00:00.000Z";
const BEFORE = "2026-11-28T07:45:00.000Z";
let n = 0;

function drop(stockQuantity: number, overrides: Partial<typeof records.$inferInsert> = {}) {
  return insertRecord(shop.t.db, { isDrop: true, onSaleAt: ON_SALE, stockQuantity, limitPerCustomer: 1, ...overrides }).id;
}

/** Joins n browsers, each from its own network. */
function joinMany(recordId: number, count: number): string[] {
  return Array.from({ length: count }, () => {
    const key = `session-${++n}`;
    shop.s.drops.join(recordId, key, `10.${Math.floor(n / 256)}.${n % 256}.0/24`, null);
    return key;
  });
}

function order(recordId: number, dropSessionKey: string | null, quantity = 1): PlaceOrderInput {
  n += 1;
  return {
    idempotencyKey: `drops-test-key-${n}-abcdefgh`,
    discountCode: null,
    email: `drop-buyer${n}@example.com`,
    shipping: TEST_ADDRESS,
    userId: null,
    paymentProvider: "test-card",
    today: TEST_TODAY,
    lines: [{ recordId, quantity }],
    dropSessionKey,
  };
}

const entry = (recordId: number, sessionKey: string) =>
  shop.t.db
    .select()
    .from(dropEntries)
    .where(and(eq(dropEntries.recordId, recordId), eq(dropEntries.sessionKey, sessionKey)))
    .get()!;

describe("joining a drop's waiting room", () => {
  it("takes nothing before the window, one place per browser inside it, and answers the same place again", () => {
    const id = drop(3);
    at("2026-11-28T07:29:00.000Z");
    expect(shop.s.drops.join(id, "early", "192.0.2.0/24", null)).toEqual({ kind: "closed", onSaleAt: ON_SALE });
    expect(shop.t.db.select().from(dropEntries).where(eq(dropEntries.recordId, id)).all()).toHaveLength(0);
    at(BEFORE);
    const first = shop.s.drops.join(id, "early", "192.0.2.0/24", null);
    expect(first).toMatchObject({ kind: "waiting", position: null, inBallot: true });
    expect(shop.s.drops.join(id, "early", "192.0.2.0/24", null)).toEqual(first);
    expect(shop.t.db.select().from(dropEntries).where(eq(dropEntries.recordId, id)).all()).toHaveLength(1);
  });

  it("refuses a second browser from the same address block", () => {
    const id = drop(3);
    at(BEFORE);
    shop.s.drops.join(id, "browser-a", "198.51.100.0/24", null);
    expect(() => shop.s.drops.join(id, "browser-b", "198.51.100.0/24", null)).toThrow(ONE_PLACE_PER_NETWORK);
    expect(() => shop.s.drops.join(id, "browser-b", "198.51.100.0/24", null)).toThrow(ConflictError);
  });
});

describe("the ballot and the queue", () => {
  it("draws once at the on-sale time, from the recorded seed, and lets in only as many as there are copies", () => {
    const id = drop(2);
    at(BEFORE);
    const keys = joinMany(id, 5);
    at("2026-11-28T08:00:01.000Z");
    const late = joinMany(id, 1)[0]!;
    const ballot = shop.t.db.select().from(dropBallots).where(eq(dropBallots.recordId, id)).get()!;
    expect(ballot.entrants).toBe(5);
    expect(ballot.seed).toMatch(/^[0-9a-f]{32}$/);
    // The recorded seed reproduces the order: fed the entrants by arrival.
    const ids = keys.map((k) => entry(id, k).id);
    const drawn = [...keys]
      .sort((a, b) => entry(id, a).ballotPosition! - entry(id, b).ballotPosition!)
      .map((k) => entry(id, k).id);
    expect(drawn).toEqual(drawBallot(ids, ballot.seed));

    const admitted = keys.filter((k) => entry(id, k).status === "admitted");
    expect(admitted.map((k) => entry(id, k).ballotPosition).sort()).toEqual([1, 2]);
    expect(entry(id, admitted[0]!).holdExpiresAt).toBe("2026-11-28T08:10:01.000Z");
    // The latecomer queues after all three still waiting from the ballot.
    expect(shop.s.drops.standing(id, late)).toMatchObject({ kind: "waiting", position: 4, ahead: 3 });

    // Asked again, the ballot is not drawn again.
    shop.s.drops.sweep();
    expect(shop.t.db.select().from(dropBallots).where(eq(dropBallots.recordId, id)).all()).toHaveLength(1);
  });

  it("expires a hold at its end and gives the copy to the next in line, even when nobody refreshes", () => {
    const id = drop(1);
    at(BEFORE);
    const keys = joinMany(id, 2);
    at(ON_SALE);
    shop.s.drops.sweep();
    const [first, second] = [...keys].sort((a, b) => entry(id, a).ballotPosition! - entry(id, b).ballotPosition!);
    expect(entry(id, first!).status).toBe("admitted");
    expect(entry(id, second!).status).toBe("waiting");
    at("2026-11-28T08:09:59.999Z");
    shop.s.drops.sweep();
    expect(entry(id, second!).status).toBe("waiting");
    at("2026-11-28T08:10:00.000Z");
    shop.s.drops.sweep();
    expect(entry(id, first!).status).toBe("expired");
    expect(entry(id, second!)).toMatchObject({ status: "admitted", holdExpiresAt: "2026-11-28T08:20:00.000Z" });
    expect(shop.s.drops.standing(id, first!)).toEqual({ kind: "expired", holdExpiredAt: "2026-11-28T08:10:00.000Z" });
  });
});

describe("the drop's sale guard", () => {
  it("sells only to a browser holding a copy, within its limit, and marks the place bought", () => {
    const id = drop(2);
    at(BEFORE);
    const keys = joinMany(id, 3);
    at("2026-11-28T08:01:00.000Z");
    shop.s.drops.sweep();
    const holder = keys.find((k) => entry(id, k).status === "admitted")!;
    const waiter = keys.find((k) => entry(id, k).status === "waiting")!;

    expect(() => shop.s.orders.place(order(id, null))).toThrow(SOLD_THROUGH_QUEUE);
    expect(() => shop.s.orders.place(order(id, waiter))).toThrow(SOLD_THROUGH_QUEUE);
    // Past the limit: the per-customer limit's own refusal comes first (limited-sales.ts).
    expect(() => shop.s.orders.place(order(id, holder, 2))).toThrow("is limited to 1 per customer");

    const placed = shop.s.orders.place(order(id, holder)).order;
    const row = shop.t.db.select().from(orders).where(eq(orders.orderNumber, placed.orderNumber)).get()!;
    expect(entry(id, holder)).toMatchObject({ status: "bought", orderId: row.id });
    // Again with the same place: refused (by the limit when the buyer is recognised, else by the place itself).
    expect(() => shop.s.orders.place(order(id, holder))).toThrow(/already bought|limited to 1 per customer/);
    // The bought copy left the stock, the other is still held: nobody else is let in.
    shop.s.drops.sweep();
    expect(entry(id, waiter).status).toBe("waiting");
  });

  it("refuses a hold that ended while the shopper was paying, with its time, and takes no stock", () => {
    const id = drop(1);
    at(BEFORE);
    const [key] = joinMany(id, 1);
    at(ON_SALE);
    shop.s.drops.sweep();
    at("2026-11-28T08:10:00.000Z");
    expect(() => shop.s.orders.place(order(id, key!))).toThrow(
      "Your hold ended at 08:10 and the copy went to the next in line. Nothing has been charged.",
    );
    expect(shop.t.db.select().from(records).where(eq(records.id, id)).get()!.stockQuantity).toBe(1);
  });

  it("gives the copy of an order whose payment failed back to the queue", () => {
    const id = drop(1);
    at(BEFORE);
    const keys = joinMany(id, 2);
    at(ON_SALE);
    shop.s.drops.sweep();
    const holder = keys.find((k) => entry(id, k).status === "admitted")!;
    const next = keys.find((k) => k !== holder)!;
    const placed = shop.s.orders.place(order(id, holder)).order;
    shop.s.drops.sweep();
    expect(entry(id, next).status).toBe("waiting");
    shop.s.orders.cancelUnpaid(placed.orderNumber);
    shop.s.drops.sweep();
    expect(entry(id, next).status).toBe("admitted");
  });

  it("leaves records that are not drops alone", () => {
    const id = insertRecord(shop.t.db, { stockQuantity: 2 }).id;
    expect(shop.s.orders.place(order(id, null)).created).toBe(true);
  });
});
