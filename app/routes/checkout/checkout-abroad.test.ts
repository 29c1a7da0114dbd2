import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orders } from "../../../db/schema";
import { createServices } from "../../../server/services";
import { insertRecord, TEST_ADDRESS, useShopServices } from "../../../tests/setup/shop-fixtures";
import { TEST_TODAY } from "../../../tests/setup/test-db";
import { formPost, routeArgs, settle } from "../../../tests/setup/route-context";
import { postedDeliveryWish } from "~/domain/checkout/delivery-wish";
import { action } from "./checkout";

const shop = useShopServices();
const call = (request: Request) => routeArgs({ db: shop.t.db, services: shop.s }, request);

let keys = 0;
const formKey = () => `checkout-abroad-key-${++keys}-${Date.now()}`;
const cartCookie = (lines: { id: number; quantity: number }[]) =>
  `needledrop-cart=${lines.map((l) => `${l.id}x${l.quantity}`).join(".")}`;
const ordersFor = (email: string) => shop.t.db.select().from(orders).where(eq(orders.email, email)).all();

const DUBLIN = { name: "Aoife Byrne", addressLine1: "1 Grafton Street", city: "Dublin", postalCode: "D02 X285", country: "IE" };

/** A filled-in form for a parcel abroad, paying with the test card. */
function abroadForm(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    email: "abroad@example.com",
    ...DUBLIN,
    addressLine2: "",
    phone: "+353 1 234 5678",
    deliveryService: "intl_standard",
    discountCode: "",
    pricedCode: "",
    idempotencyKey: formKey(),
    cardNumber: "4242 4242 4242 4242",
    cardExpiry: "12/30",
    cardCvc: "123",
    ...overrides,
  };
}

/** The post the page sends: Pay carries the total the summary showed for the country and service in the form. */
function payPost(form: Record<string, string>, lines: { id: number; quantity: number }[], services = shop.s) {
  const posted = new FormData();
  for (const [k, v] of Object.entries(form)) posted.set(k, v);
  const priced = services.cart.price(
    lines.map((l) => ({ recordId: l.id, quantity: l.quantity })),
    null,
    { today: TEST_TODAY, delivery: postedDeliveryWish(posted) },
  );
  const withTotal = form.intent ? form : { expectedTotalPence: String(priced.totals.totalPence), ...form };
  return formPost("/checkout", withTotal, cartCookie(lines));
}

/** What the Update delivery button posts: the form as typed so far (half filled), with its intent. */
const updatePost = (form: Record<string, string>, lines: { id: number; quantity: number }[]) =>
  formPost("/checkout", { intent: "update-delivery", idempotencyKey: formKey(), ...form }, cartCookie(lines));

describe("checkout delivery abroad, without JavaScript", () => {
  it("Update delivery re-prices the summary for Ireland and keeps what was typed; nothing is placed", async () => {
    const lp = insertRecord(shop.t.db, { pricePence: 2500, format: "LP", stockQuantity: 4 });
    const typed = { email: "dublin-typed@example.com", name: "", postalCode: "D02 X285", country: "IE" };
    const out = await settle(() => action(call(updatePost(typed, [{ id: lp.id, quantity: 2 }]))));
    expect(out.status).toBe(200);
    const summary = out.data?.summary;
    expect(summary?.delivery).toMatchObject({ countryCode: "IE", countryName: "Ireland", service: "intl_standard" });
    expect(summary?.delivery.choices.map((c) => c.service)).toEqual(["intl_standard", "intl_tracked"]);
    // No IOSS number in these services: sold as an export, prices without UK VAT (£25.00 ÷ 1.2 = £20.83).
    expect(summary?.totals).toMatchObject({ itemsPence: 4166, shippingPence: 1100, vatPence: 0, totalPence: 5266 });
    expect(summary?.delivery.vatNotice).toContain("Import duties, taxes and a handling fee may be charged on delivery");
    expect(out.data?.result.initialValue).toMatchObject({ email: "dublin-typed@example.com", postalCode: "D02 X285" });
    expect(out.data?.result.error ?? {}).toEqual({});
    expect(ordersFor("dublin-typed@example.com")).toEqual([]);
  });

  it("with the shop's IOSS number, Ireland's 23% VAT is added to the total, and Pay places the order at it", async () => {
    const services = createServices(shop.t.db, { mediaDir: "", rateLimitFactor: 100, iossNumber: "IM3720000001" });
    const iossCall = (request: Request) => routeArgs({ db: shop.t.db, services }, request);
    const lp = insertRecord(shop.t.db, { pricePence: 2500, format: "LP", stockQuantity: 4 });
    const lines = [{ id: lp.id, quantity: 2 }];
    const updated = await settle(() => action(iossCall(updatePost({ country: "IE" }, lines))));
    // 2 × £20.83 + £11.00 = £52.66 without UK VAT; 23% of it is £12.11.
    expect(updated.data?.summary?.totals).toMatchObject({ vatPence: 1211, totalPence: 6477 });
    expect(updated.data?.summary?.totals.vat).toMatchObject({ treatment: "ioss", countryCode: "IE", rateBasisPoints: 2300 });
    const paid = await settle(() => action(iossCall(payPost(abroadForm({ email: "ioss-paid@example.com" }), lines, services))));
    expect(paid.status).toBe(303);
    expect(ordersFor("ioss-paid@example.com").map((o) => [o.countryCode, o.vatTreatment, o.totalPence])).toEqual([
      ["IE", "ioss", 6477],
    ]);
  });

  it("a service not offered in the new country falls back to the country's default (Tracked 48 is the UK's)", async () => {
    const lp = insertRecord(shop.t.db, { stockQuantity: 2 });
    const out = await settle(() =>
      action(call(updatePost({ country: "DE", deliveryService: "tracked_48" }, [{ id: lp.id, quantity: 1 }]))),
    );
    expect(out.data?.summary?.delivery).toMatchObject({ countryCode: "DE", service: "intl_standard" });
  });

  it("an unknown country code answers 400 with the message beside the country, never a 500", async () => {
    const lp = insertRecord(shop.t.db, { stockQuantity: 2 });
    const lines = [{ id: lp.id, quantity: 1 }];
    const update = await settle(() => action(call(updatePost({ country: "XX" }, lines))));
    expect(update.status).toBe(400);
    expect(update.data?.result.error).toMatchObject({ country: ["Please choose a country from the list"] });
    expect(update.data?.summary?.delivery.countryCode).toBe("GB");
    const pay = await settle(() =>
      action(call(payPost(abroadForm({ email: "atlantis@example.com", country: "Atlantis" }), lines))),
    );
    expect(pay.status).toBe(400);
    expect(pay.data?.result.error).toMatchObject({ country: ["Please choose a country from the list"] });
    expect(ordersFor("atlantis@example.com")).toEqual([]);
  });

  it("a US postcode in the wrong form is refused beside the postcode, and the page stays priced for the USA", async () => {
    const lp = insertRecord(shop.t.db, { stockQuantity: 2 });
    const form = abroadForm({ email: "zip@example.com", country: "US", city: "New York", postalCode: "SW1A 1AA" });
    const out = await settle(() => action(call(payPost(form, [{ id: lp.id, quantity: 1 }]))));
    expect(out.status).toBe(400);
    expect(out.data?.result.error).toMatchObject({
      postalCode: ["Please enter the postcode as it is written there, such as 10001"],
    });
    expect(out.data?.summary?.delivery).toMatchObject({ countryCode: "US", service: "intl_standard" });
    expect(ordersFor("zip@example.com")).toEqual([]);
  });

  it("a tracked service abroad without a phone number is refused beside the phone field, nothing placed", async () => {
    const lp = insertRecord(shop.t.db, { stockQuantity: 2 });
    const form = abroadForm({ email: "no-phone@example.com", phone: "", deliveryService: "intl_tracked" });
    const out = await settle(() => action(call(payPost(form, [{ id: lp.id, quantity: 1 }]))));
    expect(out.status).toBe(400);
    expect(out.data?.result.error).toMatchObject({
      phone: ["Please enter a phone number: the carrier needs it for tracked delivery abroad."],
    });
    expect(out.data?.summary?.delivery.service).toBe("intl_tracked");
    expect(ordersFor("no-phone@example.com")).toEqual([]);
  });

  it("a parcel too heavy for every service there says so, offers no service, and Pay places nothing", async () => {
    const boxSet = insertRecord(shop.t.db, { format: "Box Set", weightGrams: 6000, stockQuantity: 2 });
    const lines = [{ id: boxSet.id, quantity: 1 }];
    const update = await settle(() => action(call(updatePost({ country: "US" }, lines))));
    expect(update.data?.summary?.delivery.service).toBeNull();
    expect(update.data?.summary?.delivery.tooHeavy).toBe(
      "Your parcel (about 6.3 kg) is too heavy for our delivery services to United States. Please split it into smaller orders, or contact us for a quote.",
    );
    const form = abroadForm({ email: "heavy@example.com", country: "US", city: "New York", postalCode: "10001" });
    const pay = await settle(() => action(call(payPost(form, lines))));
    expect(pay.status).toBe(400);
    expect(pay.data?.problem?.message).toContain("is too heavy for our delivery services");
    expect(ordersFor("heavy@example.com")).toEqual([]);
  });

  it("the UK stays as before: Tracked 48 by the spec's rule, VAT included", async () => {
    const lp = insertRecord(shop.t.db, { pricePence: 2000, stockQuantity: 4 });
    const out = await settle(() => action(call(updatePost({ ...TEST_ADDRESS, country: "GB" }, [{ id: lp.id, quantity: 2 }]))));
    expect(out.data?.summary?.delivery).toMatchObject({ countryCode: "GB", service: "tracked_48", vatNotice: null });
    expect(out.data?.summary?.totals).toMatchObject({ shippingPence: 400, totalPence: 4400, vatPence: 733 });
  });
});
