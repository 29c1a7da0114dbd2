import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { writeTransaction } from "../../db/client";
import { emailOutbox, orders, vouchers } from "../../db/schema";
import { useShopServices } from "../../tests/setup/shop-fixtures";
import { findVoucherByCode, issueVoucher, restoreVoucherPart, spendVoucher } from "./voucher-ledger";

const shop = useShopServices();
const TODAY = "2026-11-29";
const CODE = /Code: ([2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4})/;

const storeCredit = (amountPence: number) =>
  writeTransaction(shop.t.db, (db) => issueVoucher(db, { kind: "store_credit", amountPence, issuedOn: TODAY, status: "active" }));

async function mailCode(voucherId: number, to: string): Promise<string> {
  const { s, t } = shop;
  const mailId = writeTransaction(t.db, () => {
    const v = t.db.select().from(vouchers).where(eq(vouchers.id, voucherId)).get()!;
    return s.voucherMail.queueStoreCreditMail(v, to, "as a thank you");
  });
  s.voucherMail.dispatch(mailId);
  await s.mail.idle();
  const code = CODE.exec(shop.inbox.last(to)?.text ?? "")?.[1];
  expect(code, "the delivered mail carries a code").toBeDefined();
  return code!;
}

describe("a voucher's code by mail", () => {
  it("is made as the mail is sent: the outbox keeps a placeholder and the database only a hash", async () => {
    const v = storeCredit(1500);
    const code = await mailCode(v.id, "credit@example.com");
    const stored = shop.t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, "credit@example.com")).get()!;
    expect(stored.textBody).not.toContain(code);
    expect(stored.textBody).toContain("{{token}}");
    const row = shop.t.db.select().from(vouchers).where(eq(vouchers.id, v.id)).get()!;
    expect(row.codeHash).not.toContain(code.replaceAll("-", ""));
    expect(row.codeLast4).toBe(code.slice(-4));
    const found = findVoucherByCode(shop.t.db, code.toLowerCase().replaceAll("-", " "), TODAY);
    expect(found.ok && found.voucher.id).toBe(v.id);
  });

  it("a second mail makes a new code and the first stops working", async () => {
    const v = storeCredit(1000);
    const first = await mailCode(v.id, "twice@example.com");
    const second = await mailCode(v.id, "twice@example.com");
    expect(second).not.toBe(first);
    expect(findVoucherByCode(shop.t.db, first, TODAY)).toMatchObject({ ok: false, problem: "unknown" });
    expect(findVoucherByCode(shop.t.db, second, TODAY).ok).toBe(true);
  });
});

describe("a voucher's balance", () => {
  it("is never spent beyond what is left, and comes back on a cancel", async () => {
    const v = storeCredit(2000);
    const orderRow = shop.t.db
      .insert(orders)
      .values({
        orderNumber: "ND-VOUCHER1",
        email: "spender@example.com",
        shippingName: "Ada",
        addressLine1: "1 Record Row",
        city: "London",
        postalCode: "SW1A 1AA",
        itemsPence: 2500,
        shippingPence: 400,
        totalPence: 2900,
        voucherPence: 1500,
        vatPence: 483,
        idempotencyKey: "voucher-test-order",
      })
      .returning({ id: orders.id, userId: orders.userId, email: orders.email })
      .get();
    writeTransaction(shop.t.db, (db) => spendVoucher(db, v.id, 1500, orderRow.id));
    expect(() => writeTransaction(shop.t.db, (db) => spendVoucher(db, v.id, 600, orderRow.id))).toThrow(/balance changed/);
    const balance = () => shop.t.db.select().from(vouchers).where(eq(vouchers.id, v.id)).get()!.balancePence;
    expect(balance()).toBe(500);
    writeTransaction(shop.t.db, (db) => restoreVoucherPart(db, orderRow, 1500, { today: TODAY }));
    expect(balance()).toBe(2000);
  });
});
