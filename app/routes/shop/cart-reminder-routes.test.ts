// The pages of cart reminders: checkout remembers a typed address with the cart (paid or not), the cart form
// keeps the copy current, the mailed link restores the cart in another browser, and the stop page opts out.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { reminderCarts } from "../../../db/schema";
import { insertRecord, TEST_ADDRESS, useShopServices } from "../../../tests/setup/shop-fixtures";
import { tokenIn } from "../../../tests/setup/mail-catcher";
import { cookieValue, formPost, pageGet, routeArgs, settle, setCookieOf, toastOf } from "../../../tests/setup/route-context";
import { action as checkoutAction } from "../checkout/checkout";
import { action as cartAction } from "./cart";
import { loader as restoreLoader } from "./cart-restore";
import { action as stopAction, loader as stopLoader } from "./cart-reminders-stop";

const shop = useShopServices();
const call = (request: Request) => routeArgs({ db: shop.t.db, services: shop.s }, request);
const rowsFor = (email: string) => shop.t.db.select().from(reminderCarts).where(eq(reminderCarts.email, email)).all();
let n = 0;

/** The checkout form's Apply button, pressed with an address typed: nothing is placed or paid. */
const applyPost = (email: string, cookie: string) =>
  formPost(
    "/checkout",
    {
      intent: "apply",
      email,
      ...TEST_ADDRESS,
      addressLine2: "",
      discountCode: "",
      pricedCode: "",
      idempotencyKey: `reminder-route-${++n}-abcdefgh`,
    },
    cookie,
  );

describe("cart reminder pages", () => {
  it("a posted checkout form with a valid address remembers the cart and gives the browser a key; an invalid one does not", async () => {
    const rec = insertRecord(shop.t.db);
    const invalid = await settle(() => checkoutAction(call(applyPost("not-an-address", `needledrop-cart=${rec.id}x1`))));
    expect(setCookieOf(invalid.headers, "needledrop-cart-key")).toBeUndefined();

    const email = `route-${Date.now()}@example.com`;
    const out = await settle(() => checkoutAction(call(applyPost(email, `needledrop-cart=${rec.id}x2`))));
    const key = cookieValue(setCookieOf(out.headers, "needledrop-cart-key"));
    expect(key).toMatch(/^[a-z2-7]{32}$/);
    expect(rowsFor(email)).toMatchObject([{ contents: `${rec.id}x2`, closedAt: null }]);

    // The cart form keeps the remembered copy current; emptying the cart closes it.
    const cookie = `needledrop-cart=${rec.id}x2; needledrop-cart-key=${key}`;
    await settle(() => cartAction(call(formPost("/cart", { intent: "add", recordId: String(rec.id) }, cookie))));
    expect(rowsFor(email)[0]!.contents).toBe(`${rec.id}x3`);
    await settle(() => cartAction(call(formPost("/cart", { intent: "clear" }, cookie))));
    expect(rowsFor(email)[0]!.closedAt).not.toBeNull();
  });

  it("the mailed link restores the cart in a browser without cookies; the stop page opts the address out", async () => {
    const rec = insertRecord(shop.t.db);
    const email = `restore-${Date.now()}@example.com`;
    await settle(() => checkoutAction(call(applyPost(email, `needledrop-cart=${rec.id}x2`))));
    shop.t.db
      .update(reminderCarts)
      .set({ changedAt: new Date(Date.now() - 25 * 3_600_000).toISOString() })
      .where(eq(reminderCarts.email, email))
      .run();
    await shop.s.cartReminders.sweep();
    const mail = shop.inbox.last(email, /still in your cart/);
    const token = tokenIn(mail, "/cart/restore");
    expect(token).toBeDefined();

    const restored = await settle(() => restoreLoader(call(pageGet(`/cart/restore?token=${token}`))));
    expect(restored.status).toBe(302);
    expect(cookieValue(setCookieOf(restored.headers, "needledrop-cart"))).toBe(`${rec.id}x2`);
    expect(await toastOf(restored.headers)).toMatchObject({ title: "Your cart is back" });

    const bad = await settle(() => restoreLoader(call(pageGet(`/cart/restore?token=${"a".repeat(32)}`))));
    expect(setCookieOf(bad.headers, "needledrop-cart")).toBeUndefined();
    expect(await toastOf(bad.headers)).toMatchObject({ type: "error" });

    const page = await settle(() => stopLoader(call(pageGet(`/cart-reminders/stop?token=${token}`))));
    expect(page.data).toEqual({ token, email });
    expect(shop.s.cartReminders.isOptedOut(email)).toBe(false);
    const stopped = await settle(() => stopAction(call(formPost("/cart-reminders/stop", { token: token! }))));
    expect(stopped.data).toMatchObject({ done: true, email });
    expect(shop.s.cartReminders.isOptedOut(email)).toBe(true);
    const refused = await settle(() => stopAction(call(formPost("/cart-reminders/stop", { token: "nonsense" }))));
    expect(refused.status).toBe(400);
  });
});
