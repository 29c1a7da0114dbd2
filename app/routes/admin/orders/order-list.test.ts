import { parse as parseCsv } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../../../db/schema";
import { ORDER_BULK_LIMIT } from "~/domain/orders/order-bulk";
import { paidOrderNumber, signedInAdmin } from "../../../../tests/setup/admin-routes";
import { formPost, newCustomer, pageGet, routeArgs, sessionOf, settle, toastOf } from "../../../../tests/setup/route-context";
import { useShopServices } from "../../../../tests/setup/shop-fixtures";
import { giveTwoFactor } from "../../../../tests/setup/two-factor";
import { loader as exportLoader } from "./order-export";
import { action, loader } from "./order-list";

const shop = useShopServices();
const PATH = "/admin/order-management";
const args = (request: Request) => routeArgs({ db: shop.t.db, services: shop.s }, request);
/** The list's form as a browser without JavaScript posts it: one `selected` per ticked box. */
const post = (query: string, ticked: string[], cookie: string, more: [string, string][] = []) =>
  settle(() =>
    action(
      args(
        formPost(PATH + query, new URLSearchParams([["intent", "pack"], ...ticked.map((n) => ["selected", n]), ...more]), cookie),
      ),
    ),
  );
const exportOf = (ticked: string[], cookie: string) =>
  settle(() =>
    exportLoader(args(pageGet(`${PATH}/export.csv?${new URLSearchParams(ticked.map((n) => ["selected", n]))}`, cookie))),
  );

/** A member of staff in a built-in role, past the second factor. */
async function staffAs(role: "packer" | "marketer") {
  const { user } = await newCustomer(shop.s);
  shop.t.db.update(users).set({ role: "admin", staffRole: role }).where(eq(users.id, user.id)).run();
  giveTwoFactor(shop.t.db, user.id);
  return sessionOf(shop.s, user.id).cookie;
}

const fakeNumbers = (n: number) =>
  Array.from(
    { length: n },
    (_, i) => `ND-${[...i.toString(26).padStart(8, "0")].map((d) => String.fromCharCode(65 + parseInt(d, 26))).join("")}`,
  );

describe("packing the ticked orders from the list", () => {
  it("packs them by the chosen service and goes back to the same list, saying how many", async () => {
    const packer = await staffAs("packer");
    const [a, b] = [await paidOrderNumber(shop), await paidOrderNumber(shop)];
    const out = await post("?status=paid&page=1", [a, b], packer, [["service", "tracked_24"]]);
    expect(out.status).toBe(303);
    expect(out.location).toBe(`${PATH}?status=paid&page=1`);
    expect(await toastOf(out.headers)).toMatchObject({ type: "success", title: "2 orders packed" });
    expect(shop.s.adminOrders.get(a)).toMatchObject({ status: "packed", fulfilment: { service: "tracked_24" } });
    expect(shop.s.adminOrders.get(b).status).toBe("packed");
  });

  it("packs the ones it can and names each one skipped, and why", async () => {
    const admin = await signedInAdmin(shop);
    const [a, b] = [await paidOrderNumber(shop), await paidOrderNumber(shop)];
    shop.s.adminOrders.ship(admin, b, { trackingNumber: "RR473124829GB" });
    const out = await post("", [a, b], admin.cookie, [["service", "first_class"]]);
    expect(out.status).toBe(303);
    const toast = await toastOf(out.headers);
    expect(toast).toMatchObject({ type: "info", title: "1 order packed; 1 skipped" });
    expect(toast!.description).toContain(b);
    expect(shop.s.adminOrders.get(a).status).toBe("packed");
    expect(shop.s.adminOrders.get(b).status).toBe("shipped");
  });

  it("refuses a role without packing with a 403, whatever it posts", async () => {
    const orderNumber = await paidOrderNumber(shop);
    const out = await post("", [orderNumber], await staffAs("marketer"), [["service", "tracked_24"]]);
    expect(out).toMatchObject({ thrown: true, status: 403 });
    expect(shop.s.adminOrders.get(orderNumber).status).toBe("paid");
  });

  it("refuses more orders than a page holds, and none, with a 400 that says so", async () => {
    const admin = await signedInAdmin(shop);
    const tooMany = await post("", fakeNumbers(ORDER_BULK_LIMIT + 1), admin.cookie, [["service", "tracked_24"]]);
    expect(tooMany.status).toBe(400);
    expect(tooMany.data).toMatchObject({
      intent: "pack",
      result: { error: { selected: [`At most ${ORDER_BULK_LIMIT} orders at once`] } },
    });
    const none = await post("", [], admin.cookie, [["service", "tracked_24"]]);
    expect(none.status).toBe(400);
  });

  it("ticks every order on the page when asked without a script", async () => {
    const admin = await signedInAdmin(shop);
    await paidOrderNumber(shop);
    const page = (query: string) => settle(() => loader(args(pageGet(PATH + query, admin.cookie))));
    expect((await page("?select=page")).data).toMatchObject({ selectAll: true, may: { pack: true, export: true } });
    expect((await page("")).data).toMatchObject({ selectAll: false });
  });
});

describe("exporting the ticked orders", () => {
  it("writes exactly those orders, and logs the export with their numbers", async () => {
    const admin = await signedInAdmin(shop);
    const [a, , c] = [await paidOrderNumber(shop), await paidOrderNumber(shop), await paidOrderNumber(shop)];
    const out = await exportOf([a, c], admin.cookie);
    expect(out.status).toBe(200);
    const response = (await exportLoader(
      args(pageGet(`${PATH}/export.csv?selected=${a}&selected=${c}`, admin.cookie)),
    )) as Response;
    const rows = parseCsv((await response.text()).replace(/^\uFEFF/, "")) as string[][];
    expect(
      rows
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual([a, c].sort());
    const logged = shop.s.audit.forEntity("export", "orders", 1)[0];
    expect(logged?.after).toEqual({ orders: [a, c] });
  });

  it("is refused to a role without the export permission, and beyond the bound", async () => {
    const orderNumber = await paidOrderNumber(shop);
    expect(await exportOf([orderNumber], await staffAs("packer"))).toMatchObject({ thrown: true, status: 403 });
    const admin = await signedInAdmin(shop);
    expect(await exportOf(fakeNumbers(ORDER_BULK_LIMIT + 1), admin.cookie)).toMatchObject({ thrown: true, status: 400 });
  });
});
