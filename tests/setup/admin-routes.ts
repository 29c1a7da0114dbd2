/** For tests that call back-office pages' loaders and actions directly (see route-context.ts). */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { SUBMISSION_KEY_FIELD } from "../../app/domain/admin/form-submission";
import { users } from "../../db/schema";
import type { Db } from "../../db/client";
import type { Services } from "../../server/services";
import { TEST_CARD_SUCCESS } from "../../server/payments/test-card";
import { newCustomer, sessionOf } from "./route-context";
import { giveTwoFactor } from "./two-factor";
import { insertRecord, TEST_ADDRESS } from "./shop-fixtures";
import { TEST_TODAY } from "./test-db";

type Shop = { t: { db: Db }; s: Services };

/**
 * A signed-in admin (an owner, who must have a second factor): their id and username (as the audit log names them) and
 * their session's Cookie header, a session past the second factor.
 */
export async function signedInAdmin(shop: Shop) {
  const { user } = await newCustomer(shop.s);
  shop.t.db.update(users).set({ role: "admin" }).where(eq(users.id, user.id)).run();
  giveTwoFactor(shop.t.db, user.id);
  return { id: user.id, username: user.username, cookie: sessionOf(shop.s, user.id).cookie };
}

let orders = 0;

/** The number of a new order for one copy of a new record, paid by test card through the real checkout. */
export async function paidOrderNumber(shop: Shop): Promise<string> {
  const record = insertRecord(shop.t.db, { pricePence: 2000, stockQuantity: 5 });
  return paidOrderOf(shop, [record.id]);
}

/**
 * A paid order for a new pressing and a used copy of it (graded VG+ record, VG sleeve, listed by `admin`): its
 * number and the copy as the back office lists it.
 */
export async function paidUsedCopyOrder(shop: Shop, admin: { id: number; username: string }) {
  const pressing = insertRecord(shop.t.db, { pricePence: 2000, stockQuantity: 5 });
  const copy = shop.s.usedCopies.add(admin, pressing.id, { price: 1400, mediaGrade: "VG+", sleeveGrade: "VG" });
  return { orderNumber: await paidOrderOf(shop, [pressing.id, copy.id]), copy };
}

async function paidOrderOf(shop: Shop, recordIds: number[]): Promise<string> {
  orders += 1;
  const out = await shop.s.checkout.submit(
    {
      idempotencyKey: `admin-route-${process.pid}-${orders}-abcdefghijkl`,
      lines: recordIds.map((recordId) => ({ recordId, quantity: 1 })),
      discountCode: null,
      email: `admin-route-${orders}@example.com`,
      shipping: TEST_ADDRESS,
      userId: null,
      today: TEST_TODAY,
    },
    { card: { number: TEST_CARD_SUCCESS, expiry: "12/30", cvc: "123" }, origin: "http://localhost" },
  );
  return out.order.orderNumber;
}

/**
 * A back-office form's fields with a submission key of their own, as a freshly loaded form posts them: every call is
 * another render (docs/decisions/0067).
 */
export function withSubmissionKey(fields: Record<string, string>): Record<string, string> {
  return { ...fields, [SUBMISSION_KEY_FIELD]: randomUUID() };
}
