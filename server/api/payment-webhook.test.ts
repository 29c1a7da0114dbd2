import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import Stripe from "stripe";
import express from "express";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { emailOutbox, records } from "../../db/schema";
import { expectConsoleError } from "../../tests/setup/console-error";
import { listen } from "../../tests/setup/http";
import { insertDiscountCode, insertRecord } from "../../tests/setup/shop-fixtures";
import { migratedTestDb, TEST_TODAY, type TestDb } from "../../tests/setup/test-db";
import { createApp } from "../app";
import { createStripeProvider } from "../payments/stripe";
import { createServices, type Services } from "../services";
import { paymentWebhook } from "./payment-webhook";

// POST /api/payments/webhook through the real app, with Stripe switched on by its environment variables.
// The API address points at a closed local port: the webhook never calls Stripe, and nothing may go online.
const WEBHOOK_SECRET = "whsec_needledropWebhookTest";
const STRIPE_ENV = {
  STRIPE_SECRET_KEY: "sk_test_needledropWebhookTest",
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_API_URL: "http://127.0.0.1:9",
};
const ENV_KEYS = ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_API_URL", "ACCESS_LOG", "MEDIA_DIR", "SMTP_URL"] as const;
const savedEnv = Object.fromEntries(ENV_KEYS.map((k) => [k, process.env[k]]));

let t: TestDb;
let s: Services;
let stripeBase: string;
let testCardBase: string;
const closers: Array<() => Promise<void>> = [];
const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), "needledrop-webhook-media-"));
const pages = (_req: unknown, res: { status: (n: number) => { send: (s: string) => void } }) =>
  res.status(404).send("no pages here");

beforeAll(async () => {
  process.env.ACCESS_LOG = "off";
  process.env.MEDIA_DIR = mediaDir;
  delete process.env.SMTP_URL;
  t = migratedTestDb();
  // Orders are placed here as checkout would; the app reads the same database.
  s = createServices(t.db, { mediaDir: "" });

  Object.assign(process.env, STRIPE_ENV);
  const stripeApp = await listen(createApp({ db: t.db, pages: pages as never }));
  for (const k of ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_API_URL"]) delete process.env[k];
  const testCardApp = await listen(createApp({ db: t.db, pages: pages as never }));
  stripeBase = stripeApp.url;
  testCardBase = testCardApp.url;
  closers.push(stripeApp.close, testCardApp.close);
});

afterAll(async () => {
  for (const close of closers) await close();
  t.cleanup();
  fs.rmSync(mediaDir, { recursive: true, force: true });
  for (const k of ENV_KEYS) {
    if (savedEnv[k] === undefined) delete process.env[k];
    else process.env[k] = savedEnv[k];
  }
});

const address = {
  name: "Ada Lovelace",
  addressLine1: "1 Record Row",
  city: "London",
  postalCode: "SW1A 1AA",
  country: "United Kingdom",
};
let n = 0;
const stockOf = (id: number) => t.db.select().from(records).where(eq(records.id, id)).get()!.stockQuantity;

/** A pending Stripe order holding `quantity` copies, as if the shopper had just been sent to Stripe. */
function pendingOrder({ quantity = 1, stock = 5, code = null as string | null } = {}) {
  n += 1;
  const rec = insertRecord(t.db, { pricePence: 2000, stockQuantity: stock });
  const { order } = s.orders.place({
    idempotencyKey: `webhook-test-${n}-abcdefghijklmnop`,
    lines: [{ recordId: rec.id, quantity }],
    discountCode: code,
    email: `buyer${n}@example.com`,
    shipping: address,
    userId: null,
    paymentProvider: "stripe",
    today: TEST_TODAY,
  });
  const sessionId = `cs_test_webhook${n}`;
  s.orders.setPaymentReference(order.orderNumber, sessionId);
  return { order, sessionId, recordId: rec.id };
}

function eventJson(type: string, session: Record<string, unknown>, id = `evt_test_webhook_${++n}`): string {
  return JSON.stringify({
    id,
    object: "event",
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    type,
    data: { object: { object: "checkout.session", ...session } },
  });
}

function paidEvent(
  order: { orderNumber: string; totals: { totalPence: number } },
  sessionId: string,
  overrides: Record<string, unknown> = {},
) {
  return eventJson("checkout.session.completed", {
    id: sessionId,
    payment_status: "paid",
    amount_total: order.totals.totalPence,
    currency: "gbp",
    client_reference_id: order.orderNumber,
    metadata: { orderNumber: order.orderNumber },
    ...overrides,
  });
}

const sign = (payload: string, secret = WEBHOOK_SECRET) => Stripe.webhooks.generateTestHeaderString({ payload, secret });

async function post(payload: string, signature: string | null, base = stripeBase) {
  const headers: Record<string, string> = { "content-type": "application/json; charset=utf-8" };
  if (signature !== null) headers["stripe-signature"] = signature;
  // No Origin header, like Stripe's servers.
  const res = await fetch(`${base}/api/payments/webhook`, { method: "POST", headers, body: payload });
  return { status: res.status, body: (await res.json()) as unknown, res };
}

const statusOf = (orderNumber: string) => s.orders.get(orderNumber)!.status;
const confirmations = (orderNumber: string) =>
  t.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, "order-confirmation")))
    .all()
    .filter((m) => m.subject.includes(orderNumber));

describe("POST /api/payments/webhook with Stripe", () => {
  it("a signed payment marks the order paid and queues one confirmation; a replay changes nothing", async () => {
    const { order, sessionId } = pendingOrder();
    const payload = paidEvent(order, sessionId);
    const first = await post(payload, sign(payload));
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ received: true });
    expect(first.res.headers.get("cache-control")).toBe("no-store");
    const paid = s.orders.get(order.orderNumber)!;
    expect(paid.status).toBe("paid");
    expect(paid.paymentReference).toBe(sessionId);
    expect(confirmations(order.orderNumber)).toHaveLength(1);

    const replay = await post(payload, sign(payload));
    expect(replay.status).toBe(200);
    expect(statusOf(order.orderNumber)).toBe("paid");
    expect(confirmations(order.orderNumber)).toHaveLength(1);
  });

  it("refuses a wrong secret, a tampered body and a missing signature with 400, changing nothing", async () => {
    const { order, sessionId, recordId } = pendingOrder({ quantity: 2, stock: 2 });
    const payload = paidEvent(order, sessionId);
    const tampered = paidEvent(order, sessionId, { amount_total: 1 });
    const attempts: Array<[string, string | null]> = [
      [payload, sign(payload, "whsec_someoneElsesSecret")],
      [tampered, sign(payload)],
      [payload, null],
      [payload, "garbage"],
    ];
    for (const [body, signature] of attempts) {
      const r = await post(body, signature);
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ error: "Invalid signature." });
    }
    expect(statusOf(order.orderNumber)).toBe("pending_payment");
    expect(stockOf(recordId)).toBe(0);
    expect(confirmations(order.orderNumber)).toHaveLength(0);
  });

  it("a payment that does not match the order total leaves it pending (acknowledged, not retried)", async () => {
    const { order, sessionId } = pendingOrder();
    const errors = expectConsoleError();
    for (const overrides of [{ amount_total: order.totals.totalPence - 1 }, { currency: "eur" }]) {
      errors.mockClear();
      const payload = paidEvent(order, sessionId, overrides);
      const r = await post(payload, sign(payload));
      expect(r.status).toBe(200);
      // Flagged for a person to review, once per event.
      expect(errors).toHaveBeenCalledExactlyOnceWith(
        `[checkout] payment for ${order.orderNumber} does not match its total; left pending for review.`,
      );
    }
    expect(statusOf(order.orderNumber)).toBe("pending_payment");
    expect(confirmations(order.orderNumber)).toHaveLength(0);
  });

  it("an expired session cancels the order and gives the stock and the discount code back", async () => {
    insertDiscountCode(t.db, "EXPIRE10");
    const { order, sessionId, recordId } = pendingOrder({ quantity: 3, stock: 3, code: "EXPIRE10" });
    expect(order.totals.discountPence).toBeGreaterThan(0);
    expect(stockOf(recordId)).toBe(0);
    expect(s.discounts.check("EXPIRE10", null).ok).toBe(false);

    const payload = eventJson("checkout.session.expired", {
      id: sessionId,
      payment_status: "unpaid",
      metadata: { orderNumber: order.orderNumber },
    });
    const r = await post(payload, sign(payload));
    expect(r.status).toBe(200);
    expect(statusOf(order.orderNumber)).toBe("payment_failed");
    expect(stockOf(recordId)).toBe(3);
    expect(s.discounts.check("EXPIRE10", null).ok).toBe(true);
  });

  it("acknowledges events it does not act on, and payments still running, without changing the order", async () => {
    const { order, sessionId } = pendingOrder();
    const running = paidEvent(order, sessionId, { payment_status: "unpaid" });
    const other = eventJson("payment_intent.created", { id: "pi_test_1" });
    const unknownOrder = paidEvent({ orderNumber: "ND-NOSUCHNO", totals: { totalPence: 100 } }, "cs_test_unknown");
    for (const payload of [running, other, unknownOrder]) {
      const r = await post(payload, sign(payload));
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ received: true });
    }
    expect(statusOf(order.orderNumber)).toBe("pending_payment");
  });

  it("refuses bodies over 256 kB", async () => {
    const payload = eventJson("payment_intent.created", { id: "pi_test_big", padding: "x".repeat(300 * 1024) });
    const r = await post(payload, sign(payload));
    expect(r.status).toBe(413);
  });

  it("puts Stripe's hosted page in the CSP form-action list", async () => {
    const res = await fetch(`${stripeBase}/api/payments/webhook`);
    expect(res.headers.get("content-security-policy")).toMatch(/form-action 'self' https:\/\/checkout\.stripe\.com/);
  });
});

describe("POST /api/payments/webhook with the test card provider", () => {
  it("does not exist: 404, and a validly signed event changes nothing", async () => {
    const { order, sessionId } = pendingOrder();
    const payload = paidEvent(order, sessionId);
    const r = await post(payload, sign(payload), testCardBase);
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ error: "Not found." });
    expect(statusOf(order.orderNumber)).toBe("pending_payment");
  });

  it("keeps form-action to the shop itself", async () => {
    const res = await fetch(`${testCardBase}/api/payments/webhook`);
    expect(res.headers.get("content-security-policy")).toContain("form-action 'self';");
  });
});

describe("POST /api/payments/webhook when applying the event fails", () => {
  it("answers 500 with no details (so Stripe retries) and logs neither payload nor secret", async () => {
    const provider = createStripeProvider({
      secretKey: STRIPE_ENV.STRIPE_SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      apiUrl: STRIPE_ENV.STRIPE_API_URL,
    });
    const broken = {
      checkout: {
        provider,
        applyWebhook: () => {
          throw new Error("database is locked");
        },
      },
    } as unknown as Services;
    const app = express();
    app.use("/api/payments/webhook", paymentWebhook(broken));
    const server = await listen(app);
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const payload = paidEvent({ orderNumber: "ND-SECRETNO", totals: { totalPence: 100 } }, "cs_test_broken");
      const r = await post(payload, sign(payload), server.url);
      expect(r.status).toBe(500);
      expect(JSON.stringify(r.body)).not.toContain("locked");
      expect(errors).toHaveBeenCalledTimes(1);
      const logged = JSON.stringify(errors.mock.calls);
      expect(logged).toContain("database is locked");
      expect(logged).not.toContain("ND-SECRETNO");
      expect(logged).not.toContain(WEBHOOK_SECRET);
    } finally {
      errors.mockRestore();
      await server.close();
    }
  });
});
