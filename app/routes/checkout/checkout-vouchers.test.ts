import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { writeTransaction } from "../../../db/client";
import { orders, vouchers } from "../../../db/schema";
import { insertDiscountCode, insertRecord, TEST_ADDRESS, useShopServices } from "../../../tests/setup/shop-fixtures";
import { formPost, routeArgs, settle } from "../../../tests/setup/route-context";
import { issueVoucher, mintVoucherCode } from "../../../server/services/voucher-ledger";
import { action } from "./checkout";

// The checkout page's one code box takes gift voucher codes too; applied vouchers travel with the form.

const shop = useShopServices();
const call = (request: Request) => routeArgs({ db: shop.t.db, services: shop.s }, request);
let n = 0;
const formKey = () => `checkout-voucher-key-${++n}-${Date.now()}`;

function voucher(pence: number) {
  return writeTransaction(shop.t.db, (db) => {
    const row = issueVoucher(db, { kind: "gift", amountPence: pence, issuedOn: "2026-11-01", status: "active" });
    return { id: row.id, code: mintVoucherCode(db, row.id) };
  });
}
const balanceOf = (id: number) => shop.t.db.select().from(vouchers).where(eq(vouchers.id, id)).get()!.balancePence;

/** The checkout form as posted, vouchers as repeated hidden fields; a £25.00 record (£29.00 with delivery). */
function post(fields: Record<string, string>, voucherCodes: string[] = [], code?: string) {
  const rec = insertRecord(shop.t.db, { pricePence: 2500, stockQuantity: 3 });
  const body = new FormData();
  const email = `voucher-route-${n}@example.com`;
  for (const [k, v] of Object.entries({ email, idempotencyKey: formKey(), ...fields })) body.append(k, v);
  for (const c of voucherCodes) body.append("voucherCodes", c);
  return { rec, email, request: formPost("/checkout", body, `needledrop-cart=${rec.id}x1${code ? `~${code}` : ""}`) };
}
const fullForm = (overrides: Record<string, string> = {}) => ({
  ...TEST_ADDRESS,
  addressLine2: "",
  discountCode: "",
  pricedCode: "",
  expectedTotalPence: "2900",
  ...overrides,
});

describe("the checkout's code box with gift vouchers", () => {
  it("applies a voucher typed with spaces and in lower case: listed, priced, carried on, the box given back", async () => {
    const v = voucher(2000);
    const typed = v.code.toLowerCase().replace(/(.{4})(?!$)/g, "$1 ");
    const { request } = post({ intent: "apply", discountCode: typed });
    const out = await settle(() => action(call(request)));
    expect(out.status).toBe(200);
    expect(out.data?.summary?.vouchers).toMatchObject({
      vouchers: [{ code: v.code, last4: v.code.slice(-4), takePence: 2000, leftPence: 0 }],
      voucherPence: 2000,
      amountDuePence: 900,
    });
    expect(out.data?.summary?.quote).toContain(";v2000;");
    expect(out.data?.result.initialValue?.discountCode).toBe("");
    expect(out.data?.problem?.message).toContain(`ending ${v.code.slice(-4)} applied: it pays £20.00`);
    // Nothing about the voucher is kept by the page: no cookie is set for it.
    expect(out.headers.get("Set-Cookie") ?? "").not.toContain(v.code);
  });

  it("keeps the cart's discount code in the box and applies the discount before the voucher", async () => {
    insertDiscountCode(shop.t.db, "BOXTEN");
    const v = voucher(5000);
    const { request } = post({ intent: "apply", discountCode: v.code }, [], "BOXTEN");
    const out = await settle(() => action(call(request)));
    expect(out.data?.result.initialValue?.discountCode).toBe("BOXTEN");
    expect(out.data?.summary?.totals).toMatchObject({ discountPence: 250, totalPence: 2650 });
    expect(out.data?.summary?.vouchers).toMatchObject({ voucherPence: 2650, amountDuePence: 0 });
  });

  it("says why a voucher cannot be used, and that a voucher-like code matching nothing is neither kind of code", async () => {
    const spent = voucher(1000);
    shop.t.db.update(vouchers).set({ balancePence: 0 }).where(eq(vouchers.id, spent.id)).run();
    const a = await settle(() => action(call(post({ intent: "apply", discountCode: spent.code }).request)));
    expect(a.status).toBe(400);
    expect(a.data?.result.error).toEqual({ discountCode: ["That gift voucher has been spent in full."] });
    const b = await settle(() => action(call(post({ intent: "apply", discountCode: "ABCD EFGH JKMN PQRS" }).request)));
    expect(b.status).toBe(400);
    expect(b.data?.result.error).toEqual({
      discountCode: ["That code does not match a gift voucher or a discount code. Check it and try again."],
    });
  });

  it("takes several vouchers, and a Remove button takes one off", async () => {
    const a = voucher(1000);
    const b = voucher(1000);
    const added = await settle(() => action(call(post({ intent: "apply", discountCode: b.code }, [a.code]).request)));
    expect(added.data?.summary?.vouchers.vouchers.map((x) => x.code)).toEqual([a.code, b.code]);
    expect(added.data?.summary?.vouchers.amountDuePence).toBe(900);
    const removed = await settle(() => action(call(post({ intent: "remove-voucher-0" }, [a.code, b.code]).request)));
    expect(removed.status).toBe(200);
    expect(removed.data?.summary?.vouchers.vouchers.map((x) => x.code)).toEqual([b.code]);
    expect(removed.data?.summary?.vouchers.amountDuePence).toBe(1900);
  });

  it("pays an order the vouchers cover with no card fields at all", async () => {
    const v = voucher(3000);
    const { request, email } = post(fullForm({ expectedAmountDuePence: "0" }), [v.code]);
    const out = await settle(() => action(call(request)));
    expect(out.status).toBe(303);
    const order = shop.t.db.select().from(orders).where(eq(orders.email, email)).get();
    expect(order).toMatchObject({ status: "paid", voucherPence: 2900, paymentProvider: "voucher" });
    expect(balanceOf(v.id)).toBe(100);
  });

  it("a voucher spent elsewhere since the page was shown: 409, nothing charged, the new figures on the page", async () => {
    const v = voucher(2000);
    const { request } = post(
      fullForm({ expectedAmountDuePence: "900", cardNumber: "4242 4242 4242 4242", cardExpiry: "12/30", cardCvc: "123" }),
      [v.code],
    );
    shop.t.db.update(vouchers).set({ balancePence: 500 }).where(eq(vouchers.id, v.id)).run();
    const out = await settle(() => action(call(request)));
    expect(out.status).toBe(409);
    expect(out.data?.problem?.changes).toEqual(["To pay by card is now £24.00 (was £9.00)."]);
    expect(out.data?.summary?.vouchers.amountDuePence).toBe(2400);
    expect(balanceOf(v.id)).toBe(500);
  });
});
