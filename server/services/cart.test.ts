import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { records } from "../../db/schema";
import { insertDiscountCode, insertRecord } from "../../tests/setup/shop-fixtures";
import { migratedTestDb, TEST_TODAY, type TestDb } from "../../tests/setup/test-db";
import { createServices, type Services } from ".";
import { DISCOUNT_MESSAGES } from "./discounts";
import { priceLine, type SellableRecord } from "./cart";

/** UK VAT, included in the prices as always. */
const UK_VAT = { treatment: "uk", countryCode: "GB", rateBasisPoints: 2000 } as const;

const TODAY = TEST_TODAY; // 2026-11-22
const NEXT_YEAR = "2027-03-01";

const sellable = (overrides: Partial<SellableRecord> = {}): SellableRecord => ({
  id: 12,
  title: "Blue Train",
  artist: "John Coltrane",
  coverUrl: "/media/covers/blue-train.jpg",
  format: "LP",
  pricePence: 2499,
  stockQuantity: 5,
  releaseDate: "1957-09-01",
  hiddenByContent: false,
  vatScheme: "standard",
  purchasePricePence: null,
  weightGrams: null,
  label: null,
  hsCode: null,
  originCountry: null,
  limitPerCustomer: null,
  onSaleAt: null,
  isDrop: false,
  recordStoreDay: false,
  preOrderCharge: null,
  ...overrides,
});

describe("priceLine", () => {
  it("prices a line the shop can sell from the record as it is now", () => {
    expect(priceLine({ recordId: 12, quantity: 2 }, sellable(), TODAY)).toEqual({
      recordId: 12,
      quantity: 2,
      maxQuantity: 5,
      title: "Blue Train",
      artist: "John Coltrane",
      coverUrl: "/media/covers/blue-train.jpg",
      format: "LP",
      path: "/vinyl/12-john-coltrane-blue-train",
      pricePence: 2499,
      lineTotalPence: 4998,
      isPreOrder: false,
      releaseDate: "1957-09-01",
      issue: null,
      vatScheme: "standard",
    });
  });

  it("a record that no longer exists is unavailable, priced 0", () => {
    expect(priceLine({ recordId: 99, quantity: 2 }, undefined, TODAY)).toEqual({
      recordId: 99,
      quantity: 2,
      maxQuantity: 0,
      title: "A record no longer in the shop",
      artist: "",
      coverUrl: null,
      format: null,
      path: null,
      pricePence: 0,
      lineTotalPence: 0,
      isPreOrder: false,
      releaseDate: null,
      issue: "unavailable",
      vatScheme: "standard",
    });
  });

  it("a hidden placeholder record is unavailable, keeping its name for the shopper", () => {
    const line = priceLine({ recordId: 12, quantity: 1 }, sellable({ title: "Midnight Drive", hiddenByContent: true }), TODAY);
    expect(line).toMatchObject({
      issue: "unavailable",
      title: "Midnight Drive",
      artist: "John Coltrane",
      pricePence: 0,
      lineTotalPence: 0,
      maxQuantity: 0,
    });
  });

  it("a hidden record that is a pre-order is still sold (pre-orders are never hidden)", () => {
    const line = priceLine(
      { recordId: 12, quantity: 1 },
      sellable({ title: "Midnight Drive", hiddenByContent: true, releaseDate: NEXT_YEAR, stockQuantity: 0 }),
      TODAY,
    );
    expect(line).toMatchObject({ issue: null, isPreOrder: true, maxQuantity: 10, lineTotalPence: 2499 });
  });

  it("no stock: out-of-stock, nothing charged", () => {
    expect(priceLine({ recordId: 12, quantity: 1 }, sellable({ stockQuantity: 0 }), TODAY)).toMatchObject({
      issue: "out-of-stock",
      maxQuantity: 0,
      pricePence: 2499,
      lineTotalPence: 0,
    });
  });

  it("more asked than in stock: insufficient-stock, with the most they may have", () => {
    expect(priceLine({ recordId: 12, quantity: 3 }, sellable({ stockQuantity: 2 }), TODAY)).toMatchObject({
      issue: "insufficient-stock",
      maxQuantity: 2,
      lineTotalPence: 0,
    });
    expect(priceLine({ recordId: 12, quantity: 2 }, sellable({ stockQuantity: 2 }), TODAY)).toMatchObject({
      issue: null,
      lineTotalPence: 4998,
    });
  });

  it("a pre-order is not bound by stock on hand, only by the 10-a-line limit", () => {
    const preOrder = sellable({ releaseDate: NEXT_YEAR, stockQuantity: 0 });
    expect(priceLine({ recordId: 12, quantity: 10 }, preOrder, TODAY)).toMatchObject({
      issue: null,
      isPreOrder: true,
      maxQuantity: 10,
      lineTotalPence: 24990,
      releaseDate: NEXT_YEAR,
    });
    expect(priceLine({ recordId: 12, quantity: 11 }, preOrder, TODAY)).toMatchObject({
      issue: "insufficient-stock",
      maxQuantity: 10,
    });
  });

  it("a record released today is no longer a pre-order: stock applies", () => {
    expect(priceLine({ recordId: 12, quantity: 1 }, sellable({ releaseDate: TODAY, stockQuantity: 0 }), TODAY)).toMatchObject({
      isPreOrder: false,
      issue: "out-of-stock",
    });
  });

  it("plenty of stock still allows 10 a line", () => {
    expect(priceLine({ recordId: 12, quantity: 11 }, sellable({ stockQuantity: 40 }), TODAY)).toMatchObject({
      issue: "insufficient-stock",
      maxQuantity: 10,
    });
  });
});

describe("cart.price (real database)", () => {
  let t: TestDb;
  let s: Services;
  beforeAll(() => {
    t = migratedTestDb();
    s = createServices(t.db, { mediaDir: "" });
  });
  afterAll(async () => {
    await s.mail.idle();
    t.cleanup();
  });

  const address = {
    name: "Ada Lovelace",
    addressLine1: "1 Record Row",
    city: "London",
    postalCode: "SW1A 1AA",
    country: "United Kingdom",
  };
  let keyN = 0;
  const key = () => `cart-test-key-${++keyN}-abcdefgh`;

  it("an empty cart is 0 everywhere and needs no review", () => {
    expect(s.cart.price([], null, { today: TODAY })).toEqual({
      lines: [],
      totals: { itemCount: 0, itemsPence: 0, shippingPence: 0, discountPence: 0, totalPence: 0, vatPence: 0, vat: UK_VAT },
      delivery: {
        countryCode: "GB",
        countryName: "United Kingdom",
        zone: "uk",
        customs: false,
        weightGrams: 0,
        choices: [
          { service: "tracked_48", name: "Royal Mail Tracked 48", days: "2–3 working days", tracked: true, pricePence: 0 },
          { service: "tracked_24", name: "Royal Mail Tracked 24", days: "1–2 working days", tracked: true, pricePence: 695 },
        ],
        service: "tracked_48",
        vatNotice: null,
      },
      discount: null,
      needsReview: false,
    });
  });

  it("prices every line from the database and totals only the lines that can be bought", () => {
    const good = insertRecord(t.db, { pricePence: 1999, stockQuantity: 5 });
    const soldOut = insertRecord(t.db, { pricePence: 5000, stockQuantity: 0 });
    const short = insertRecord(t.db, { pricePence: 3000, stockQuantity: 1 });
    const placeholder = insertRecord(t.db, { title: "Midnight Drive", pricePence: 4000, stockQuantity: 9 });
    const preOrder = insertRecord(t.db, { pricePence: 2500, stockQuantity: 0, releaseDate: NEXT_YEAR });
    const priced = s.cart.price(
      [
        { recordId: good.id, quantity: 2 },
        { recordId: soldOut.id, quantity: 1 },
        { recordId: 987_654, quantity: 1 },
        { recordId: short.id, quantity: 3 },
        { recordId: placeholder.id, quantity: 1 },
        { recordId: preOrder.id, quantity: 1 },
      ],
      null,
      { today: TODAY },
    );
    expect(priced.lines.map((l) => [l.recordId, l.issue, l.lineTotalPence])).toEqual([
      [good.id, null, 3998],
      [soldOut.id, "out-of-stock", 0],
      [987_654, "unavailable", 0],
      [short.id, "insufficient-stock", 0],
      [placeholder.id, "unavailable", 0],
      [preOrder.id, null, 2500],
    ]);
    // Buyable: 2 × £19.99 + £25.00 = £64.98, 3 records → £4 shipping; total 6898; VAT 6898 / 6 = 1149.67 → 1150.
    expect(priced.totals).toEqual({
      itemCount: 3,
      itemsPence: 6498,
      shippingPence: 400,
      discountPence: 0,
      totalPence: 6898,
      vatPence: 1150,
      vat: UK_VAT,
    });
    expect(priced.needsReview).toBe(true);
    expect(priced.discount).toBeNull();
  });

  it("flagged lines do not count towards the £7 shipping tier", () => {
    const a = insertRecord(t.db, { pricePence: 1000, stockQuantity: 10 });
    const b = insertRecord(t.db, { pricePence: 1000, stockQuantity: 0 });
    const priced = s.cart.price(
      [
        { recordId: a.id, quantity: 4 },
        { recordId: b.id, quantity: 3 },
      ],
      null,
      { today: TODAY },
    );
    expect(priced.totals).toMatchObject({ itemCount: 4, itemsPence: 4000, shippingPence: 400, totalPence: 4400 });
  });

  it("a cart with no problems needs no review", () => {
    const a = insertRecord(t.db, { pricePence: 1250, stockQuantity: 3 });
    const priced = s.cart.price([{ recordId: a.id, quantity: 3 }], null, { today: TODAY });
    expect(priced.needsReview).toBe(false);
    expect(priced.totals).toEqual({
      itemCount: 3,
      itemsPence: 3750,
      shippingPence: 400,
      discountPence: 0,
      totalPence: 4150,
      vatPence: 692,
      vat: UK_VAT,
    });
  });

  it("always uses the price in the database at the time of pricing", () => {
    const a = insertRecord(t.db, { pricePence: 2000, stockQuantity: 3 });
    expect(s.cart.price([{ recordId: a.id, quantity: 1 }], null, { today: TODAY }).totals.itemsPence).toBe(2000);
    t.db.update(records).set({ pricePence: 2250 }).where(eq(records.id, a.id)).run();
    expect(s.cart.price([{ recordId: a.id, quantity: 1 }], null, { today: TODAY }).totals.itemsPence).toBe(2250);
  });

  it("a good code takes 10% off the buyable items only", () => {
    const a = insertRecord(t.db, { pricePence: 2999, stockQuantity: 3 });
    const b = insertRecord(t.db, { pricePence: 9000, stockQuantity: 0 });
    const { codeId } = insertDiscountCode(t.db, "CARTTEN");
    const priced = s.cart.price(
      [
        { recordId: a.id, quantity: 1 },
        { recordId: b.id, quantity: 1 },
      ],
      " cartten ",
      { today: TODAY },
    );
    expect(priced.discount).toEqual({ ok: true, code: "CARTTEN", percentOff: 10, codeId, message: "10% off your first order" });
    // 10% of 2999 = 299.9 → 299 (the out-of-stock £90 line is not discounted); 2999 + 400 − 299 = 3100.
    expect(priced.totals).toEqual({
      itemCount: 1,
      itemsPence: 2999,
      shippingPence: 400,
      discountPence: 299,
      totalPence: 3100,
      vatPence: 517,
      vat: UK_VAT,
    });
  });

  it("an unknown code is reported and takes nothing off", () => {
    const a = insertRecord(t.db, { pricePence: 2999, stockQuantity: 3 });
    const priced = s.cart.price([{ recordId: a.id, quantity: 1 }], "NOSUCHCODE", { today: TODAY });
    expect(priced.discount).toEqual({ ok: false, code: "NOSUCHCODE", message: DISCOUNT_MESSAGES.unknown });
    expect(priced.totals).toMatchObject({ discountPence: 0, totalPence: 3399 });
  });

  it("a first-order code is refused for a customer who has ordered before, and allowed when nobody is known", () => {
    const a = insertRecord(t.db, { pricePence: 2000, stockQuantity: 10 });
    insertDiscountCode(t.db, "CARTFIRST");
    s.orders.place({
      idempotencyKey: key(),
      lines: [{ recordId: a.id, quantity: 1 }],
      discountCode: null,
      email: "repeat@example.com",
      shipping: address,
      userId: null,
      paymentProvider: "test-card",
      today: TODAY,
    });
    const lines = [{ recordId: a.id, quantity: 1 }];
    const asRepeat = s.cart.price(lines, "CARTFIRST", { today: TODAY, customer: { userId: null, email: "Repeat@Example.com" } });
    expect(asRepeat.discount).toEqual({ ok: false, code: "CARTFIRST", message: DISCOUNT_MESSAGES.notFirstOrder });
    expect(asRepeat.totals).toMatchObject({ discountPence: 0, totalPence: 2400 });
    const anonymous = s.cart.price(lines, "CARTFIRST", { today: TODAY });
    expect(anonymous.discount?.ok).toBe(true);
    expect(anonymous.totals).toMatchObject({ discountPence: 200, totalPence: 2200 });
  });
});

describe("priceLine for a limited record", () => {
  it("lets a line have at most the per-customer limit, and says so apart from the stock", () => {
    const line = priceLine({ recordId: 12, quantity: 2 }, sellable({ limitPerCustomer: 1 }), TODAY);
    expect(line).toMatchObject({ maxQuantity: 1, issue: "over-limit", lineTotalPence: 0 });
    expect(priceLine({ recordId: 12, quantity: 1 }, sellable({ limitPerCustomer: 1 }), TODAY).issue).toBeNull();
    expect(priceLine({ recordId: 12, quantity: 9 }, sellable({ limitPerCustomer: 10 }), TODAY).issue).toBe("insufficient-stock");
  });

  it("marks it not on sale yet before its on-sale time", () => {
    const record = sellable({ onSaleAt: "2026-11-28T08:00:00.000Z" });
    const line = { recordId: 12, quantity: 1 };
    expect(priceLine(line, record, TODAY, new Date("2026-11-28T07:59:00.000Z"))).toMatchObject({
      issue: "not-on-sale-yet",
      lineTotalPence: 0,
    });
    expect(priceLine(line, record, TODAY, new Date("2026-11-28T08:00:00.000Z")).issue).toBeNull();
  });
});
