import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orders } from "../../db/schema";
import { useTestApp } from "../../tests/setup/http";
import { insertRecord } from "../../tests/setup/shop-fixtures";

// Orders abroad through the API: the country as an ISO 3166 code (its English name still read), an optional
// delivery service and phone, and the VAT in the answer's totals with its country and rate. Bad input is a 400
// with a short message, never a 500. REST and tRPC alike.

const shop = useTestApp({ name: "orders-international", database: "migrated", startEnv: { IOSS_NUMBER: "IM3720000001" } });

let n = 0;
function order(recordId: number, overrides: Record<string, unknown> = {}) {
  n += 1;
  return {
    idempotencyKey: `intl-order-key-${n}-${Math.random().toString(36).slice(2)}`,
    email: `intl-buyer${n}@example.com`,
    name: `Buyer ${n}`,
    addressLine1: `${n} Grafton Street`,
    city: "Dublin",
    postalCode: "D02 X285",
    country: "IE",
    lines: [{ recordId, quantity: 2 }],
    card: { cardNumber: "4242424242424242", cardExpiry: "12/30", cardCvc: "123" },
    ...overrides,
  };
}

/** The parts of the answers these tests read (REST's and tRPC's). */
interface Totals {
  shippingPence: number;
  vat: unknown;
  [key: string]: unknown;
}
interface Answer {
  totals: Totals;
  fields: unknown;
  delivery: unknown;
  result: { data: { totals: Totals } };
  error: { data: { code: string } };
}

async function post(path: string, body: unknown) {
  const res = await fetch(`${shop.base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: shop.base, accept: "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Answer };
}

const orderOf = (email: string) => shop.t.db.select().from(orders).where(eq(orders.email, email)).get();

// Two £28.99 LPs to Dublin: 2 × £24.16 without UK VAT, £11.00 International Standard, 23% Irish VAT on both.
const DUBLIN_TOTALS = {
  itemCount: 2,
  itemsPence: 4832,
  shippingPence: 1100,
  discountPence: 0,
  vatPence: 1364,
  totalPence: 7296,
  vat: { treatment: "ioss", countryCode: "IE", rateBasisPoints: 2300, consignmentEuroCents: 5653 },
  voucherPence: 0,
  amountDuePence: 7296,
};

describe("POST /api/orders abroad", () => {
  it("takes the country as its ISO code and answers the VAT with its country and rate", async () => {
    const lp = insertRecord(shop.t.db, { pricePence: 2899, stockQuantity: 9, format: "Vinyl LP" });
    const body = order(lp.id);
    const out = await post("/api/orders", body);
    expect(out.status).toBe(201);
    expect(out.body.totals).toEqual(DUBLIN_TOTALS);
    expect(orderOf(body.email)).toMatchObject({ countryCode: "IE", deliveryService: "intl_standard", vatTreatment: "ioss" });
  });

  it("still reads the country's full English name, and takes a tracked service with a phone number", async () => {
    const lp = insertRecord(shop.t.db, { pricePence: 2899, stockQuantity: 9, format: "Vinyl LP" });
    const body = order(lp.id, {
      country: "United States of America",
      city: "New York",
      postalCode: "10001",
      deliveryService: "intl_tracked",
      phone: "+1 212 555 0100",
    });
    const out = await post("/api/orders", body);
    expect(out.status).toBe(201);
    expect(out.body.totals).toMatchObject({
      itemsPence: 4832,
      shippingPence: 1950,
      vatPence: 0,
      totalPence: 6782,
      vat: { treatment: "export", countryCode: "US", rateBasisPoints: 0 },
    });
    expect(orderOf(body.email)).toMatchObject({ countryCode: "US", deliveryService: "intl_tracked", phone: "+1 212 555 0100" });
  });

  it.each([
    ["an unknown country", { country: "XX" }, { country: ["Please choose a country from the list"] }],
    [
      "a postcode wrong for its country",
      { country: "DE", postalCode: "SW1A 1AA" },
      { postalCode: ["Please enter the postcode as it is written there, such as 10115"] },
    ],
    ["an unknown service", { deliveryService: "pigeon" }, { deliveryService: ["Please choose a delivery service"] }],
    [
      "a tracked service abroad without a phone",
      { deliveryService: "intl_tracked" },
      { phone: ["Please enter a phone number: the carrier needs it for tracked delivery abroad."] },
    ],
  ])("refuses %s with 400 and a short message; nothing placed", async (_what, overrides, fields) => {
    const lp = insertRecord(shop.t.db, { pricePence: 2899, stockQuantity: 9 });
    const body = order(lp.id, overrides);
    const out = await post("/api/orders", body);
    expect(out.status).toBe(400);
    expect(out.body.fields).toEqual(fields);
    expect(orderOf(body.email)).toBeUndefined();
  });

  it("refuses a parcel too heavy for every service to the country with a 4xx saying so", async () => {
    const box = insertRecord(shop.t.db, { pricePence: 9999, stockQuantity: 9, format: "Vinyl Box Set" });
    const body = order(box.id, { lines: [{ recordId: box.id, quantity: 5 }] }); // 6.25 kg
    const out = await post("/api/orders", body);
    expect(out.status).toBeGreaterThanOrEqual(400);
    expect(out.status).toBeLessThan(500);
    expect(JSON.stringify(out.body)).toContain("too heavy");
    expect(orderOf(body.email)).toBeUndefined();
  });
});

describe("POST /api/cart/price for a country", () => {
  it("prices the cart for the country and service asked, and refuses an unknown country with 400", async () => {
    const lp = insertRecord(shop.t.db, { pricePence: 2899, stockQuantity: 9, format: "Vinyl LP" });
    const priced = await post("/api/cart/price", { lines: [{ recordId: lp.id, quantity: 2 }], country: "ie" });
    expect(priced.status).toBe(200);
    expect(priced.body.delivery).toMatchObject({ countryCode: "IE", zone: "europe", service: "intl_standard", weightGrams: 710 });
    expect(priced.body.totals).toMatchObject({ totalPence: 7296, vat: { countryCode: "IE", rateBasisPoints: 2300 } });
    const tracked = await post("/api/cart/price", {
      lines: [{ recordId: lp.id, quantity: 2 }],
      country: "Ireland",
      deliveryService: "intl_tracked",
    });
    expect(tracked.body.totals.shippingPence).toBe(1400);
    expect((await post("/api/cart/price", { lines: [], country: "Atlantis" })).status).toBe(400);
  });
});

describe("checkout.placeOrder and cart.price over tRPC abroad", () => {
  it("takes the same fields and answers the same totals", async () => {
    const lp = insertRecord(shop.t.db, { pricePence: 2899, stockQuantity: 9, format: "Vinyl LP" });
    const input = encodeURIComponent(JSON.stringify({ lines: [{ recordId: lp.id, quantity: 2 }], country: "IE" }));
    const priced = { body: (await (await fetch(`${shop.base}/trpc/cart.price?input=${input}`)).json()) as Answer };
    expect(priced.body.result.data.totals.vat).toEqual(DUBLIN_TOTALS.vat);
    const out = await post("/trpc/checkout.placeOrder", order(lp.id));
    expect(out.status).toBe(200);
    expect(out.body.result.data.totals).toEqual(DUBLIN_TOTALS);
  });

  it("refuses an unknown country as BAD_REQUEST (400)", async () => {
    const lp = insertRecord(shop.t.db, { pricePence: 2899, stockQuantity: 9 });
    const out = await post("/trpc/checkout.placeOrder", order(lp.id, { country: "Narnia" }));
    expect(out.status).toBe(400);
    expect(out.body.error.data.code).toBe("BAD_REQUEST");
  });
});
