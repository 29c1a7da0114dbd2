import { describe, expect, it } from "vitest";
import { paidOrderNumber, paidUsedCopyOrder, signedInAdmin } from "../../../../tests/setup/admin-routes";
import { formPost, pageGet, routeArgs, settle, toastOf } from "../../../../tests/setup/route-context";
import { useShopServices } from "../../../../tests/setup/shop-fixtures";
import { action, loader } from "./order-detail";

const shop = useShopServices();
const pathOf = (orderNumber: string) => `/admin/order-management/${orderNumber}`;
const args = (request: Request, orderNumber: string) => ({
  ...routeArgs({ db: shop.t.db, services: shop.s }, request),
  params: { orderNumber },
});
const post = (orderNumber: string, fields: Record<string, string>, cookie: string) =>
  settle(() => action(args(formPost(pathOf(orderNumber), fields, cookie), orderNumber)));

describe("an order's page", () => {
  it("asks before cancelling only when the address says so and the order can be cancelled", async () => {
    const admin = await signedInAdmin(shop);
    const orderNumber = await paidOrderNumber(shop);
    const page = (query: string) => settle(() => loader(args(pageGet(pathOf(orderNumber) + query, admin.cookie), orderNumber)));
    expect((await page("?confirm=cancel")).data?.confirmCancel).toBe(true);
    expect((await page("?confirm=refund")).data?.confirmCancel).toBe(false);
    expect((await page("")).data?.confirmCancel).toBe(false);
  });

  it("names a used copy's line by its number and reference, with both grades", async () => {
    const admin = await signedInAdmin(shop);
    const { orderNumber, copy } = await paidUsedCopyOrder(shop, admin);
    const out = await settle(() => loader(args(pageGet(pathOf(orderNumber), admin.cookie), orderNumber)));
    const [pressing, used] = out.data!.order.lines;
    expect(pressing!.copy).toBeNull();
    expect(used!.copy).toEqual({ copy: `Used copy #${copy.id}`, reference: copy.catalogueId, grades: "Media: VG+ · Sleeve: VG" });
  });

  it("is a 404 for a number that is no order's", async () => {
    const admin = await signedInAdmin(shop);
    const out = await settle(() => loader(args(pageGet(pathOf("ND-AAAAAAAA"), admin.cookie), "ND-AAAAAAAA")));
    expect(out).toMatchObject({ thrown: true, status: 404 });
  });
});

describe("an order's moves", () => {
  it("ships with a good tracking number and goes back to the order with a toast", async () => {
    const admin = await signedInAdmin(shop);
    const orderNumber = await paidOrderNumber(shop);
    const out = await post(orderNumber, { intent: "ship", trackingNumber: "rr473124829gb" }, admin.cookie);
    expect(out.status).toBe(303);
    expect(out.location).toBe(pathOf(orderNumber));
    expect(await toastOf(out.headers)).toMatchObject({ title: "Order shipped" });
    expect(shop.s.adminOrders.get(orderNumber).fulfilment.trackingNumber).toBe("RR473124829GB");
  });

  it("answers a bad tracking number on its field, and a refusal of the move on the form", async () => {
    const admin = await signedInAdmin(shop);
    const orderNumber = await paidOrderNumber(shop);
    const bad = await post(orderNumber, { intent: "ship", trackingNumber: "RR473124828GB" }, admin.cookie);
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({ intent: "ship", result: { error: { trackingNumber: [expect.any(String)] } } });
    await post(orderNumber, { intent: "ship", trackingNumber: "RR473124829GB" }, admin.cookie);
    const late = await post(orderNumber, { intent: "pack", service: "tracked_48" }, admin.cookie);
    expect(late.status).toBe(409);
    expect(late.data).toMatchObject({ intent: "pack", result: { error: { "": [expect.any(String)] } } });
  });

  it("says in its toast how much a refund gave back", async () => {
    const admin = await signedInAdmin(shop);
    const orderNumber = await paidOrderNumber(shop);
    const fields = { intent: "refund", mode: "amount", amount: "3.50", expectedRefundedPence: "0" };
    const out = await post(orderNumber, fields, admin.cookie);
    expect(out.status).toBe(303);
    expect(await toastOf(out.headers)).toMatchObject({ title: "Refunded £3.50" });
  });

  it("refuses an unknown move, and anyone but an admin", async () => {
    const admin = await signedInAdmin(shop);
    const orderNumber = await paidOrderNumber(shop);
    expect((await post(orderNumber, { intent: "lose" }, admin.cookie)).status).toBe(400);
    const visitor = await post(orderNumber, { intent: "deliver" }, "");
    expect(visitor).toMatchObject({ thrown: true, status: 302 });
    expect(shop.s.adminOrders.get(orderNumber).status).toBe("paid");
  });
});
