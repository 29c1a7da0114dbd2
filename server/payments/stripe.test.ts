import http from "node:http";
import type { AddressInfo } from "node:net";
import { desc, eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { emailOutbox, orders, records } from "../../db/schema";
import { expectConsoleError } from "../../tests/setup/console-error";
import { insertDiscountCode, insertRecord } from "../../tests/setup/shop-fixtures";
import { migratedTestDb, TEST_TODAY, type TestDb } from "../../tests/setup/test-db";
import { createServices, type Services } from "../services";
import { PaymentUnavailableError } from "../../app/domain/shared/errors";
import type { RedirectProvider } from "../../app/domain/payments/order-payments";
import { WebhookSignatureError } from "./provider";
import { checkoutIdempotencyKey, createStripeProvider, SESSION_LIFETIME_SECONDS, stripeApiAddress } from "./stripe";

// Stripe Checkout against a small local stand-in for Stripe's API: nothing leaves the machine.
const SECRET_KEY = "sk_test_needledropLocalOnly";
const WEBHOOK_SECRET = "whsec_needledropLocalOnly";

interface SeenRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  form: URLSearchParams;
}
type Reply = { status: number; body: unknown };

const seen: SeenRequest[] = [];
let sessions = 0;
const sessionReply = (): Reply => {
  sessions += 1;
  const id = `cs_test_fake${sessions}`;
  return { status: 200, body: { id, object: "checkout.session", url: `https://checkout.stripe.com/c/pay/${id}` } };
};
let reply: (req: SeenRequest) => Reply = sessionReply;

// Like Stripe: a successful create is stored under its idempotency key and replayed for the same parameters
// (refused for different ones); sessions can be read back and expired while open.
const byIdempotencyKey = new Map<string, { body: string; answer: Reply }>();
const liveSessions = new Map<string, Record<string, unknown>>();
const notFound: Reply = { status: 404, body: { error: { type: "invalid_request_error", message: "Unknown path" } } };

function createSession(request: SeenRequest, rawBody: string): Reply {
  const key = String(request.headers["idempotency-key"] ?? "");
  const stored = byIdempotencyKey.get(key);
  if (stored) {
    if (stored.body === rawBody) return stored.answer;
    return {
      status: 400,
      body: { error: { type: "idempotency_error", message: "Keys can only be reused with the same parameters." } },
    };
  }
  const answer = reply(request);
  if (answer.status === 200) {
    byIdempotencyKey.set(key, { body: rawBody, answer });
    const session = answer.body as { id: string; url: string | null };
    liveSessions.set(session.id, {
      ...session,
      status: "open",
      payment_status: "unpaid",
      amount_total: Number(request.form.get("line_items[0][price_data][unit_amount]")),
      currency: "gbp",
    });
  }
  return answer;
}

function answerFor(request: SeenRequest, rawBody: string): Reply {
  if (request.method === "POST" && request.path === "/v1/checkout/sessions") return createSession(request, rawBody);
  const match = /^\/v1\/checkout\/sessions\/([\w]+)(\/expire)?$/.exec(request.path);
  const session = match && liveSessions.get(match[1]!);
  if (!session) return notFound;
  if (request.method === "GET" && !match[2]) return { status: 200, body: session };
  if (request.method === "POST" && match[2]) {
    if (session.status !== "open") {
      return { status: 400, body: { error: { type: "invalid_request_error", message: "Only open sessions can be expired." } } };
    }
    Object.assign(session, { status: "expired", url: null });
    return { status: 200, body: session };
  }
  return notFound;
}

const fakeApi = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    const rawBody = Buffer.concat(chunks).toString("utf8");
    const request = {
      method: req.method ?? "",
      path: req.url ?? "",
      headers: req.headers,
      form: new URLSearchParams(rawBody),
    };
    seen.push(request);
    const answer = answerFor(request, rawBody);
    res.writeHead(answer.status, { "content-type": "application/json", "request-id": `req_fake${seen.length}` });
    res.end(JSON.stringify(answer.body));
  });
});

let t: TestDb;
let s: Services;
let provider: RedirectProvider;

beforeAll(async () => {
  delete process.env.SMTP_URL;
  await new Promise<void>((resolve) => fakeApi.listen(0, "127.0.0.1", resolve));
  const { port } = fakeApi.address() as AddressInfo;
  provider = createStripeProvider({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiUrl: `http://127.0.0.1:${port}` });
  t = migratedTestDb();
  s = createServices(t.db, { mediaDir: "", payments: provider });
});
afterAll(async () => {
  await new Promise((resolve) => fakeApi.close(resolve));
  t.cleanup();
});
beforeEach(() => {
  seen.length = 0;
  reply = sessionReply;
});

const address = {
  name: "Ada Lovelace",
  addressLine1: "1 Record Row",
  city: "London",
  postalCode: "SW1A 1AA",
  country: "United Kingdom",
};
let keyN = 0;
const key = () => `stripe-key-${++keyN}-abcdefghijklmnop`;
const stockOf = (id: number) => t.db.select().from(records).where(eq(records.id, id)).get()!.stockQuantity;
const latestOrderFor = (email: string) =>
  t.db.select().from(orders).where(eq(orders.email, email)).orderBy(desc(orders.id)).get()!;
const origin = "https://shop.example";

describe("Stripe Checkout sessions", () => {
  it("opens one session for the order total (shipping and discount included) and keeps its id on the order", async () => {
    const rec = insertRecord(t.db, { title: "Kind of Blue", artist: "Miles Davis", pricePence: 2999, stockQuantity: 4 });
    insertDiscountCode(t.db, "STRIPE10");
    const before = Math.floor(Date.now() / 1000);
    const out = await s.checkout.submit(
      {
        idempotencyKey: key(),
        lines: [{ recordId: rec.id, quantity: 2 }],
        discountCode: "STRIPE10",
        email: "Ada@Example.com",
        shipping: address,
        userId: null,
        today: TEST_TODAY,
      },
      { origin },
    );
    expect(out.kind).toBe("redirect");
    if (out.kind !== "redirect") return;
    const { orderNumber, totals } = out.order;
    // 2 × £29.99 = £59.98, less 10% (£5.99), plus £4.00 shipping.
    expect(totals.totalPence).toBe(5998 - 599 + 400);
    expect(out.url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_fake\d+$/);
    expect(stockOf(rec.id)).toBe(2);
    const row = latestOrderFor("ada@example.com");
    expect(row.status).toBe("pending_payment");
    expect(row.paymentProvider).toBe("stripe");
    expect(out.url.endsWith(row.paymentReference!)).toBe(true);

    expect(seen).toHaveLength(1);
    const req = seen[0]!;
    expect(req.method).toBe("POST");
    expect(req.path).toBe("/v1/checkout/sessions");
    expect(req.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(req.headers["idempotency-key"]).toBe(checkoutIdempotencyKey(orderNumber));
    expect(req.headers["stripe-version"]).toBe(Stripe.API_VERSION);
    const f = req.form;
    expect(f.get("mode")).toBe("payment");
    expect(f.get("currency")).toBe("gbp");
    expect(f.get("line_items[0][quantity]")).toBe("1");
    expect(f.get("line_items[0][price_data][currency]")).toBe("gbp");
    expect(f.get("line_items[0][price_data][unit_amount]")).toBe(String(totals.totalPence));
    expect(f.get("line_items[0][price_data][product_data][name]")).toBe(`Needledrop order ${orderNumber}`);
    expect(f.get("line_items[0][price_data][product_data][description]")).toBe("2 × Kind of Blue (Miles Davis)");
    expect(f.has("line_items[1][quantity]")).toBe(false);
    expect(f.get("customer_email")).toBe("ada@example.com");
    expect(f.get("client_reference_id")).toBe(orderNumber);
    expect(f.get("metadata[orderNumber]")).toBe(orderNumber);
    expect(f.get("payment_intent_data[metadata][orderNumber]")).toBe(orderNumber);
    expect(f.get("success_url")).toBe(`${origin}/payment-confirmation?order=${orderNumber}`);
    expect(f.get("cancel_url")).toBe(`${origin}/checkout?cancelled=${orderNumber}`);
    const expiresAt = Number(f.get("expires_at"));
    expect(expiresAt - before).toBeGreaterThanOrEqual(SESSION_LIFETIME_SECONDS);
    expect(expiresAt - before).toBeLessThan(SESSION_LIFETIME_SECONDS + 60);
    expect(expiresAt - before).toBeGreaterThanOrEqual(30 * 60);
  });

  it("when Stripe fails, retries once with the same key, then cancels the order and gives stock and code back", async () => {
    reply = () => ({ status: 500, body: { error: { type: "api_error", message: "Stripe is having a moment" } } });
    const rec = insertRecord(t.db, { stockQuantity: 3 });
    insertDiscountCode(t.db, "DOWN10");
    const errors = expectConsoleError();
    const attempt = s.checkout.submit(
      {
        idempotencyKey: key(),
        lines: [{ recordId: rec.id, quantity: 3 }],
        discountCode: "DOWN10",
        email: "down@example.com",
        shipping: address,
        userId: null,
        today: TEST_TODAY,
      },
      { origin },
    );
    await expect(attempt).rejects.toBeInstanceOf(PaymentUnavailableError);
    expect(seen).toHaveLength(2);
    expect(seen[0]!.headers["idempotency-key"]).toBe(seen[1]!.headers["idempotency-key"]);
    const order = latestOrderFor("down@example.com");
    expect(order.status).toBe("payment_failed");
    expect(errors).toHaveBeenCalledExactlyOnceWith(
      `[checkout] creating the payment session for ${order.orderNumber} failed:`,
      "Stripe is having a moment",
    );
    expect(stockOf(rec.id)).toBe(3);
    expect(s.discounts.check("DOWN10", null).ok).toBe(true);
  });

  it("a session without a payment page address is a failure too", async () => {
    reply = () => ({ status: 200, body: { id: "cs_test_nourl", object: "checkout.session", url: null } });
    const rec = insertRecord(t.db, { stockQuantity: 1 });
    const errors = expectConsoleError();
    await expect(
      s.checkout.submit(
        {
          idempotencyKey: key(),
          lines: [{ recordId: rec.id, quantity: 1 }],
          discountCode: null,
          email: "nourl@example.com",
          shipping: address,
          userId: null,
          today: TEST_TODAY,
        },
        { origin },
      ),
    ).rejects.toBeInstanceOf(PaymentUnavailableError);
    const order = latestOrderFor("nourl@example.com");
    expect(order.status).toBe("payment_failed");
    expect(stockOf(rec.id)).toBe(1);
    expect(errors).toHaveBeenCalledExactlyOnceWith(
      `[checkout] creating the payment session for ${order.orderNumber} failed:`,
      "Stripe returned a checkout session without a payment page address.",
    );
  });

  it("sends the browser to Stripe's hosted page, whatever API address is configured", () => {
    expect(provider.id).toBe("stripe");
    expect(provider.kind).toBe("redirect");
    expect(provider.formActionOrigins).toEqual(["https://checkout.stripe.com"]);
  });
});

describe("stripeApiAddress", () => {
  it("splits an API address into the client's host, port and protocol", () => {
    expect(stripeApiAddress("http://127.0.0.1:12111")).toEqual({ host: "127.0.0.1", port: 12111, protocol: "http" });
    expect(stripeApiAddress("https://stripe-mock.internal")).toEqual({
      host: "stripe-mock.internal",
      port: 443,
      protocol: "https",
    });
    expect(stripeApiAddress("http://[::1]:8080/")).toEqual({ host: "::1", port: 8080, protocol: "http" });
    expect(() => stripeApiAddress("ftp://example.com")).toThrow("http or https");
  });
});

// Events as Stripe sends them, signed here with the test secret.
let eventN = 0;
function eventJson(type: string, session: Record<string, unknown>): string {
  eventN += 1;
  return JSON.stringify({
    id: `evt_test_${eventN}`,
    object: "event",
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    type,
    data: { object: { id: `cs_test_evt${eventN}`, object: "checkout.session", ...session } },
  });
}
const sign = (payload: string, secret = WEBHOOK_SECRET, timestamp?: number) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
const paidSession = {
  payment_status: "paid",
  amount_total: 4398,
  currency: "gbp",
  metadata: { orderNumber: "ND-AAAABBBB" },
  client_reference_id: "ND-AAAABBBB",
};

describe("Stripe webhook events", () => {
  it("a completed, paid session is a payment for its order", () => {
    const payload = eventJson("checkout.session.completed", paidSession);
    const outcome = provider.readWebhook(Buffer.from(payload), sign(payload));
    expect(outcome).toEqual({
      type: "paid",
      orderNumber: "ND-AAAABBBB",
      reference: `cs_test_evt${eventN}`,
      amountPence: 4398,
      currency: "gbp",
    });
  });

  it("falls back to client_reference_id when the metadata is missing", () => {
    const payload = eventJson("checkout.session.async_payment_succeeded", {
      ...paidSession,
      metadata: {},
      client_reference_id: "ND-CCCCDDDD",
    });
    expect(provider.readWebhook(payload, sign(payload))).toMatchObject({ type: "paid", orderNumber: "ND-CCCCDDDD" });
  });

  it("a completed session whose payment is still running is ignored until the async result", () => {
    const payload = eventJson("checkout.session.completed", { ...paidSession, payment_status: "unpaid" });
    expect(provider.readWebhook(payload, sign(payload))).toEqual({
      type: "ignored",
      reason: "checkout completed with payment status unpaid",
    });
  });

  it.each(["checkout.session.expired", "checkout.session.async_payment_failed"])("%s fails the order", (type) => {
    const payload = eventJson(type, { ...paidSession, payment_status: "unpaid" });
    expect(provider.readWebhook(payload, sign(payload))).toEqual({
      type: "failed",
      orderNumber: "ND-AAAABBBB",
      reference: `cs_test_evt${eventN}`,
    });
  });

  it("a completed record club sign-up is not an order: the club starts from its paid invoice", () => {
    const payload = eventJson("checkout.session.completed", { ...paidSession, mode: "subscription" });
    expect(provider.readWebhook(payload, sign(payload))).toEqual({ type: "ignored", reason: "record club sign-up completed" });
  });

  it("ignores sessions without an order number and events the shop does not use", () => {
    const orphan = eventJson("checkout.session.completed", { ...paidSession, metadata: {}, client_reference_id: null });
    expect(provider.readWebhook(orphan, sign(orphan))).toMatchObject({
      type: "ignored",
      reason: expect.stringContaining("order number"),
    });
    const other = eventJson("customer.created", {});
    expect(provider.readWebhook(other, sign(other))).toEqual({ type: "ignored", reason: "event customer.created is not used" });
  });

  it("refuses a wrong secret, a changed body, an old signature or none, without echoing secret or payload", () => {
    const payload = eventJson("checkout.session.completed", paidSession);
    const attempts: Array<[string | Buffer, string | undefined]> = [
      [payload, sign(payload, "whsec_someoneElsesSecret")],
      [payload.replace("4398", "1"), sign(payload)],
      [payload, sign(payload, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600)],
      [payload, undefined],
      [payload, ""],
      [payload, "t=1,v1=deadbeef"],
    ];
    for (const [body, header] of attempts) {
      let caught: unknown;
      try {
        provider.readWebhook(body, header);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(WebhookSignatureError);
      const message = (caught as Error).message;
      expect(message).not.toContain(WEBHOOK_SECRET);
      expect(message).not.toContain("ND-AAAABBBB");
    }
  });
});

describe("a Stripe payment from checkout to confirmation", () => {
  it("the signed paid event marks the order paid and queues one confirmation, even when replayed", async () => {
    const rec = insertRecord(t.db, { pricePence: 1500, stockQuantity: 2 });
    const out = await s.checkout.submit(
      {
        idempotencyKey: key(),
        lines: [{ recordId: rec.id, quantity: 1 }],
        discountCode: null,
        email: "flow@example.com",
        shipping: address,
        userId: null,
        today: TEST_TODAY,
      },
      { origin },
    );
    const { orderNumber, totals } = out.order;
    const payload = eventJson("checkout.session.completed", {
      ...paidSession,
      amount_total: totals.totalPence,
      metadata: { orderNumber },
      client_reference_id: orderNumber,
    });
    const header = sign(payload);
    for (let i = 0; i < 2; i++) expect(s.checkout.applyWebhook(provider.readWebhook(payload, header)).applied).toBe(true);
    expect(s.orders.get(orderNumber)!.status).toBe("paid");
    const mails = t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, "order-confirmation"))
      .all()
      .filter((m) => m.subject.includes(orderNumber));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.toAddress).toBe("flow@example.com");
  });
});

describe("a Stripe checkout interrupted by a crash, then retried with the same key", () => {
  const input = (recordId: number, email: string, idempotencyKey = key()) => ({
    idempotencyKey,
    lines: [{ recordId, quantity: 1 }],
    discountCode: null,
    email,
    shipping: address,
    userId: null,
    today: TEST_TODAY,
  });
  const urlsFor = (orderNumber: string) => ({
    successUrl: `${origin}/payment-confirmation?order=${orderNumber}`,
    cancelUrl: `${origin}/checkout?cancelled=${orderNumber}`,
  });
  /** The order as the dead request left it: placed, stock held, no session recorded. */
  const placedOnly = (recordId: number, email: string) => {
    const request = input(recordId, email);
    const { order } = s.orders.place({ ...request, paymentProvider: "stripe" });
    return { request, order };
  };
  const sessionOf = (reference: string) => {
    const session = liveSessions.get(reference);
    if (!session) throw new Error(`no session ${reference}`);
    return session;
  };

  it("Stripe had opened the session but the shop never saved it: the retry gets that same session back", async () => {
    const rec = insertRecord(t.db, { stockQuantity: 1 });
    const { request, order } = placedOnly(rec.id, "lost-answer@example.com");
    const opened = await provider.createCheckout(order, urlsFor(order.orderNumber));
    const made = sessions;

    const retry = await s.checkout.submit(request, { origin });
    expect(retry).toMatchObject({ kind: "redirect", url: opened.url });
    expect(sessions).toBe(made);
    expect(s.orders.get(order.orderNumber)!.paymentReference).toBe(opened.reference);
    expect(stockOf(rec.id)).toBe(0);
  });

  it("no session was opened before the crash: the retry opens one", async () => {
    const rec = insertRecord(t.db, { stockQuantity: 1 });
    const { request, order } = placedOnly(rec.id, "no-session@example.com");
    const retry = await s.checkout.submit(request, { origin });
    expect(retry.kind).toBe("redirect");
    expect(s.orders.get(order.orderNumber)!.paymentReference).toMatch(/^cs_test_fake\d+$/);
  });

  it("the shopper paid while the shop was down (webhook lost): the retry asks Stripe and the order is paid", async () => {
    const rec = insertRecord(t.db, { stockQuantity: 1 });
    const request = input(rec.id, "paid-while-down@example.com");
    const first = await s.checkout.submit(request, { origin });
    const reference = s.orders.get(first.order.orderNumber)!.paymentReference!;
    Object.assign(sessionOf(reference), { status: "complete", payment_status: "paid", url: null });

    const retry = await s.checkout.submit(request, { origin });
    expect(retry).toMatchObject({ kind: "paid", order: { orderNumber: first.order.orderNumber, status: "paid" } });
    expect(stockOf(rec.id)).toBe(0);
  });

  it("the session is still open: the retry sends the shopper back to it", async () => {
    const rec = insertRecord(t.db, { stockQuantity: 1 });
    const request = input(rec.id, "still-open@example.com");
    const first = await s.checkout.submit(request, { origin });
    const retry = await s.checkout.submit(request, { origin });
    expect(retry).toMatchObject({ kind: "redirect", url: first.kind === "redirect" ? first.url : "?" });
  });

  it("the session expired unpaid: the retry releases the order, and a fresh attempt succeeds", async () => {
    const rec = insertRecord(t.db, { stockQuantity: 1 });
    const request = input(rec.id, "expired@example.com");
    const first = await s.checkout.submit(request, { origin });
    Object.assign(sessionOf(s.orders.get(first.order.orderNumber)!.paymentReference!), { status: "expired", url: null });

    const retry = await s.checkout.submit(request, { origin });
    expect(retry).toMatchObject({ kind: "declined", order: { status: "payment_failed" } });
    expect(stockOf(rec.id)).toBe(1);
    const fresh = await s.checkout.submit({ ...request, idempotencyKey: key() }, { origin });
    expect(fresh.kind).toBe("redirect");
    expect(stockOf(rec.id)).toBe(0);
  });

  it("the sweep asks Stripe before cancelling: a paid session is paid, an open one is closed and released", async () => {
    const paidRec = insertRecord(t.db, { stockQuantity: 1 });
    const openRec = insertRecord(t.db, { stockQuantity: 1 });
    const paid = await s.checkout.submit(input(paidRec.id, "sweep-paid@example.com"), { origin });
    const open = await s.checkout.submit(input(openRec.id, "sweep-open@example.com"), { origin });
    const paidRef = s.orders.get(paid.order.orderNumber)!.paymentReference!;
    const openRef = s.orders.get(open.order.orderNumber)!.paymentReference!;
    Object.assign(sessionOf(paidRef), { status: "complete", payment_status: "paid", url: null });
    for (const order of [paid.order, open.order]) {
      t.db.$client
        .prepare("update orders set created_at = '2000-01-01T00:00:00.000Z' where order_number = ?")
        .run(order.orderNumber);
    }

    expect(await s.checkout.sweepAbandoned()).toBe(1);
    expect(s.orders.get(paid.order.orderNumber)!.status).toBe("paid");
    expect(stockOf(paidRec.id)).toBe(0);
    expect(s.orders.get(open.order.orderNumber)!.status).toBe("payment_failed");
    expect(sessionOf(openRef).status).toBe("expired");
    expect(stockOf(openRec.id)).toBe(1);
  });
});
