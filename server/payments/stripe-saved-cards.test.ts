import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Actor } from "../../app/domain/admin/audit";
import { orders, users } from "../../db/schema";
import { insertRecord, TEST_ADDRESS } from "../../tests/setup/shop-fixtures";
import { migratedTestDb, TEST_TODAY, type TestDb } from "../../tests/setup/test-db";
import { createServices, type Services } from "../services";
import type { RedirectProvider } from "../../app/domain/payments/order-payments";
import { createStripeProvider, dispatchIdempotencyKey } from "./stripe";

// Saving a card in Stripe Checkout's setup mode and charging it off-session, against a local stand-in for
// Stripe's API (nothing leaves the machine).
const SECRET_KEY = "sk_test_needledropLocalOnly";
const WEBHOOK_SECRET = "whsec_needledropLocalOnly";
/** A payment method whose off-session charge is declined (as Stripe's card 4000 0000 0000 0341 behaves). */
const DECLINING_METHOD = "pm_card_chargeDeclined";

interface SeenRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  form: URLSearchParams;
}
type Reply = { status: number; body: unknown };
const seen: SeenRequest[] = [];
let paymentMethod = "pm_test_saved";
const intents = new Map<string, Reply>();
let created = 0;

function answerFor(request: SeenRequest): Reply {
  const { method, path, form } = request;
  if (method === "POST" && path === "/v1/customers") return { status: 200, body: { id: "cus_test_1", object: "customer" } };
  if (method === "POST" && path === "/v1/checkout/sessions") {
    const id = `cs_test_setup${++created}`;
    return {
      status: 200,
      body: { id, object: "checkout.session", mode: form.get("mode"), url: `https://checkout.stripe.com/c/pay/${id}` },
    };
  }
  const setup = /^\/v1\/setup_intents\/(\w+)/.exec(path);
  if (method === "GET" && setup) {
    return {
      status: 200,
      body: {
        id: setup[1],
        object: "setup_intent",
        customer: "cus_test_1",
        payment_method: { id: paymentMethod, object: "payment_method", card: { fingerprint: "fpTestCard01" } },
      },
    };
  }
  if (method === "POST" && path === "/v1/payment_intents") {
    // Like Stripe: the same idempotency key answers the first result again, charging nothing more.
    const key = String(request.headers["idempotency-key"]);
    const stored = intents.get(key);
    if (stored) return stored;
    const reply: Reply =
      form.get("payment_method") === DECLINING_METHOD
        ? {
            status: 402,
            body: {
              error: {
                type: "card_error",
                code: "card_declined",
                decline_code: "generic_decline",
                message: "Your card was declined.",
              },
            },
          }
        : { status: 200, body: { id: `pi_test_${intents.size + 1}`, object: "payment_intent", status: "succeeded" } };
    intents.set(key, reply);
    return reply;
  }
  return { status: 404, body: { error: { type: "invalid_request_error", message: "Unknown path" } } };
}

const fakeApi = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    const request = {
      method: req.method ?? "",
      path: req.url ?? "",
      headers: req.headers,
      form: new URLSearchParams(Buffer.concat(chunks).toString("utf8")),
    };
    seen.push(request);
    const answer = answerFor(request);
    res.writeHead(answer.status, { "content-type": "application/json", "request-id": `req_fake${seen.length}` });
    res.end(JSON.stringify(answer.body));
  });
});

let t: TestDb;
let s: Services;
let provider: RedirectProvider;
let admin: Actor;

beforeAll(async () => {
  delete process.env.SMTP_URL;
  await new Promise<void>((resolve) => fakeApi.listen(0, "127.0.0.1", resolve));
  const { port } = fakeApi.address() as AddressInfo;
  provider = createStripeProvider({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiUrl: `http://127.0.0.1:${port}` });
  t = migratedTestDb();
  s = createServices(t.db, { mediaDir: "", payments: provider });
  const user = await s.accounts.register({ username: "stripeadmin", email: "sa@example.com", password: "secret-password" });
  t.db.update(users).set({ role: "admin" }).where(eq(users.id, user.id)).run();
  admin = { id: user.id, username: "stripeadmin" };
  s.preOrderCharges.setSetting(admin, "at_dispatch");
});
afterAll(async () => {
  await new Promise((resolve) => fakeApi.close(resolve));
  t.cleanup();
});
beforeEach(() => {
  seen.length = 0;
});

let n = 0;
const row = (orderNumber: string) => t.db.select().from(orders).where(eq(orders.orderNumber, orderNumber)).get()!;
const sign = (payload: string) => Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
function setupCompleted(orderNumber: string, setupIntent: string): string {
  return JSON.stringify({
    id: `evt_setup_${++n}`,
    object: "event",
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    type: "checkout.session.completed",
    data: {
      object: {
        id: `cs_test_evt${n}`,
        object: "checkout.session",
        mode: "setup",
        status: "complete",
        payment_status: "no_payment_required",
        setup_intent: setupIntent,
        metadata: { orderNumber },
        client_reference_id: orderNumber,
      },
    },
  });
}

async function savedCardOrder(method: string) {
  paymentMethod = method;
  const rec = insertRecord(t.db, { stockQuantity: 0, releaseDate: "2026-12-24", pricePence: 3000 });
  const out = await s.checkout.submit(
    {
      idempotencyKey: `stripe-saved-${++n}-abcdefghijklmnop`,
      lines: [{ recordId: rec.id, quantity: 1 }],
      discountCode: null,
      email: `saver${n}@example.com`,
      shipping: TEST_ADDRESS,
      userId: null,
      today: TEST_TODAY,
    },
    { origin: "https://shop.example" },
  );
  return { rec, out };
}

describe("a pre-order charged at dispatch, with Stripe", () => {
  it("opens Checkout in setup mode for a customer, and the webhook saves the card's ids on the order", async () => {
    const { out } = await savedCardOrder("pm_test_saved");
    expect(out.kind).toBe("redirect");
    const orderNumber = out.order.orderNumber;
    const customer = seen.find((r) => r.path === "/v1/customers")!;
    expect(customer.form.get("email")).toBe(out.order.email);
    const session = seen.find((r) => r.path === "/v1/checkout/sessions")!;
    expect(session.form.get("mode")).toBe("setup");
    expect(session.form.get("customer")).toBe("cus_test_1");
    expect(session.form.get("setup_intent_data[metadata][order]")).toBe(orderNumber);
    expect(session.form.has("line_items[0][quantity]")).toBe(false);
    expect(row(orderNumber).status).toBe("pending_payment");

    const payload = setupCompleted(orderNumber, "seti_test_1");
    const outcome = provider.readWebhook(payload, sign(payload));
    expect(outcome).toEqual({ type: "card_saved", orderNumber, setupReference: "seti_test_1" });
    if (outcome.type !== "card_saved") return;
    expect(await s.checkout.applyCardSaved(outcome)).toEqual({ applied: true });
    expect(row(orderNumber)).toMatchObject({ status: "card_saved", savedCardReference: "cus_test_1/pm_test_saved" });
    expect(row(orderNumber).cardKey).toMatch(/^[0-9a-f]{64}$/);
    expect(await s.checkout.applyCardSaved(outcome)).toMatchObject({ applied: false });
  });

  it("charges the saved card off-session at dispatch, once per order however often it is asked", async () => {
    const { rec, out } = await savedCardOrder("pm_test_saved");
    const orderNumber = out.order.orderNumber;
    const payload = setupCompleted(orderNumber, "seti_test_2");
    const outcome = provider.readWebhook(payload, sign(payload));
    if (outcome.type === "card_saved") await s.checkout.applyCardSaved(outcome);
    s.adminStock.goodsIn(admin, { lines: [{ recordId: rec.id, quantity: 1 }] });
    seen.length = 0;

    expect(await s.preOrderCharges.chargeForDispatch(admin, orderNumber)).toEqual({ outcome: "paid", orderNumber });
    const charge = seen.find((r) => r.path === "/v1/payment_intents")!;
    expect(charge.headers["idempotency-key"]).toBe(dispatchIdempotencyKey(orderNumber));
    expect(Object.fromEntries(charge.form)).toMatchObject({
      amount: String(out.order.totals.amountDuePence),
      currency: "gbp",
      customer: "cus_test_1",
      payment_method: "pm_test_saved",
      off_session: "true",
      confirm: "true",
    });
    expect(row(orderNumber)).toMatchObject({ status: "paid" });
    // Asked again directly, the provider answers the same payment (Stripe's idempotency).
    const first = row(orderNumber).paymentReference;
    expect(await provider.chargeSaved(out.order, "cus_test_1/pm_test_saved")).toEqual({ ok: true, reference: first });
  });

  it("a declined off-session charge holds the order for another card", async () => {
    const { rec, out } = await savedCardOrder(DECLINING_METHOD);
    const orderNumber = out.order.orderNumber;
    const payload = setupCompleted(orderNumber, "seti_test_3");
    const outcome = provider.readWebhook(payload, sign(payload));
    if (outcome.type === "card_saved") await s.checkout.applyCardSaved(outcome);
    s.adminStock.goodsIn(admin, { lines: [{ recordId: rec.id, quantity: 1 }] });
    expect(await s.preOrderCharges.chargeForDispatch(admin, orderNumber)).toMatchObject({ outcome: "declined" });
    expect(row(orderNumber).status).toBe("card_saved");
    expect(row(orderNumber).chargeHoldUntil).not.toBeNull();
  });
});
