import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { discountCodes, orders, records, reminderCarts } from "../../../db/schema";
import { createServices } from "../../../server/services";
import { insertDiscountCode, insertRecord, TEST_ADDRESS, useShopServices } from "../../../tests/setup/shop-fixtures";
import { TEST_TODAY } from "../../../tests/setup/test-db";
import {
  cookieValue,
  cookies,
  formPost,
  newCustomer,
  pageGet,
  routeArgs,
  sessionOf,
  setCookieOf,
  settle,
} from "../../../tests/setup/route-context";
import { action, loader } from "./checkout";

const shop = useShopServices();
const call = (request: Request) => routeArgs({ db: shop.t.db, services: shop.s }, request);

const PAYING_CARD = "4242 4242 4242 4242";
const DECLINED_CARD = "4000 0000 0000 0002";

let keys = 0;
/** A fresh checkout form key (16–64 of [A-Za-z0-9_-]), as the page hands out. */
const formKey = () => `checkout-route-key-${++keys}-${Date.now()}`;

/** The cart cookie a browser holds: `needledrop-cart=<id>x<qty>.<id>x<qty>~CODE`. */
function cartCookie(lines: { id: number; quantity: number }[], code?: string): string {
  return `needledrop-cart=${lines.map((l) => `${l.id}x${l.quantity}`).join(".")}${code ? `~${code}` : ""}`;
}

/** A filled-in checkout form that passes every check, paying with the test card. */
function checkoutForm(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    email: "shopper@example.com",
    ...TEST_ADDRESS,
    addressLine2: "",
    discountCode: "",
    pricedCode: "",
    idempotencyKey: formKey(),
    cardNumber: PAYING_CARD,
    cardExpiry: "12/30",
    cardCvc: "123",
    ...overrides,
  };
}

/**
 * The post a browser sends from the checkout page: the form, with the total the page showed beside it (what the Pay
 * button carries) unless the test sets its own, and the cart cookie.
 */
function payPost(form: Record<string, string>, lines: { id: number; quantity: number }[], code?: string, cookie?: string) {
  const priced = shop.s.cart.price(
    lines.map((l) => ({ recordId: l.id, quantity: l.quantity })),
    form.pricedCode || null,
    { today: TEST_TODAY, customer: { userId: null, email: form.email ?? null } },
  );
  const withTotal = form.intent ? form : { expectedTotalPence: String(priced.totals.totalPence), ...form };
  return formPost("/checkout", withTotal, cookie ?? cartCookie(lines, code));
}

const stockOf = (id: number) => shop.t.db.select().from(records).where(eq(records.id, id)).get()!.stockQuantity;
const ordersFor = (email: string) => shop.t.db.select().from(orders).where(eq(orders.email, email)).all();

describe("checkout loader", () => {
  it("shows the empty state for a browser without a cart", async () => {
    const out = await settle(() => loader(call(pageGet("/checkout"))));
    expect(out.status).toBe(200);
    expect(out.data).toMatchObject({ state: "empty", cancelled: false });
  });

  it("reads an unreadable cart cookie as an empty cart and clears it", async () => {
    const out = await settle(() => loader(call(pageGet("/checkout", "needledrop-cart=12y3~lower"))));
    expect(out.data?.state).toBe("empty");
    expect(setCookieOf(out.headers, "needledrop-cart")).toContain("Max-Age=0");
  });

  it("shows the form, priced, for a cart that can be bought", async () => {
    const rec = insertRecord(shop.t.db, { pricePence: 2000, stockQuantity: 4 });
    const out = await settle(() => loader(call(pageGet("/checkout", cartCookie([{ id: rec.id, quantity: 2 }])))));
    expect(out.data?.state).toBe("ready");
    if (out.data?.state !== "ready") return;
    expect(out.data.summary.totals).toMatchObject({ itemsPence: 4000, shippingPence: 400, totalPence: 4400 });
    expect(out.data.idempotencyKey).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
  });

  it("?cancelled=<order> from a browser without access to the order changes nothing; with access it cancels it", async () => {
    const rec = insertRecord(shop.t.db, { stockQuantity: 3 });
    const key = formKey();
    // An order still waiting for a hosted payment page (the only kind a shopper comes back from).
    const { order } = shop.s.orders.place({
      idempotencyKey: key,
      lines: [{ recordId: rec.id, quantity: 1 }],
      discountCode: null,
      email: "hosted@example.com",
      shipping: TEST_ADDRESS,
      userId: null,
      today: TEST_TODAY,
      paymentProvider: "test-card",
    });
    expect(order.status).toBe("pending_payment");
    expect(stockOf(rec.id)).toBe(2);

    const stranger = await settle(() => loader(call(pageGet(`/checkout?cancelled=${order.orderNumber}`))));
    expect(stranger.status).toBe(200);
    expect(stranger.data).toMatchObject({ cancelled: false });
    expect(shop.s.orders.get(order.orderNumber)?.status).toBe("pending_payment");
    expect(stockOf(rec.id)).toBe(2);

    const placer = await settle(() =>
      loader(call(pageGet(`/checkout?cancelled=${order.orderNumber}`, `needledrop-orders=${key}`))),
    );
    expect(placer.data).toMatchObject({ cancelled: true });
    expect(shop.s.orders.get(order.orderNumber)?.status).toBe("payment_failed");
    expect(stockOf(rec.id)).toBe(3);
  });
});

describe("checkout action", () => {
  it("with an empty cart places nothing and the page stays empty", async () => {
    const form = checkoutForm({ email: "empty-cart@example.com" });
    const out = await settle(() => action(call(payPost(form, []))));
    expect(out.status).toBe(400);
    expect(out.data).toMatchObject({ summary: null, problem: { tone: "error", message: "Your cart is empty." } });
    expect(ordersFor("empty-cart@example.com")).toEqual([]);
    const page = await settle(() => loader(call(pageGet("/checkout"))));
    expect(page.data?.state).toBe("empty");
  });

  it("refuses invalid details with 400 and field errors, and never sends the card number or security code back", async () => {
    const rec = insertRecord(shop.t.db, { stockQuantity: 2 });
    const form = checkoutForm({ email: "not-an-address", name: "", postalCode: "NOWHERE", cardCvc: "4711" });
    const out = await settle(() => action(call(payPost(form, [{ id: rec.id, quantity: 1 }]))));
    expect(out.status).toBe(400);
    const result = out.data?.result;
    expect(result?.status).toBe("error");
    expect(result?.error).toMatchObject({
      email: ["Please enter a valid email address"],
      name: ["Please enter the name to deliver to"],
      postalCode: ["Please enter a UK postcode, such as SW1A 1AA"],
    });
    // What was typed comes back to refill the form, except the card.
    expect(result?.initialValue).toMatchObject({ email: "not-an-address", city: TEST_ADDRESS.city });
    expect(result?.initialValue).not.toHaveProperty("cardNumber");
    expect(result?.initialValue).not.toHaveProperty("cardCvc");
    expect(JSON.stringify(out.data)).not.toContain("4242 4242 4242 4242");
    expect(JSON.stringify(out.data)).not.toContain("4711");
    expect(stockOf(rec.id)).toBe(2);
  });

  it("'apply' with an unknown code answers 400 with the refusal on the discount field", async () => {
    const rec = insertRecord(shop.t.db, { stockQuantity: 2 });
    const form = { intent: "apply", discountCode: "NOSUCHCODE", email: "", idempotencyKey: formKey() };
    const out = await settle(() => action(call(payPost(form, [{ id: rec.id, quantity: 1 }]))));
    expect(out.status).toBe(400);
    expect(out.data?.result.error).toMatchObject({ discountCode: ["That discount code isn't valid."] });
    expect(out.data?.summary?.discount).toMatchObject({ code: "NOSUCHCODE", ok: false });
    expect(out.data?.summary?.totals.discountPence).toBe(0);
  });

  it("'apply' with a good code keeps it in the cart cookie and prices the summary with it", async () => {
    const rec = insertRecord(shop.t.db, { pricePence: 3000, stockQuantity: 2 });
    insertDiscountCode(shop.t.db, "APPLYROUTE10");
    const form = { intent: "apply", discountCode: "applyroute10", email: "", idempotencyKey: formKey() };
    const out = await settle(() => action(call(payPost(form, [{ id: rec.id, quantity: 1 }]))));
    expect(out.status).toBe(200);
    expect(out.data?.result.error ?? {}).toEqual({});
    expect(out.data?.summary?.discount).toMatchObject({ code: "APPLYROUTE10", ok: true });
    expect(out.data?.summary?.totals.discountPence).toBe(300);
    expect(cookieValue(setCookieOf(out.headers, "needledrop-cart"))).toBe(`${rec.id}x1~APPLYROUTE10`);
  });

  it("'apply' echoes what was typed in the rest of the form (without JavaScript the page is rebuilt from it), never the card", async () => {
    const rec = insertRecord(shop.t.db, { pricePence: 3000, stockQuantity: 2 });
    insertDiscountCode(shop.t.db, "APPLYECHO10");
    const form = {
      intent: "apply",
      discountCode: "applyecho10",
      email: "typed@example.com",
      postalCode: "ls1 4ap",
      cardNumber: "4242 4242 4242 4242",
      idempotencyKey: formKey(),
    };
    const out = await settle(() => action(call(payPost(form, [{ id: rec.id, quantity: 1 }]))));
    expect(out.data?.result.initialValue).toMatchObject({ email: "typed@example.com", postalCode: "ls1 4ap" });
    expect(JSON.stringify(out.data)).not.toContain("4242 4242 4242 4242");
  });

  const applyMalformed = async () => {
    const rec = insertRecord(shop.t.db, { stockQuantity: 2 });
    const form = { intent: "apply", discountCode: "SAVE 10!", email: "", idempotencyKey: formKey() };
    return settle(() => action(call(payPost(form, [{ id: rec.id, quantity: 1 }]))));
  };

  it("'apply' with a malformed code shows the input rule on the discount field", async () => {
    const out = await applyMalformed();
    expect(out.data?.result.error).toEqual({ discountCode: ["Discount codes are letters, numbers and hyphens only."] });
  });

  it("'apply' with a malformed code answers 400 like any other refused code, and the cart keeps the code it had", async () => {
    const out = await applyMalformed();
    expect(out.status).toBe(400);
    expect(out.headers.getSetCookie()).toEqual([]);
  });

  it("paying with the test card redirects (303) to the confirmation, grants order access, clears the cart and takes the stock", async () => {
    const rec = insertRecord(shop.t.db, { pricePence: 1500, stockQuantity: 5 });
    const form = checkoutForm({ email: "payer@example.com" });
    const out = await settle(() => action(call(payPost(form, [{ id: rec.id, quantity: 2 }]))));
    expect(out.status).toBe(303);
    expect(out.location).toMatch(/^\/payment-confirmation\?order=ND-[A-Za-z0-9-]+$/);
    const orderNumber = decodeURIComponent(out.location!.split("order=")[1]!);
    expect(cookieValue(setCookieOf(out.headers, "needledrop-orders"))).toBe(form.idempotencyKey);
    const cart = setCookieOf(out.headers, "needledrop-cart");
    expect(cookieValue(cart)).toBe("");
    expect(cart).toContain("Max-Age=0");
    expect(stockOf(rec.id)).toBe(3);
    const placed = ordersFor("payer@example.com");
    expect(placed.map((o) => [o.orderNumber, o.status])).toEqual([[orderNumber, "paid"]]);
  });

  it("a guest who gives an address and pays in the same post leaves no open cart to be reminded of", async () => {
    const rec = insertRecord(shop.t.db, { stockQuantity: 5 });
    const form = checkoutForm({ email: "bought-at-once@example.com" });
    const out = await settle(() => action(call(payPost(form, [{ id: rec.id, quantity: 1 }]))));
    expect(out.status).toBe(303);
    const carts = shop.t.db.select().from(reminderCarts).where(eq(reminderCarts.email, "bought-at-once@example.com")).all();
    expect(carts).toHaveLength(1);
    expect(carts[0]!.closedAt).not.toBeNull();
  });

  it("submitting the same form twice lands on the same order and takes the stock once", async () => {
    const rec = insertRecord(shop.t.db, { stockQuantity: 5 });
    const form = checkoutForm({ email: "twice@example.com" });
    const first = await settle(() => action(call(payPost(form, [{ id: rec.id, quantity: 1 }]))));
    const second = await settle(() => action(call(payPost(form, [{ id: rec.id, quantity: 1 }]))));
    expect(first.status).toBe(303);
    expect(second.status).toBe(303);
    expect(second.location).toBe(first.location);
    expect(stockOf(rec.id)).toBe(4);
    expect(ordersFor("twice@example.com")).toHaveLength(1);
  });

  it("a signed-in shopper's order is theirs", async () => {
    const { user } = await newCustomer(shop.s);
    const rec = insertRecord(shop.t.db, { stockQuantity: 5 });
    const form = checkoutForm({ email: user.email });
    const cookie = cookies(sessionOf(shop.s, user.id).cookie, cartCookie([{ id: rec.id, quantity: 1 }]));
    const out = await settle(() => action(call(payPost(form, [{ id: rec.id, quantity: 1 }], undefined, cookie))));
    expect(out.status).toBe(303);
    expect(ordersFor(user.email).map((o) => o.userId)).toEqual([user.id]);
  });

  it("a declined card answers 402 with the decline message, and the stock goes back", async () => {
    const rec = insertRecord(shop.t.db, { stockQuantity: 2 });
    const form = checkoutForm({ email: "declined@example.com", cardNumber: DECLINED_CARD });
    const out = await settle(() => action(call(payPost(form, [{ id: rec.id, quantity: 2 }]))));
    expect(out.status).toBe(402);
    expect(out.data?.problem).toEqual({ tone: "error", message: "Your card was declined. Nothing has been charged." });
    expect(setCookieOf(out.headers, "needledrop-cart")).toBeUndefined();
    expect(stockOf(rec.id)).toBe(2);
    expect(ordersFor("declined@example.com").map((o) => o.status)).toEqual(["payment_failed"]);
  });

  it("a record out of stock answers 409 with a message, and nothing is charged or placed", async () => {
    const rec = insertRecord(shop.t.db, { title: "Sold Out Sessions", stockQuantity: 0 });
    const form = checkoutForm({ email: "too-late@example.com" });
    const out = await settle(() => action(call(payPost(form, [{ id: rec.id, quantity: 1 }]))));
    expect(out.status).toBe(409);
    expect(out.data?.problem).toMatchObject({ tone: "error", cartLink: true });
    expect(out.data?.problem?.message).toContain("out of stock");
    expect(out.data?.problem?.message).toContain("Nothing has been charged.");
    expect(stockOf(rec.id)).toBe(0);
    expect(ordersFor("too-late@example.com")).toEqual([]);
  });

  it("a code different from the one the total was priced with is shown first (200 with a notice), nothing placed", async () => {
    const rec = insertRecord(shop.t.db, { pricePence: 2000, stockQuantity: 3 });
    insertDiscountCode(shop.t.db, "CHANGED10");
    const form = checkoutForm({ email: "changed@example.com", discountCode: "CHANGED10", pricedCode: "" });
    const out = await settle(() => action(call(payPost(form, [{ id: rec.id, quantity: 1 }]))));
    expect(out.status).toBe(200);
    expect(out.data?.problem).toEqual({
      tone: "info",
      message: "Your discount code changed the total. Please check it, then pay.",
    });
    expect(out.data?.summary?.discount).toMatchObject({ code: "CHANGED10", ok: true });
    expect(out.location).toBeNull();
    expect(stockOf(rec.id)).toBe(3);
    expect(ordersFor("changed@example.com")).toEqual([]);
  });

  it("a different code that is refused answers 400 on the discount field, nothing placed", async () => {
    const rec = insertRecord(shop.t.db, { stockQuantity: 3 });
    const form = checkoutForm({ email: "badcode@example.com", discountCode: "NOTACODE", pricedCode: "" });
    const out = await settle(() => action(call(payPost(form, [{ id: rec.id, quantity: 1 }]))));
    expect(out.status).toBe(400);
    expect(out.data?.result.error).toMatchObject({ discountCode: ["That discount code isn't valid."] });
    expect(ordersFor("badcode@example.com")).toEqual([]);
  });

  it("pays with the code the total was priced with", async () => {
    const rec = insertRecord(shop.t.db, { pricePence: 2000, stockQuantity: 3 });
    insertDiscountCode(shop.t.db, "PRICED10");
    const form = checkoutForm({ email: "priced@example.com", discountCode: "priced10", pricedCode: "PRICED10" });
    const out = await settle(() => action(call(payPost(form, [{ id: rec.id, quantity: 1 }], "PRICED10"))));
    expect(out.status).toBe(303);
    expect(ordersFor("priced@example.com").map((o) => o.discountPence)).toEqual([200]);
  });
});

describe("the total on the Pay button is the total paid", () => {
  /** What the page shows beside the form for a cart: its total and quote, as the Pay button carries them. */
  async function pageFor(cookie: string) {
    const page = await settle(() => loader(call(pageGet("/checkout", cookie))));
    if (page.data?.state !== "ready") throw new Error("the checkout page is not ready");
    const { totals, quote } = page.data.summary;
    return { expectedTotalPence: String(totals.totalPence), pricedQuote: quote };
  }

  it("a price raised between the page and Pay places and charges nothing; the page says what changed, and Pay again pays the new total", async () => {
    const rec = insertRecord(shop.t.db, { title: "Kind of Blue", artist: "Miles Davis", pricePence: 2600, stockQuantity: 3 });
    const cookie = cartCookie([{ id: rec.id, quantity: 2 }]);
    const shown = await pageFor(cookie);
    expect(shown.expectedTotalPence).toBe("5600");
    shop.t.db.update(records).set({ pricePence: 9900 }).where(eq(records.id, rec.id)).run();

    const form = checkoutForm({ email: "raised@example.com", ...shown });
    const out = await settle(() => action(call(formPost("/checkout", form, cookie))));
    expect(out.status).toBe(409);
    expect(out.data?.problem?.message).toBe(
      "The total of your order has changed since it was shown to you: it is now £202.00, not £56.00. Nothing has been charged.",
    );
    expect(out.data?.problem?.changes).toEqual([
      "“Kind of Blue” by Miles Davis is now £99.00 each (was £26.00).",
      "The total is now £202.00 (was £56.00).",
    ]);
    expect(ordersFor("raised@example.com")).toEqual([]);
    expect(stockOf(rec.id)).toBe(3);
    // The form comes back priced anew: its Pay button now carries the new total, and one press pays it.
    expect(out.data?.summary?.totals.totalPence).toBe(20200);
    const accepted = { ...form, expectedTotalPence: "20200", pricedQuote: out.data!.summary!.quote, idempotencyKey: formKey() };
    const paid = await settle(() => action(call(formPost("/checkout", accepted, cookie))));
    expect(paid.status).toBe(303);
    expect(ordersFor("raised@example.com").map((o) => [o.status, o.totalPence])).toEqual([["paid", 20200]]);
    expect(stockOf(rec.id)).toBe(1);
  });

  it("a discount rule cut between the page and Pay places nothing, and the code is not used up", async () => {
    const rec = insertRecord(shop.t.db, { pricePence: 2600, stockQuantity: 3 });
    const { codeId } = insertDiscountCode(shop.t.db, "HALFOFF");
    shop.t.db.update(discountCodes).set({ percentOff: 50 }).where(eq(discountCodes.id, codeId)).run();
    const cookie = cartCookie([{ id: rec.id, quantity: 2 }], "HALFOFF");
    const shown = await pageFor(cookie);
    expect(shown.expectedTotalPence).toBe("3000");
    shop.t.db.update(discountCodes).set({ percentOff: 1 }).where(eq(discountCodes.id, codeId)).run();

    const form = checkoutForm({ email: "halfoff@example.com", discountCode: "HALFOFF", pricedCode: "HALFOFF", ...shown });
    const out = await settle(() => action(call(formPost("/checkout", form, cookie))));
    expect(out.status).toBe(409);
    expect(out.data?.problem?.changes).toEqual([
      "Your discount is now £0.52 (was £26.00).",
      "The total is now £55.48 (was £30.00).",
    ]);
    expect(ordersFor("halfoff@example.com")).toEqual([]);
    expect(shop.t.db.select().from(discountCodes).where(eq(discountCodes.id, codeId)).get()?.redemptions).toBe(0);
  });

  it("a form without the total it was priced at is refused as expired, nothing placed", async () => {
    const rec = insertRecord(shop.t.db, { stockQuantity: 3 });
    const form = checkoutForm({ email: "no-total@example.com" });
    const out = await settle(() => action(call(formPost("/checkout", form, cartCookie([{ id: rec.id, quantity: 1 }])))));
    expect(out.status).toBe(400);
    expect(out.data?.result.error).toMatchObject({ expectedTotalPence: [expect.stringContaining("expired")] });
    expect(ordersFor("no-total@example.com")).toEqual([]);
  });
});

describe("checkout attempts past the per-address limit", () => {
  it("answer 429 with Retry-After and a message on the page saying when to try again; nothing is placed", async () => {
    const services = createServices(shop.t.db, { mediaDir: "", rateLimits: { checkoutPerAddress: { limit: 1 } } });
    const strictCall = (request: Request) => routeArgs({ db: shop.t.db, services }, request, { clientIp: "192.0.2.49" });
    const rec = insertRecord(shop.t.db, { stockQuantity: 3 });
    const first = checkoutForm({ email: "limited-first@example.com", cardNumber: DECLINED_CARD });
    expect((await settle(() => action(strictCall(payPost(first, [{ id: rec.id, quantity: 1 }]))))).status).toBe(402);
    const second = checkoutForm({ email: "limited-second@example.com" });
    const refused = await settle(() => action(strictCall(payPost(second, [{ id: rec.id, quantity: 1 }]))));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(9 * 60);
    expect(refused.data?.problem?.tone).toBe("error");
    expect(refused.data?.problem?.message).toMatch(
      /^Too many checkout attempts from your network\. Try again in 1[01] minutes\. Nothing has been charged\.$/,
    );
    expect(ordersFor("limited-second@example.com")).toEqual([]);
    expect(stockOf(rec.id)).toBe(3);
  });
});
