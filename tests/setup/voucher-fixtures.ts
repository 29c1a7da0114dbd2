/**
 * Gift vouchers and store credit for tests, made with the voucher ledger itself (server/services/voucher-ledger.ts):
 * a voucher in any standing, its code when a test needs to type it, and an order to spend it on.
 */
import { eq } from "drizzle-orm";
import { writeTransaction, type Db } from "../../db/client";
import { orders, vouchers, type VoucherRow } from "../../db/schema";
import { issueVoucher, mintVoucherCode, spendVoucher, type IssueVoucherInput } from "../../server/services/voucher-ledger";
import { TEST_TODAY } from "./test-db";

let made = 0;

type VoucherFixture = Partial<Omit<IssueVoucherInput, "amountPence">> & { amountPence?: number };

/** A voucher as the ledger issues it: active store credit of £10 issued today, unless told otherwise. */
export function makeVoucher(db: Db, input: VoucherFixture = {}): VoucherRow {
  return writeTransaction(db, () =>
    issueVoucher(db, { kind: "store_credit", amountPence: 1000, issuedOn: TEST_TODAY, status: "active", ...input }),
  );
}

/** A voucher whose code the test knows (the code is made once and only its hash kept, as when it is mailed). */
export function makeVoucherWithCode(db: Db, input: VoucherFixture = {}): { voucher: VoucherRow; code: string } {
  const voucher = makeVoucher(db, input);
  const code = writeTransaction(db, () => mintVoucherCode(db, voucher.id));
  return { voucher: voucherById(db, voucher.id), code };
}

/** A voucher issued two years and more ago: its last day has passed, with its balance left on it. */
export function makeExpiredVoucher(db: Db, input: VoucherFixture = {}): VoucherRow {
  return makeVoucher(db, { issuedOn: "2023-01-10", ...input });
}

/** An order (paid, £0 to the card) to spend vouchers on. */
export function makeVoucherOrder(db: Db): { id: number; orderNumber: string } {
  made += 1;
  return db
    .insert(orders)
    .values({
      orderNumber: `ND-VFIX${process.pid}X${made}`,
      email: `voucher-order-${made}@example.com`,
      status: "paid",
      shippingName: "Ada Lovelace",
      addressLine1: "1 Record Row",
      city: "London",
      postalCode: "SW1A 1AA",
      itemsPence: 2500,
      shippingPence: 0,
      totalPence: 2500,
      voucherPence: 2500,
      vatPence: 417,
      idempotencyKey: `voucher-fixture-${process.pid}-${made}`,
    })
    .returning({ id: orders.id, orderNumber: orders.orderNumber })
    .get();
}

/** Spends `amountPence` of a voucher on a new order; returns that order. */
export function spendOnNewOrder(db: Db, voucherId: number, amountPence: number): { id: number; orderNumber: string } {
  const order = makeVoucherOrder(db);
  writeTransaction(db, () => spendVoucher(db, voucherId, amountPence, order.id));
  return order;
}

export const voucherById = (db: Db, id: number): VoucherRow => db.select().from(vouchers).where(eq(vouchers.id, id)).get()!;
