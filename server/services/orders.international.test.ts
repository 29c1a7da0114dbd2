import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PriceChangedError } from "../../app/domain/checkout/price-quote";
import { ValidationError } from "../../app/domain/shared/errors";
import { orders, records } from "../../db/schema";
import { catchMail } from "../../tests/setup/mail-catcher";
import { insertRecord } from "../../tests/setup/shop-fixtures";
import { migratedTestDb, TEST_TODAY, type TestDb } from "../../tests/setup/test-db";
import { createServices, type Services } from "./index";
import type { PlaceOrderInput } from "./orders";

// Orders leaving the UK at the service level: every kind of bad input is a ValidationError naming its field (the
// adapters answer 400), nothing is placed, and a placed order records how its VAT was worked out.

const IOSS_NUMBER = "IM3720000001";
let t: TestDb;
let s: Services;
let noIoss: Services;

beforeAll(() => {
  t = migratedTestDb();
  const options = { mediaDir: path.join(path.dirname(t.file), "media"), mailTransport: catchMail(), rateLimitFactor: 100 };
  s = createServices(t.db, { ...options, iossNumber: IOSS_NUMBER });
  noIoss = createServices(t.db, { ...options, iossNumber: null });
});
afterAll(() => t.cleanup());

const DUBLIN = { name: "Aoife Byrne", addressLine1: "1 Grafton Street", city: "Dublin", postalCode: "D02 X285", country: "IE" };
const BERLIN = { name: "Jonas Weber", addressLine1: "Torstraße 1", city: "Berlin", postalCode: "10115", country: "DE" };

let n = 0;
function input(overrides: Partial<PlaceOrderInput> & Pick<PlaceOrderInput, "lines">): PlaceOrderInput {
  n += 1;
  return {
    idempotencyKey: `intl-service-key-${n}-abcdefgh`,
    discountCode: null,
    email: `abroad${n}@example.com`,
    shipping: DUBLIN,
    delivery: { countryCode: "IE", service: null },
    userId: null,
    paymentProvider: "test-card",
    today: TEST_TODAY,
    ...overrides,
  };
}

const ordersBy = (email: string) => t.db.select().from(orders).where(eq(orders.email, email)).all();
const stockOf = (id: number) => t.db.select().from(records).where(eq(records.id, id)).get()!.stockQuantity;

function refusal(attempt: () => unknown): ValidationError {
  try {
    attempt();
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return error as ValidationError;
  }
  throw new Error("the order was placed");
}

describe("orders.place refuses bad input abroad, placing nothing", () => {
  it("an unknown country code", () => {
    const lp = insertRecord(t.db, { pricePence: 2899, stockQuantity: 5 });
    const order = input({ lines: [{ recordId: lp.id, quantity: 1 }], delivery: { countryCode: "XX", service: null } });
    const error = refusal(() => s.orders.place(order));
    expect(error.fields).toEqual({ country: ["Please choose a country from the list"] });
    expect(ordersBy(order.email)).toEqual([]);
    expect(stockOf(lp.id)).toBe(5);
  });

  it("a postcode wrong for its country", () => {
    const lp = insertRecord(t.db, { pricePence: 2899, stockQuantity: 5 });
    const order = input({
      lines: [{ recordId: lp.id, quantity: 1 }],
      shipping: { ...BERLIN, postalCode: "SW1A 1AA" },
      delivery: { countryCode: "DE", service: null },
    });
    expect(refusal(() => s.orders.place(order)).fields).toEqual({
      postalCode: ["Please enter the postcode as it is written there, such as 10115"],
    });
    expect(ordersBy(order.email)).toEqual([]);
  });

  it("a parcel too heavy for every service: the shopper is told, the stock is kept", () => {
    const box = insertRecord(t.db, { pricePence: 9999, stockQuantity: 9, format: "Vinyl Box Set" });
    const order = input({ lines: [{ recordId: box.id, quantity: 5 }] }); // 5 × 1.2 kg + the mailer
    expect(refusal(() => s.orders.place(order)).message).toBe(
      "Your parcel (about 6.3 kg) is too heavy for our delivery services to Ireland. Please split it into smaller orders, or contact us for a quote.",
    );
    expect(ordersBy(order.email)).toEqual([]);
    expect(stockOf(box.id)).toBe(9);
  });

  it("a tracked service abroad without a phone number", () => {
    const lp = insertRecord(t.db, { pricePence: 2899, stockQuantity: 5 });
    const order = input({ lines: [{ recordId: lp.id, quantity: 1 }], delivery: { countryCode: "IE", service: "intl_tracked" } });
    expect(refusal(() => s.orders.place(order)).fields).toEqual({
      phone: ["Please enter a phone number: the carrier needs it for tracked delivery abroad."],
    });
    const withPhone = s.orders.place({ ...order, phone: "+353 1 234 5678" });
    expect(withPhone.order.deliveryService).toBe("intl_tracked");
  });
});

describe("the VAT a placed order records", () => {
  it("under IOSS: the member state, its rate, the goods in euros, the exchange rate and its date, the IOSS number", () => {
    const lp = insertRecord(t.db, { pricePence: 2899, stockQuantity: 5, format: "Vinyl LP" });
    const { order } = s.orders.place(input({ lines: [{ recordId: lp.id, quantity: 2 }] }));
    expect(order.totals).toMatchObject({ itemsPence: 4832, shippingPence: 1100, vatPence: 1364, totalPence: 7296 });
    expect(ordersBy(order.email)[0]).toMatchObject({
      countryCode: "IE",
      deliveryService: "intl_standard",
      parcelGrams: 710,
      vatTreatment: "ioss",
      vatCountry: "IE",
      vatRateBasisPoints: 2300,
      exportReason: null,
      consignmentEuroCents: 5653,
      eurPerGbp: "1.17",
      eurRateAsOf: "2025-11-03",
      iossNumber: IOSS_NUMBER,
    });
  });

  it("an EU order when the shop has no IOSS number is sold as an export, with the doorstep warning", () => {
    const lp = insertRecord(t.db, { pricePence: 2899, stockQuantity: 5, format: "Vinyl LP" });
    const lines = [{ recordId: lp.id, quantity: 2 }];
    const cart = noIoss.cart.price(lines, null, { today: TEST_TODAY, delivery: { countryCode: "IE", service: null } });
    expect(cart.delivery.vatNotice).toMatch(/^We cannot collect EU VAT at checkout.*charged on delivery/);
    const { order } = noIoss.orders.place(input({ lines }));
    expect(order.totals).toMatchObject({
      itemsPence: 4832,
      shippingPence: 1100,
      vatPence: 0,
      totalPence: 5932,
      vat: { treatment: "export", countryCode: "IE", rateBasisPoints: 0, exportReason: "no_ioss", consignmentEuroCents: 5653 },
    });
    expect(ordersBy(order.email)[0]).toMatchObject({ vatTreatment: "export", exportReason: "no_ioss", iossNumber: null });
  });

  it("a price change moving the order over €150 between the cart and payment: 409, then one consistent calculation", async () => {
    // £150.00 is £125.00 without UK VAT, €146.25: under IOSS. At £160.00 it is £133.33, €156.00: an export.
    const lp = insertRecord(t.db, { pricePence: 15000, stockQuantity: 5, format: "Vinyl LP" });
    const lines = [{ recordId: lp.id, quantity: 1 }];
    const delivery = { countryCode: "DE", service: null };
    const cart = s.cart.price(lines, null, { today: TEST_TODAY, delivery });
    expect(cart.totals).toMatchObject({ itemsPence: 12500, shippingPence: 950, vatPence: 2556, totalPence: 16006 });
    expect(cart.totals.vat).toEqual({ treatment: "ioss", countryCode: "DE", rateBasisPoints: 1900, consignmentEuroCents: 14625 });

    t.db.update(records).set({ pricePence: 16000 }).where(eq(records.id, lp.id)).run();
    const order = { ...input({ lines, shipping: BERLIN, delivery }), expectedTotalPence: cart.totals.totalPence };
    const changed = await s.checkout.submit(order, { card: undefined, origin: "http://localhost" }).catch((e: unknown) => e);
    expect(changed).toBeInstanceOf(PriceChangedError);
    expect((changed as PriceChangedError).quote.totalPence).toBe(13333 + 950);
    expect(ordersBy(order.email)).toEqual([]);
    expect(stockOf(lp.id)).toBe(5);

    const { order: placed } = s.orders.place({ ...order, expectedTotalPence: 14283 });
    expect(placed.totals.vat).toEqual({
      treatment: "export",
      countryCode: "DE",
      rateBasisPoints: 0,
      exportReason: "over_ioss_limit",
      consignmentEuroCents: 15600,
    });
    expect(ordersBy(order.email)[0]).toMatchObject({
      totalPence: 14283,
      vatPence: 0,
      vatTreatment: "export",
      vatCountry: "DE",
      vatRateBasisPoints: 0,
      exportReason: "over_ioss_limit",
      consignmentEuroCents: 15600,
      eurPerGbp: "1.17",
      eurRateAsOf: "2025-11-03",
    });
  });

  it("a pre-order to Dublin is priced like any order", () => {
    const pre = insertRecord(t.db, { pricePence: 2899, stockQuantity: 0, releaseDate: "2027-03-01", format: "Vinyl LP" });
    const { order } = s.orders.place(input({ lines: [{ recordId: pre.id, quantity: 2 }] }));
    expect(order.hasPreOrder).toBe(true);
    expect(order.lines[0]).toMatchObject({ unitPricePence: 2416, lineTotalPence: 4832, isPreOrder: true });
    expect(order.totals).toMatchObject({
      itemsPence: 4832,
      shippingPence: 1100,
      vatPence: 1364,
      totalPence: 7296,
      vat: { treatment: "ioss", countryCode: "IE", rateBasisPoints: 2300 },
    });
  });
});
