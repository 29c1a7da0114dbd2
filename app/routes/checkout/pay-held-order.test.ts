import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "~/domain/admin/audit";
import { orders, users } from "../../../db/schema";
import { tokenIn } from "../../../tests/setup/mail-catcher";
import { formPost, pageGet, routeArgs, settle } from "../../../tests/setup/route-context";
import { TEST_ADDRESS, insertRecord, SHOP_PUBLIC_ORIGIN, useShopServices } from "../../../tests/setup/shop-fixtures";
import { TEST_CARD_DECLINE, TEST_CARD_DECLINE_LATER, TEST_CARD_SUCCESS } from "../../../server/payments/test-card";
import * as pay from "./pay-held-order";

const shop = useShopServices();
const call = (request: Request, params: Record<string, string>) =>
  ({ ...routeArgs({ db: shop.t.db, services: shop.s }, request), params }) as never;
let admin: Actor;

beforeAll(async () => {
  const user = await shop.s.accounts.register({
    username: "payowner",
    email: "payowner@example.com",
    password: "secret-password",
  });
  shop.t.db.update(users).set({ role: "admin" }).where(eq(users.id, user.id)).run();
  admin = { id: user.id, username: "payowner" };
  shop.s.preOrderCharges.setSetting(admin, "at_dispatch");
});

/** An order whose saved card was declined at dispatch, and the token of its mailed pay link. */
async function heldOrder() {
  const rec = insertRecord(shop.t.db, { stockQuantity: 0, releaseDate: "2027-01-15" });
  const email = `held-${rec.id}@example.com`;
  const placed = await shop.s.checkout.submit(
    {
      idempotencyKey: `held-order-${rec.id}-abcdefghijklmnop`,
      lines: [{ recordId: rec.id, quantity: 1 }],
      discountCode: null,
      email,
      shipping: TEST_ADDRESS,
      userId: null,
      today: "2026-11-22",
    },
    { card: { number: TEST_CARD_DECLINE_LATER, expiry: "12/30", cvc: "123" }, origin: SHOP_PUBLIC_ORIGIN },
  );
  shop.s.adminStock.goodsIn(admin, { lines: [{ recordId: rec.id, quantity: 1 }] });
  await shop.s.preOrderCharges.chargeForDispatch(admin, placed.order.orderNumber);
  await shop.s.mail.idle();
  const orderNumber = placed.order.orderNumber;
  return { orderNumber, token: tokenIn(shop.inbox.last(email, /declined/), `/pay/${orderNumber}`)! };
}

const card = (number: string, token: string) => ({ token, cardNumber: number, cardExpiry: "12/30", cardCvc: "123" });
const statusOf = (orderNumber: string) =>
  shop.t.db.select().from(orders).where(eq(orders.orderNumber, orderNumber)).get()!.status;

describe("the pay-with-another-card page", () => {
  it("opens only with the mailed token; a wrong or missing token shows the link as closed", async () => {
    const { orderNumber, token } = await heldOrder();
    const open = await settle(() => pay.loader(call(pageGet(`/pay/${orderNumber}?token=${token}`), { orderNumber })));
    expect(open.data).toMatchObject({ state: "open", orderNumber });
    for (const path of [`/pay/${orderNumber}?token=${"a".repeat(32)}`, `/pay/${orderNumber}`, `/pay/ND-NOPE?token=${token}`]) {
      const closed = await settle(() => pay.loader(call(pageGet(path), { orderNumber: path.split(/[/?]/)[2]! })));
      expect(closed.status).toBe(200);
      expect(closed.data).toMatchObject({ state: "closed" });
    }
  });

  it("refuses a bad card or a wrong token with a 4xx and keeps the order held; another good card pays it", async () => {
    const { orderNumber, token } = await heldOrder();
    const post = (fields: Record<string, string>) =>
      settle(() => pay.action(call(formPost(`/pay/${orderNumber}`, fields), { orderNumber })));
    expect((await post({ ...card("1234", token) })).status).toBe(400);
    expect((await post(card(TEST_CARD_SUCCESS, "b".repeat(32)))).status).toBe(404);
    const declined = await post(card(TEST_CARD_DECLINE, token));
    expect(declined.status).toBe(400);
    expect(JSON.stringify(declined.data)).toContain("declined");
    expect(statusOf(orderNumber)).toBe("card_saved");

    const paid = await post(card(TEST_CARD_SUCCESS, token));
    expect(paid.status).toBe(303);
    expect(paid.location).toBe(`/pay/${orderNumber}?paid=1`);
    expect(statusOf(orderNumber)).toBe("paid");
    expect((await post(card(TEST_CARD_SUCCESS, token))).status).toBe(404);
  });
});
