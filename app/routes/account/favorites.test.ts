import { describe, expect, it } from "vitest";
import { insertRecord, useShopServices } from "../../../tests/setup/shop-fixtures";
import { cookieValue, formPost, routeArgs, setCookieOf, settle, toastOf } from "../../../tests/setup/route-context";
import { action } from "./favorites";

const shop = useShopServices();
const call = (request: Request) => routeArgs({ db: shop.t.db, services: shop.s }, request);

describe("the favourites' form posts (a visitor's, kept in the browser)", () => {
  it("without JavaScript: a heart is a 303 back to the page with the favourites cookie and the toast", async () => {
    const rec = insertRecord(shop.t.db);
    const out = await settle(() =>
      action(call(formPost("/favorites", { intent: "add", recordId: String(rec.id), redirectTo: "/browse" }))),
    );
    expect(out.status).toBe(303);
    expect(out.location).toBe("/browse");
    expect(cookieValue(setCookieOf(out.headers, "needledrop-favourites"))).toBe(String(rec.id));
    expect(await toastOf(out.headers)).toMatchObject({ type: "success", title: "Added to favourites" });
  });

  it("a form its schema refuses changes nothing: a 303 with the general toast, or 400 data to a script", async () => {
    const plain = await settle(() => action(call(formPost("/favorites", { intent: "add", recordId: "-1", redirectTo: "/" }))));
    expect(plain.status).toBe(303);
    expect(setCookieOf(plain.headers, "needledrop-favourites")).toBeUndefined();
    expect(await toastOf(plain.headers)).toMatchObject({ type: "error", title: "Favourites not updated" });

    const scripted = formPost("/favorites", { intent: "merge", recordId: "1" });
    scripted.headers.set("Sec-Fetch-Mode", "cors");
    const out = await settle(() => action(call(scripted)));
    expect(out.status).toBe(400);
    expect(out.data?.toast).toMatchObject({ title: "Favourites not updated" });
  });
});
