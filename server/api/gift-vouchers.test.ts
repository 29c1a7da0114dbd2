import { describe, expect, it } from "vitest";
import { addDays, todayInLondon } from "../../app/domain/shared/dates";
import { useTestApp } from "../../tests/setup/http";

// POST /api/gift-vouchers and GET /api/gift-vouchers/balance over real HTTP: short messages for bad input,
// the code of a printable voucher once, and the balance look-up's limit. Each test is its own client address.
const shop = useTestApp({
  name: "gift-vouchers-api",
  database: "migrated",
  startEnv: { TRUST_PROXY: "loopback", SMTP_URL: undefined },
});

let n = 0;
const address = () => `10.72.0.${++n}`;
const today = () => todayInLondon();
const CARD = { cardNumber: "4242 4242 4242 4242", cardExpiry: "12/39", cardCvc: "123" };

function buy(body: Record<string, unknown>, ip = address()) {
  return fetch(`${shop.base}/api/gift-vouchers`, {
    method: "POST",
    headers: { origin: shop.base, "content-type": "application/json", accept: "application/json", "x-forwarded-for": ip },
    body: JSON.stringify({
      amountPence: 2000,
      email: "api-buyer@example.com",
      idempotencyKey: `api-gift-${++n}-xxxxxxxxxx`,
      card: CARD,
      ...body,
    }),
  });
}
const balance = (code: string, ip = address()) =>
  fetch(`${shop.base}/api/gift-vouchers/balance?code=${encodeURIComponent(code)}`, { headers: { "x-forwarded-for": ip } });

describe("POST /api/gift-vouchers", () => {
  it("buys a printable voucher: 201 with its code, once", async () => {
    const res = await buy({ delivery: "print", amountPence: 3500 });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { code: string; result: string; amountPence: number; codeLast4: string };
    expect(body).toMatchObject({ result: "paid", status: "paid", amountPence: 3500, delivery: "print" });
    expect(body.code).toMatch(/^[2-9A-Z]{4}(-[2-9A-Z]{4}){3}$/);
    expect(body.codeLast4).toBe(body.code.slice(-4));
    const look = await balance(body.code);
    expect(look.status).toBe(200);
    expect(await look.json()).toMatchObject({ balancePence: 3500, usable: true, last4: body.codeLast4 });
  });

  it("buys an e-mailed voucher for a later day: no code in the answer", async () => {
    const sendOn = addDays(today(), 7);
    const res = await buy({ recipientName: "Grace", recipientEmail: "grace@example.com", sendOn, message: "Happy birthday" });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ delivery: "email", sendOn, code: null, codeLast4: null });
  });

  it.each([
    ["£4", { amountPence: 400, delivery: "print" }, "amountPence", "Please choose an amount from £5 to £250."],
    ["£251", { amountPence: 25100, delivery: "print" }, "amountPence", "Please choose an amount from £5 to £250."],
    ["£10.50", { amountPence: 1050, delivery: "print" }, "amountPence", "Please choose a whole number of pounds."],
    [
      "a day that has passed",
      { recipientName: "G", recipientEmail: "g@example.com", sendOn: "2020-01-01" },
      "sendOn",
      "Please choose today or later for the day to send it.",
    ],
    [
      "a day more than a year ahead",
      { recipientName: "G", recipientEmail: "g@example.com", sendOn: addDays(today(), 400) },
      "sendOn",
      "Please choose a day no later than",
    ],
    [
      "no recipient's address",
      { delivery: "email", recipientName: "G", sendOn: "2030-01-01" },
      "recipientEmail",
      "Please enter the address",
    ],
    [
      "a message too long",
      { delivery: "print", message: "x".repeat(301) },
      "message",
      "Please keep the message under 300 characters",
    ],
  ])("refuses %s with 400 and a short message", async (_name, body, field, message) => {
    const res = await buy(body);
    expect(res.status).toBe(400);
    const answer = (await res.json()) as { message: string; fields: Record<string, string[]> };
    expect(answer.fields[field]?.[0]).toContain(message);
    expect(answer.message.length).toBeLessThan(120);
  });

  it("a declined card is a 402 and nothing is bought", async () => {
    const res = await buy({ delivery: "print", card: { ...CARD, cardNumber: "4000 0000 0000 0002" } });
    expect(res.status).toBe(402);
    expect(((await res.json()) as { message: string }).message).toMatch(/declined/);
  });
});

describe("GET /api/gift-vouchers/balance", () => {
  it("answers 404 for a code that opens nothing and 400 for none", async () => {
    expect((await balance("ABCD-EFGH-JKMN-PQRS")).status).toBe(404);
    expect((await fetch(`${shop.base}/api/gift-vouchers/balance`)).status).toBe(400);
  });

  it("answers 429 once one address guesses too often", async () => {
    const ip = address();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push((await balance(`${"23456789ABCDEFGHJKMNPQRSTWXYZ".slice(i, i + 4)}-2345-6789-ABCD`, ip)).status);
    expect(statuses.slice(0, 20).every((s) => s === 404)).toBe(true);
    const refused = await balance("ZZZZ-2345-6789-ABCD", ip);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await refused.json()) as { message: string }).message).toMatch(/^Too many gift voucher checks/);
  });
});
