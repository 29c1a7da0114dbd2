import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import express from "express";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { clubMemberships, clubPayments, emailOutbox, users } from "../../db/schema";
import { PaymentUnavailableError } from "../../app/domain/shared/errors";
import { clubAddressSchema } from "../../app/domain/club/club-schemas";
import { expectConsoleError } from "../../tests/setup/console-error";
import { CLUB_ADDRESS } from "../../tests/setup/record-club";
import { listen } from "../../tests/setup/http";
import { migratedTestDb, type TestDb } from "../../tests/setup/test-db";
import { paymentWebhook } from "../api/payment-webhook";
import { createServices, type Services } from "../services";
import { createStripeProvider } from "./stripe";
import { clubJoinIdempotencyKey, createStripeSubscriptionPayments, customerIdempotencyKey } from "./stripe-club";

// The record club on Stripe Billing against a small local stand-in for Stripe's API, and its events posted,
// signed with the test secret, to the shop's one webhook endpoint. Nothing leaves the machine.
const SECRET_KEY = "sk_test_needledropClubLocalOnly";
const WEBHOOK_SECRET = "whsec_needledropClubLocalOnly";

interface SeenRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  form: URLSearchParams;
}
const seen: SeenRequest[] = [];
let stripeDown = false;
let customers = 0;
const customersByKey = new Map<string, string>();

function answerFor(r: SeenRequest): { status: number; body: unknown } {
  if (stripeDown) return { status: 500, body: { error: { type: "api_error", message: "Stripe is having a moment" } } };
  if (r.method === "POST" && r.path === "/v1/customers") {
    const key = String(r.headers["idempotency-key"]);
    if (!customersByKey.has(key)) customersByKey.set(key, `cus_fake${++customers}`);
    return { status: 200, body: { id: customersByKey.get(key), object: "customer" } };
  }
  if (r.method === "POST" && r.path === "/v1/checkout/sessions") {
    const id = `cs_test_club${seen.length}`;
    return { status: 200, body: { id, object: "checkout.session", url: `https://checkout.stripe.com/c/pay/${id}` } };
  }
  const sub = /^\/v1\/subscriptions\/(sub_\w+)$/.exec(r.path);
  if (sub && r.method === "POST") return { status: 200, body: { id: sub[1], object: "subscription", status: "active" } };
  if (sub && r.method === "DELETE") return { status: 200, body: { id: sub[1], object: "subscription", status: "canceled" } };
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
let webhookUrl: string;
let closeWebhook: () => Promise<void>;
const origin = "https://shop.example";

beforeAll(async () => {
  delete process.env.SMTP_URL;
  await new Promise<void>((resolve) => fakeApi.listen(0, "127.0.0.1", resolve));
  const apiUrl = `http://127.0.0.1:${(fakeApi.address() as AddressInfo).port}`;
  t = migratedTestDb();
  s = createServices(t.db, {
    mediaDir: "",
    payments: createStripeProvider({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiUrl }),
    clubPayments: createStripeSubscriptionPayments({ secretKey: SECRET_KEY, apiUrl }),
  });
  const app = express();
  app.use("/api/payments/webhook", paymentWebhook(s));
  const server = await listen(app);
  webhookUrl = `${server.url}/api/payments/webhook`;
  closeWebhook = server.close;
});
afterAll(async () => {
  await closeWebhook();
  await new Promise((resolve) => fakeApi.close(resolve));
  t.cleanup();
});
beforeEach(() => {
  seen.length = 0;
  stripeDown = false;
});

let n = 0;
function member() {
  n += 1;
  return t.db
    .insert(users)
    .values({ username: `stripeclub${n}`, passwordHash: "x", email: `stripeclub${n}@example.com` })
    .returning()
    .get();
}
const userRow = (id: number) => t.db.select().from(users).where(eq(users.id, id)).get()!;
const membershipsOf = (userId: number) => t.db.select().from(clubMemberships).where(eq(clubMemberships.userId, userId)).all();
const paymentsOf = (membershipId: number) =>
  t.db.select().from(clubPayments).where(eq(clubPayments.membershipId, membershipId)).orderBy(clubPayments.id).all();
const clubMail = (to: string) =>
  t.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.kind, "record-club"))
    .all()
    .filter((m) => m.toAddress === to)
    .map((m) => m.subject);

// Events as Stripe sends them (the shapes of API version Stripe.API_VERSION), signed here with the test secret.
const at = (iso: string) => Math.floor(Date.parse(iso) / 1000);
let eventN = 0;
function eventJson(type: string, object: Record<string, unknown>, created = at("2026-11-25T10:00:00Z")): string {
  eventN += 1;
  return JSON.stringify({
    id: `evt_test_club_${eventN}`,
    object: "event",
    api_version: Stripe.API_VERSION,
    created,
    livemode: false,
    type,
    data: { object },
  });
}
function invoice(
  subscriptionId: string,
  o: {
    id: string;
    start: string;
    end: string;
    amount?: number;
    attempt?: number;
    nextAttempt?: string | null;
    metadata?: Record<string, string>;
  },
) {
  const amount = o.amount ?? 2600;
  return {
    id: o.id,
    object: "invoice",
    customer: "cus_fromInvoice",
    currency: "gbp",
    amount_paid: amount,
    amount_due: amount,
    attempt_count: o.attempt ?? 1,
    next_payment_attempt: o.nextAttempt ? at(o.nextAttempt) : null,
    period_start: at(o.start),
    period_end: at(o.start),
    lines: { object: "list", data: [{ object: "line_item", period: { start: at(o.start), end: at(o.end) } }] },
    parent: {
      type: "subscription_details",
      quote_details: null,
      subscription_details: { subscription: subscriptionId, metadata: o.metadata ?? {} },
    },
  };
}
const sign = (payload: string, secret = WEBHOOK_SECRET) => Stripe.webhooks.generateTestHeaderString({ payload, secret });
async function post(payload: string, signature: string | null = sign(payload)) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (signature !== null) headers["stripe-signature"] = signature;
  const res = await fetch(webhookUrl, { method: "POST", headers, body: payload });
  return { status: res.status, body: (await res.json()) as unknown };
}

/** A member whose Stripe subscription has started: the first invoice paid and delivered. */
async function stripeMember(plan = "one-lp") {
  const u = member();
  const subscriptionId = `sub_test${n}`;
  const paid = eventJson(
    "invoice.paid",
    invoice(subscriptionId, {
      id: `in_first${n}`,
      start: "2026-11-25T10:00:00Z",
      end: "2026-12-25T10:00:00Z",
      metadata: {
        userId: String(u.id),
        plan,
        favouriteGenre: "Jazz",
        deliveryName: "Ann Lee",
        addressLine1: "1 Groove Street",
        city: "Leeds",
        postalCode: "LS1 4AP",
      },
    }),
  );
  expect((await post(paid)).status).toBe(200);
  return { u, subscriptionId, paid, m: membershipsOf(u.id)[0]! };
}
const today = { today: "2026-11-25" };
const address = clubAddressSchema.parse(CLUB_ADDRESS);

describe("joining the club through Stripe", () => {
  it("makes the member's Stripe customer once, keeps it, and opens a subscription page for the plan", async () => {
    const u = member();
    expect(s.club.joinsOnProviderPage()).toBe(true);
    const first = await s.club.startHostedSignUp(u, { plan: "two-lp", favouriteGenre: "Soul", ...address }, { origin });
    expect(first.url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_club\d+$/);
    expect(userRow(u.id).stripeCustomerId).toBe("cus_fake1");

    expect(seen.map((r) => `${r.method} ${r.path}`)).toEqual(["POST /v1/customers", "POST /v1/checkout/sessions"]);
    const [customer, session] = seen;
    expect(customer!.headers["idempotency-key"]).toBe(customerIdempotencyKey(u.id));
    expect(customer!.form.get("email")).toBe(u.email);
    expect(customer!.form.get("metadata[userId]")).toBe(String(u.id));
    const f = session!.form;
    expect(session!.headers["idempotency-key"]).toBe(clubJoinIdempotencyKey(u.id, 1, "two-lp", "Soul", address));
    expect(f.get("mode")).toBe("subscription");
    expect(f.get("customer")).toBe("cus_fake1");
    expect(f.get("line_items[0][price_data][unit_amount]")).toBe("4800");
    expect(f.get("line_items[0][price_data][currency]")).toBe("gbp");
    expect(f.get("line_items[0][price_data][recurring][interval]")).toBe("month");
    expect(f.get("subscription_data[metadata][userId]")).toBe(String(u.id));
    expect(f.get("subscription_data[metadata][plan]")).toBe("two-lp");
    expect(f.get("subscription_data[metadata][favouriteGenre]")).toBe("Soul");
    expect(f.get("subscription_data[metadata][postalCode]")).toBe("LS1 4AP");
    expect(f.get("subscription_data[metadata][deliveryName]")).toBe("Ann Lee");
    expect(f.get("subscription_data[metadata][country]")).toBe("GB");
    expect(f.get("success_url")).toBe(`${origin}/subscription-confirmation?pending=1`);
    expect(f.get("cancel_url")).toBe(`${origin}/subscribe`);
    // Nothing is a membership until Stripe says the first invoice is paid.
    expect(membershipsOf(u.id)).toHaveLength(0);

    seen.length = 0;
    await s.club.startHostedSignUp(u, { plan: "one-lp", favouriteGenre: "Soul", ...address }, { origin });
    expect(seen.map((r) => r.path)).toEqual(["/v1/checkout/sessions"]);
    expect(seen[0]!.form.get("customer")).toBe("cus_fake1");
  });

  it("when Stripe cannot be reached, says so and keeps nothing", async () => {
    const u = member();
    stripeDown = true;
    const errors = expectConsoleError();
    await expect(
      s.club.startHostedSignUp(u, { plan: "one-lp", favouriteGenre: "Jazz", ...address }, { origin }),
    ).rejects.toBeInstanceOf(PaymentUnavailableError);
    expect(errors).toHaveBeenCalledOnce();
    expect(userRow(u.id).stripeCustomerId).toBeNull();
  });

  it("the first paid invoice starts the membership and keeps the subscription on the member; a replay changes nothing", async () => {
    const { u, subscriptionId, paid, m } = await stripeMember("two-lp");
    expect(m).toMatchObject({
      plan: "two-lp",
      status: "active",
      paymentToken: subscriptionId,
      currentPeriodEnd: "2026-12-25",
      postalCode: "LS1 4AP",
      deliveryName: "Ann Lee",
    });
    expect(userRow(u.id)).toMatchObject({ stripeSubscriptionId: subscriptionId, stripeCustomerId: "cus_fromInvoice" });
    expect(paymentsOf(m.id)).toMatchObject([{ status: "paid", amountPence: 2600, reference: `in_first${n}` }]);
    expect(s.club.membership(u.id, today)).toMatchObject({ status: "active", nextPaymentOn: "2026-12-25", cardLast4: "" });
    expect(clubMail(u.email)).toEqual(["Welcome to the Needledrop record club"]);

    expect((await post(paid)).status).toBe(200);
    expect(membershipsOf(u.id)).toHaveLength(1);
    expect(paymentsOf(m.id)).toHaveLength(1);
    expect(clubMail(u.email)).toHaveLength(1);
  });
});

describe("Stripe's invoices renew the membership", () => {
  it("a failed renewal is shown and mailed once, Stripe's retry date kept; the paid retry renews", async () => {
    const { u, subscriptionId, m } = await stripeMember();
    const failed = eventJson(
      "invoice.payment_failed",
      invoice(subscriptionId, {
        id: "in_renewal",
        start: "2026-12-25T10:00:00Z",
        end: "2027-01-25T10:00:00Z",
        attempt: 1,
        nextAttempt: "2026-12-28T10:00:00Z",
      }),
      at("2026-12-25T10:05:00Z"),
    );
    for (let i = 0; i < 2; i++) expect((await post(failed)).status).toBe(200);
    expect(s.club.membership(u.id, { today: "2026-12-25" })).toMatchObject({
      status: "past_due",
      statusLabel: "Payment failed",
      failedRenewal: { failedAttempts: 1, nextRetryOn: "2026-12-28" },
    });
    expect(paymentsOf(m.id).map((p) => p.status)).toEqual(["paid", "failed"]);
    expect(clubMail(u.email).filter((x) => x === "Your record club payment failed")).toHaveLength(1);

    const retried = eventJson(
      "invoice.paid",
      invoice(subscriptionId, { id: "in_renewal", start: "2026-12-25T10:00:00Z", end: "2027-01-25T10:00:00Z", attempt: 2 }),
    );
    for (let i = 0; i < 2; i++) expect((await post(retried)).status).toBe(200);
    expect(s.club.membership(u.id, { today: "2026-12-28" })).toMatchObject({
      status: "active",
      failedRenewal: null,
      nextPaymentOn: "2027-01-25",
      nextShipmentOn: "2027-01-15",
    });
    expect(paymentsOf(m.id).map((p) => p.status)).toEqual(["paid", "failed", "paid"]);
  });

  it("the renewal sweep leaves Stripe's memberships to Stripe: nothing asked, nothing charged", async () => {
    const { m } = await stripeMember();
    seen.length = 0;
    const run = await s.club.renewDue({ today: "2026-12-26" });
    expect(run.charged + run.failed).toBe(0);
    expect(seen).toHaveLength(0);
    expect(paymentsOf(m.id)).toHaveLength(1);
  });
});

describe("the member's changes go to the Stripe subscription", () => {
  it("pause, resume, skip, un-skip, cancel at period end and keep each update the subscription", async () => {
    const { u, subscriptionId } = await stripeMember();
    seen.length = 0;
    const path = `/v1/subscriptions/${subscriptionId}`;
    await s.club.act(u.id, "pause", today);
    await s.club.act(u.id, "resume", today);
    expect((await s.club.act(u.id, "skip", today)).skipNext).toBe(true);
    await s.club.act(u.id, "unskip", today);
    expect((await s.club.act(u.id, "cancel", today)).status).toBe("cancelling");
    expect((await s.club.act(u.id, "keep", today)).status).toBe("active");
    expect(seen.map((r) => `${r.method} ${r.path}`)).toEqual(Array(6).fill(`POST ${path}`));
    const forms = seen.map((r) => Object.fromEntries(r.form));
    expect(forms[0]).toEqual({ "pause_collection[behavior]": "void" });
    expect(forms[1]).toEqual({ pause_collection: "" });
    // Collection starts again the day after the skipped renewal of 25 December.
    expect(forms[2]).toEqual({
      "pause_collection[behavior]": "void",
      "pause_collection[resumes_at]": String(at("2026-12-26T12:00:00Z")),
    });
    expect(forms[3]).toEqual({ pause_collection: "" });
    expect(forms[4]).toEqual({ cancel_at_period_end: "true" });
    expect(forms[5]).toEqual({ cancel_at_period_end: "false" });
  });

  it("cancelling a failed renewal ends the subscription now", async () => {
    const { u, subscriptionId } = await stripeMember();
    const failed = eventJson(
      "invoice.payment_failed",
      invoice(subscriptionId, { id: "in_fails", start: "2026-12-25T10:00:00Z", end: "2027-01-25T10:00:00Z" }),
    );
    await post(failed);
    seen.length = 0;
    expect((await s.club.act(u.id, "cancel", today)).status).toBe("cancelled");
    expect(seen.map((r) => `${r.method} ${r.path}`)).toEqual([`DELETE /v1/subscriptions/${subscriptionId}`]);
  });

  it("when Stripe cannot be reached, nothing changes here either", async () => {
    const { u } = await stripeMember();
    stripeDown = true;
    const errors = expectConsoleError();
    await expect(s.club.act(u.id, "pause", today)).rejects.toBeInstanceOf(PaymentUnavailableError);
    expect(errors).toHaveBeenCalledOnce();
    expect(s.club.membership(u.id, today)!.status).toBe("active");
  });
});

describe("subscription events from Stripe", () => {
  const subscription = (id: string, o: Record<string, unknown> = {}) => ({
    id,
    object: "subscription",
    status: "active",
    cancel_at_period_end: false,
    pause_collection: null,
    ...o,
  });

  it("a change made at Stripe is followed once; a deletion ends the membership and clears the member's subscription", async () => {
    const { u, subscriptionId } = await stripeMember();
    const cancelling = eventJson("customer.subscription.updated", subscription(subscriptionId, { cancel_at_period_end: true }));
    for (let i = 0; i < 2; i++) expect((await post(cancelling)).status).toBe(200);
    expect(s.club.membership(u.id, today)).toMatchObject({ status: "cancelling", endsOn: "2026-12-25" });

    const paused = eventJson(
      "customer.subscription.updated",
      subscription(subscriptionId, { pause_collection: { behavior: "void", resumes_at: null } }),
    );
    await post(paused);
    expect(s.club.membership(u.id, today)!.status).toBe("paused");

    const deleted = eventJson(
      "customer.subscription.deleted",
      subscription(subscriptionId, { status: "canceled" }),
      at("2026-12-25T10:00:00Z"),
    );
    for (let i = 0; i < 2; i++) expect((await post(deleted)).status).toBe(200);
    expect(s.club.membership(u.id, today)).toBeNull();
    expect(membershipsOf(u.id)[0]).toMatchObject({ status: "cancelled", endedOn: "2026-12-25" });
    expect(userRow(u.id).stripeSubscriptionId).toBeNull();

    // A late invoice for an ended membership changes nothing.
    const late = eventJson(
      "invoice.paid",
      invoice(subscriptionId, { id: "in_late", start: "2026-12-25T10:00:00Z", end: "2027-01-25T10:00:00Z" }),
    );
    expect((await post(late)).status).toBe(200);
    expect(membershipsOf(u.id)).toHaveLength(1);
    expect(membershipsOf(u.id)[0]!.status).toBe("cancelled");
  });

  it("refuses a tampered, unsigned or wrongly signed event, or one that is not JSON, with 400 and changes nothing", async () => {
    const { u, subscriptionId } = await stripeMember();
    const payload = eventJson("customer.subscription.deleted", subscription(subscriptionId, { status: "canceled" }));
    const notJson = "this is not an event";
    const attempts: Array<[string, string | null]> = [
      [payload.replace(subscriptionId, `${subscriptionId}x`), sign(payload)],
      [payload, sign(payload, "whsec_someoneElsesSecret")],
      [payload, null],
      [payload, "t=1,v1=deadbeef"],
      [notJson, sign(notJson)],
    ];
    for (const [body, signature] of attempts) {
      const r = await post(body, signature);
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ error: "Invalid signature." });
    }
    expect(s.club.membership(u.id, today)!.status).toBe("active");
    expect(userRow(u.id).stripeSubscriptionId).toBe(subscriptionId);
  });

  it("a paid invoice of a subscription the shop does not know, without a member, starts nothing", async () => {
    const before = t.db.select().from(clubMemberships).all().length;
    const orphan = eventJson(
      "invoice.paid",
      invoice("sub_nobody", { id: "in_orphan", start: "2026-11-25T10:00:00Z", end: "2026-12-25T10:00:00Z" }),
    );
    expect((await post(orphan)).status).toBe(200);
    expect(t.db.select().from(clubMemberships).all()).toHaveLength(before);
  });
});
