import { describe, expect, it } from "vitest";
import { insertRecord, useShopServices } from "../../../tests/setup/shop-fixtures";
import { cookieValue, formPost, routeArgs, setCookieOf, settle, toastOf } from "../../../tests/setup/route-context";
import { action } from "./cart";

const shop = useShopServices();
const call = (request: Request) => routeArgs({ db: shop.t.db, services: shop.s }, request);

/** A cart form as a script sends it: no redirectTo, not a navigation, the answer read as data. */
function fetcherPost(fields: Record<string, string>, cookie?: string) {
  const request = formPost("/cart", fields, cookie);
  request.headers.set("Sec-Fetch-Mode", "cors");
  return request;
}

describe("the cart's form posts", () => {
  it("without JavaScript: a change is a 303 back to the page with the new cart cookie and the toast", async () => {
    const rec = insertRecord(shop.t.db, { stockQuantity: 3 });
    const out = await settle(() =>
      action(call(formPost("/cart", { intent: "add", recordId: String(rec.id), redirectTo: "/browse" }))),
    );
    expect(out.status).toBe(303);
    expect(out.location).toBe("/browse");
    expect(cookieValue(setCookieOf(out.headers, "needledrop-cart"))).toBe(`${rec.id}x1`);
    expect(await toastOf(out.headers)).toMatchObject({ type: "success", title: "Added to cart" });
  });

  it("without JavaScript: a form its schema refuses is a 303 back with a toast saying why, the cart unchanged", async () => {
    const rec = insertRecord(shop.t.db);
    const out = await settle(() =>
      action(call(formPost("/cart", { intent: "set", recordId: String(rec.id), quantity: "two", redirectTo: "/cart" }))),
    );
    expect(out.status).toBe(303);
    expect(out.location).toBe("/cart");
    expect(setCookieOf(out.headers, "needledrop-cart")).toBeUndefined();
    expect(await toastOf(out.headers)).toEqual({
      type: "error",
      title: "Cart not updated",
      description: "Enter the quantity as a whole number.",
    });
  });

  it("with JavaScript: the toast as data, 400 for a refused form, 200 for a change", async () => {
    const rec = insertRecord(shop.t.db, { stockQuantity: 3 });
    const refused = await settle(() => action(call(fetcherPost({ intent: "steal", recordId: String(rec.id) }))));
    expect(refused.status).toBe(400);
    expect(refused.data).toEqual({
      toast: { type: "error", title: "Cart not updated", description: "Sorry, we couldn't update your cart. Please try again." },
    });
    const added = await settle(() => action(call(fetcherPost({ intent: "add", recordId: String(rec.id) }))));
    expect(added.status).toBe(200);
    expect(added.data?.toast).toMatchObject({ title: "Added to cart" });
    expect(cookieValue(setCookieOf(added.headers, "needledrop-cart"))).toBe(`${rec.id}x1`);
  });
});
