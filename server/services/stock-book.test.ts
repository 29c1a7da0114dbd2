import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, records, users } from "../../db/schema";
import { insertRecord, TEST_ADDRESS, useShopServices } from "../../tests/setup/shop-fixtures";
import { TEST_TODAY } from "../../tests/setup/test-db";
import { quarterOf } from "../../app/domain/vat/vat-quarter";
import { todayInLondon } from "../../app/domain/shared/dates";
import { ValidationError } from "../../app/domain/shared/errors";
import { MARGIN_COPY_NEEDS_PURCHASE_PRICE } from "../../app/domain/vat/margin-vat";
import type { Actor } from "../../app/domain/admin/audit";

const shop = useShopServices();
let actor: Actor;
beforeAll(() => {
  const owner = shop.t.db
    .insert(users)
    .values({ username: "buyer-in", passwordHash: "x", email: "buyer-in@example.com", role: "admin" })
    .returning()
    .get();
  actor = { id: owner.id, username: "buyer-in" };
});
// Copies are bought today and sold (paid for) now: the stock book of the quarter today falls in.
const today = todayInLondon();
const quarter = quarterOf(today);

let bought = 0;
function buyTwo() {
  bought += 1;
  const title = `Blue Train Take ${"xyzw"[bought]}`;
  const pressing = insertRecord(shop.t.db, { title, artist: "John Coltrane", catalogueId: `BN-${Date.now()}-${bought}` });
  const cat = shop.t.db.select().from(records).where(eq(records.id, pressing.id)).get()!.catalogueId;
  return shop.s.stockPurchases.buy(actor, {
    sellerName: "Pat Seller",
    sellerAddress: "1 High Street, Leeds LS1 1AA",
    boughtAt: today,
    vatScheme: "margin",
    rows: [
      { pressing: cat, mediaGrade: "VG+", sleeveGrade: "VG", purchasePrice: 400, price: 1000 },
      { pressing: `coltrane ${title}`, mediaGrade: "G", sleeveGrade: "G", purchasePrice: 1200, price: 1000 },
    ],
  });
}

function sell(recordId: number) {
  const { order } = shop.s.orders.place({
    idempotencyKey: `stock-book-${recordId}-abcdefghijkl`,
    lines: [{ recordId, quantity: 1 }],
    discountCode: null,
    email: "buyer@example.com",
    shipping: { ...TEST_ADDRESS, name: "Sam Buyer" },
    userId: null,
    paymentProvider: "test-card",
    today: TEST_TODAY,
  });
  shop.s.orders.markPaid(order.orderNumber, { reference: `pay-${recordId}` });
  return order.orderNumber;
}

describe("buying a collection", () => {
  it("writes the purchase and its copies, each margin-scheme with its price paid, date and seller, audited", () => {
    const { purchase, copies } = buyTwo();
    expect(purchase).toMatchObject({ sellerName: "Pat Seller", vatScheme: "margin", totalPence: 1600 });
    expect(purchase.reference).toMatch(/^PU-[A-Z2-7]{8}$/);
    expect(copies.map((c) => [c.purchasePricePence, c.pricePence, c.sold])).toEqual([
      [400, 1000, false],
      [1200, 1000, false],
    ]);
    const stored = shop.t.db.select().from(records).where(eq(records.id, copies[0]!.id)).get()!;
    expect(stored).toMatchObject({
      vatScheme: "margin",
      purchasedAt: today,
      purchasedFrom: "Pat Seller",
      stockPurchaseId: purchase.id,
    });
    const audit = shop.t.db.select().from(auditLog).where(eq(auditLog.entityType, "stock purchase")).all();
    expect(audit.some((a) => a.entityId === String(purchase.id))).toBe(true);
  });

  it("refuses the whole purchase when a row names no pressing, with the message beside that row", () => {
    const before = shop.s.stockPurchases.list().length;
    const attempt = () =>
      shop.s.stockPurchases.buy(actor, {
        sellerName: "Pat",
        sellerAddress: "1 High St",
        boughtAt: "2026-11-20",
        vatScheme: "margin",
        rows: [{ pressing: "no such pressing at all", mediaGrade: "VG", sleeveGrade: "VG", purchasePrice: 100, price: 500 }],
      });
    expect(attempt).toThrow(ValidationError);
    try {
      attempt();
    } catch (e) {
      expect(Object.keys((e as ValidationError).fields ?? {})).toEqual(["rows[0].pressing"]);
    }
    expect(shop.s.stockPurchases.list()).toHaveLength(before);
  });

  it("a margin-scheme copy cannot be listed without a purchase price", () => {
    const pressing = insertRecord(shop.t.db);
    expect(() =>
      shop.s.usedCopies.add(actor, pressing.id, { price: 1000, mediaGrade: "VG", sleeveGrade: "VG", vatScheme: "margin" }),
    ).toThrow(MARGIN_COPY_NEEDS_PURCHASE_PRICE);
  });
});

describe("the stock book", () => {
  it("shows each margin copy's purchase and sale, and the quarter's figures: £4→£10 owes £1.00, £12→£10 owes nothing", () => {
    const { purchase, copies } = buyTwo();
    const [cheap, dear] = copies;
    const first = sell(cheap!.id);
    sell(dear!.id);
    const book = shop.s.stockBook.book(quarter);
    const mine = book.filter((r) => r.purchaseReference === purchase.reference);
    expect(mine.map((r) => [r.stockNumber, r.purchasePricePence, r.sale?.sellingPence, r.sale?.vatPence])).toEqual([
      [cheap!.id, 400, 1000, 100],
      [dear!.id, 1200, 1000, 0],
    ]);
    expect(mine[0]!.sale).toMatchObject({ orderNumber: first, buyer: "Sam Buyer", refunded: false });
    expect(mine[0]!.sale!.soldOn).toBe(today);
    const summary = shop.s.stockBook.summary(quarter);
    expect(summary.vatDuePence).toBeGreaterThanOrEqual(100);
    expect(summary.lossesPence).toBeGreaterThanOrEqual(200);
  });
});

describe("a copy's price paid, set or corrected later", () => {
  it("is audited, and refused once the copy has sold (its VAT was worked out on the price it had)", () => {
    const { copies } = buyTwo();
    const [copy, other] = copies;
    shop.s.stockPurchases.setPurchasePrice(actor, copy!.id, 350);
    expect(shop.t.db.select().from(records).where(eq(records.id, copy!.id)).get()!.purchasePricePence).toBe(350);
    const rows = shop.t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(copy!.id)))
      .all();
    expect(rows.map((r) => r.action)).toContain("purchase price corrected");
    sell(other!.id);
    expect(() => shop.s.stockPurchases.setPurchasePrice(actor, other!.id, 100)).toThrow(/has been sold/);
  });

  it("a margin copy without a price paid cannot be published", () => {
    const copy = insertRecord(shop.t.db, {
      condition: "used",
      mediaGrade: "VG",
      sleeveGrade: "VG",
      stockQuantity: 1,
      vatScheme: "margin",
      purchasePricePence: null,
      published: false,
    });
    expect(() => shop.s.adminCatalogue.setPublished(actor, copy.id, true)).toThrow(MARGIN_COPY_NEEDS_PURCHASE_PRICE);
  });
});
