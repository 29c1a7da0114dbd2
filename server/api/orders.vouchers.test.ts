import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { writeTransaction } from "../../db/client";
import { vouchers } from "../../db/schema";
import { useTestApp } from "../../tests/setup/http";
import { insertRecord } from "../../tests/setup/shop-fixtures";
import { placeOrderAnswerSchema } from "../contract/answers";
import { issueVoucher, mintVoucherCode } from "../services/voucher-ledger";

// POST /api/orders takes gift voucher codes beside the discount code; its totals show the voucher part and what the
// card paid. A code that cannot be spent is a 400 naming the field, never a 500.

const shop = useTestApp({ name: "orders-vouchers", database: "migrated" });

let n = 0;
function order(recordId: number, overrides: Record<string, unknown> = {}) {
  n += 1;
  return {
    idempotencyKey: `orders-vouchers-key-${n}-${Math.random().toString(36).slice(2)}`,
    email: `api-voucher${n}@example.com`,
    name: `Buyer ${n}`,
    addressLine1: `${n} Groove Street`,
    city: "Leeds",
    postalCode: "LS1 4DY",
    lines: [{ recordId, quantity: 1 }],
    ...overrides,
  };
}
const card = { cardNumber: "4242424242424242", cardExpiry: "12/30", cardCvc: "123" };

async function post(body: unknown) {
  const res = await fetch(`${shop.base}/api/orders`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: shop.base, accept: "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

function voucher(pence: number) {
  return writeTransaction(shop.t.db, (db) => {
    const row = issueVoucher(db, { kind: "gift", amountPence: pence, issuedOn: "2026-11-01", status: "active" });
    return { id: row.id, code: mintVoucherCode(db, row.id) };
  });
}
const balanceOf = (id: number) => shop.t.db.select().from(vouchers).where(eq(vouchers.id, id)).get()!.balancePence;

describe("POST /api/orders with voucherCodes", () => {
  it("pays part by voucher and the rest by card; totals show both", async () => {
    const rec = insertRecord(shop.t.db, { pricePence: 2500, stockQuantity: 5 });
    const v = voucher(2000);
    const out = await post(order(rec.id, { card, voucherCodes: [v.code.toLowerCase()] }));
    expect(out.status).toBe(201);
    expect(placeOrderAnswerSchema.parse(out.body).totals).toMatchObject({
      totalPence: 2900,
      voucherPence: 2000,
      amountDuePence: 900,
    });
    expect(balanceOf(v.id)).toBe(0);
  });

  it("needs no card when the vouchers pay it all", async () => {
    const rec = insertRecord(shop.t.db, { pricePence: 2500, stockQuantity: 5 });
    const v = voucher(5000);
    const out = await post(order(rec.id, { voucherCodes: [v.code] }));
    expect(out.status).toBe(201);
    expect(out.body).toMatchObject({ result: "paid", status: "paid", totals: { voucherPence: 2900, amountDuePence: 0 } });
  });

  it("answers 400 naming voucherCodes for a wrong code, a malformed one and too many", async () => {
    const rec = insertRecord(shop.t.db, { pricePence: 2500, stockQuantity: 5 });
    const wrong = await post(order(rec.id, { card, voucherCodes: ["ABCD-EFGH-JKMN-PQRS"] }));
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields).toEqual({ voucherCodes: ["That code does not match a gift voucher. Check it and try again."] });
    for (const voucherCodes of [["SUMMER10"], "ABCDEFGHJKMNPQRS", Array.from({ length: 6 }, () => "ABCDEFGHJKMNPQRS"), [42]]) {
      const out = await post(order(rec.id, { card, voucherCodes }));
      expect(out.status, JSON.stringify(voucherCodes)).toBe(400);
      expect(Object.keys(out.body.fields as object)[0]).toMatch(/^voucherCodes/);
    }
  });

  it("a balance lower than the client showed answers 409 with the new amount due; nothing charged or spent", async () => {
    const rec = insertRecord(shop.t.db, { pricePence: 2500, stockQuantity: 5 });
    const v = voucher(1000);
    const out = await post(
      order(rec.id, { card, voucherCodes: [v.code], expectedTotalPence: 2900, expectedAmountDuePence: 900 }),
    );
    expect(out.status).toBe(409);
    expect(out.body).toMatchObject({ expectedAmountDuePence: 900, amountDuePence: 1900, totalPence: 2900 });
    expect(balanceOf(v.id)).toBe(1000);
  });
});
