import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { returns } from "../../../db/schema";
import { useShopServices } from "../../../tests/setup/shop-fixtures";
import { cookies, formPost, pageGet, routeArgs, sessionOf, settle } from "../../../tests/setup/route-context";
import { deliveredOrder, insertCustomer } from "../../../tests/setup/return-fixtures";
import { addDays, todayInLondon } from "~/domain/shared/dates";
import { createServices } from "../../../server/services";
import { LOOKUP_MISS } from "../../../server/services/returns";
import * as lookup from "./returns-lookup";
import * as start from "./return-start";
import * as requestForm from "./return-request";
import * as page from "./return-page";

const shop = useShopServices();
const call = (request: Request, params: Record<string, string> = {}) =>
  ({ ...routeArgs({ db: shop.t.db, services: shop.s }, request), params }) as never;

// Delivered yesterday: well inside the window whatever today is.
const recent = () => ({
  shippedAt: `${addDays(todayInLondon(), -3)}T12:00:00.000Z`,
  deliveredAt: `${addDays(todayInLondon(), -1)}T12:00:00.000Z`,
});
/** The name=value part of each Set-Cookie, for the next request's Cookie header. */
const cookieFrom = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

/** The return form as a browser without JavaScript posts it: multipart, every line, an empty photo input. */
function returnForm(order: { orderNumber: string; newLine: number; usedLine: number }, fields: Record<string, string>) {
  const form = new FormData();
  form.set("orderNumber", order.orderNumber);
  form.set("lines[0].lineId", String(order.newLine));
  form.set("lines[0].quantity", fields.newQuantity ?? "0");
  if (fields.sealed) form.set("lines[0].sealed", "on");
  form.set("lines[1].lineId", String(order.usedLine));
  form.set("lines[1].quantity", fields.usedQuantity ?? "0");
  form.set("reason", fields.reason ?? "faulty");
  form.set("note", fields.note ?? "");
  form.set("refundMethod", "original_payment");
  form.set("photos", new File([], "", { type: "application/octet-stream" }));
  return form;
}

describe("a guest's return without JavaScript", () => {
  it("finds the order by number and e-mail, fills in the form and sees the return", async () => {
    const order = await deliveredOrder(shop, recent());
    const found = await settle(() =>
      lookup.action(call(formPost("/returns", { orderNumber: order.orderNumber.toLowerCase(), email: order.email }))),
    );
    expect(found.status).toBe(303);
    expect(found.location).toBe(`/returns/new?order=${order.orderNumber}`);
    const grant = cookieFrom(found.headers);
    expect(grant).toMatch(/^needledrop-returns=o:/);

    const form = await settle(() => requestForm.loader(call(pageGet(`/returns/new?order=${order.orderNumber}`, grant))));
    expect(form.status).toBe(200);
    expect((form.data as { form: { lines: unknown[]; problem: string | null } }).form).toMatchObject({ problem: null });

    const sent = await settle(() =>
      requestForm.action(
        call(formPost("/returns/new", returnForm(order, { newQuantity: "1", reason: "damaged", note: "Cracked" }), grant)),
      ),
    );
    expect(sent.status).toBe(303);
    expect(sent.location).toMatch(/^\/returns\/RT-[A-Z2-7]{8}$/);
    const returnNumber = sent.location!.split("/").pop()!;
    expect(shop.t.db.select().from(returns).where(eq(returns.returnNumber, returnNumber)).get()).toMatchObject({
      reason: "damaged",
      note: "Cracked",
    });

    const seen = await settle(() => page.loader(call(pageGet(sent.location!, cookieFrom(sent.headers)), { returnNumber })));
    expect(seen.status).toBe(200);
    // Another browser sees nothing.
    const stranger = await settle(() => page.loader(call(pageGet(sent.location!), { returnNumber })));
    expect(stranger.status).toBe(404);
  });

  it("a wrong pair gets the same vague answer as an order that does not exist, and opens nothing", async () => {
    const order = await deliveredOrder(shop, recent());
    for (const fields of [
      { orderNumber: order.orderNumber, email: "not-the-buyer@example.com" },
      { orderNumber: "ND-NOSUCH00", email: order.email },
    ]) {
      const out = await settle(() => lookup.action(call(formPost("/returns", fields))));
      expect(out.status).toBe(404);
      expect(JSON.stringify(out.data)).toContain(LOOKUP_MISS);
      expect(out.headers.getSetCookie()).toEqual([]);
    }
    const form = await settle(() => requestForm.loader(call(pageGet(`/returns/new?order=${order.orderNumber}`))));
    expect(form.status).toBe(404);
  });

  it("a refused request says why with a 4xx, never a 500", async () => {
    const order = await deliveredOrder(shop, recent());
    const found = await settle(() =>
      lookup.action(call(formPost("/returns", { orderNumber: order.orderNumber, email: order.email }))),
    );
    const grant = cookieFrom(found.headers);
    const unsealed = await settle(() =>
      requestForm.action(call(formPost("/returns/new", returnForm(order, { newQuantity: "1", reason: "changed_mind" }), grant))),
    );
    expect(unsealed.status).toBe(400);
    expect(JSON.stringify(unsealed.data)).toContain("only while it is still sealed");
    const nothing = await settle(() => requestForm.action(call(formPost("/returns/new", returnForm(order, {}), grant))));
    expect(nothing.status).toBe(400);
    expect(JSON.stringify(nothing.data)).toContain("Choose at least one record to return");
    const garbled = await settle(() =>
      requestForm.action(
        call(
          new Request("http://shop.test/returns/new", {
            method: "POST",
            headers: { "Content-Type": "multipart/form-data; boundary=x", Origin: "http://shop.test", Cookie: grant },
            body: "--y\r\nnonsense",
          }),
        ),
      ),
    );
    expect(garbled.status).toBe(400);
  });
});

describe("guessing order numbers and e-mails", () => {
  it("is limited per address: past the limit a 429, right pair or not", async () => {
    const services = createServices(shop.t.db, {
      mediaDir: path.join(path.dirname(shop.t.file), "media"),
      mailTransport: shop.inbox,
      rateLimits: { returnLookupsPerAddress: { limit: 2 } },
    });
    const order = await deliveredOrder(shop, recent());
    const guess = (email: string) =>
      settle(() =>
        lookup.action(
          routeArgs({ db: shop.t.db, services }, formPost("/returns", { orderNumber: order.orderNumber, email }), {
            clientIp: "203.0.113.9",
          }) as never,
        ),
      );
    expect((await guess("a@example.com")).status).toBe(404);
    expect((await guess("b@example.com")).status).toBe(404);
    const limited = await guess(order.email);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toBeTruthy();
  });
});

describe("the dispatch mail's link", () => {
  it("opens the return form once, by its button (a POST), and is then used up", async () => {
    const order = await deliveredOrder(shop, recent());
    await shop.s.mail.idle();
    const token = /\/returns\/start\?token=([a-z2-7]{32})/.exec(shop.inbox.last(order.email, /on its way/)!.text)![1]!;
    const shown = await settle(() => start.loader(call(pageGet(`/returns/start?token=${token}`))));
    expect(shown.data).toEqual({ token });
    const used = await settle(() => start.action(call(formPost("/returns/start", { token }))));
    expect(used.status).toBe(303);
    expect(used.location).toBe(`/returns/new?order=${order.orderNumber}`);
    const again = await settle(() => start.action(call(formPost("/returns/start", { token }))));
    expect(again.status).toBe(410);
  });
});

describe("a customer's return from /profile", () => {
  it("their own order opens; another customer's is a 404", async () => {
    const owner = insertCustomer(shop.t);
    const other = insertCustomer(shop.t);
    const order = await deliveredOrder(shop, { userId: owner.id, ...recent() });
    const mine = sessionOf(shop.s, owner.id).cookie;
    const theirs = sessionOf(shop.s, other.id).cookie;
    expect((await settle(() => requestForm.loader(call(pageGet(`/returns/new?order=${order.orderNumber}`, mine))))).status).toBe(
      200,
    );
    expect(
      (await settle(() => requestForm.loader(call(pageGet(`/returns/new?order=${order.orderNumber}`, theirs))))).status,
    ).toBe(404);
    const posted = await settle(() =>
      requestForm.action(
        call(formPost("/returns/new", returnForm(order, { usedQuantity: "1", reason: "not_as_described" }), cookies(theirs))),
      ),
    );
    expect(posted.status).toBe(404);
    expect(shop.t.db.select().from(returns).where(eq(returns.orderId, order.orderId)).all()).toHaveLength(0);
  });
});
