import { describe, expect, it } from "vitest";
import { paidOrderNumber, signedInAdmin } from "../../../../tests/setup/admin-routes";
import { formPost, routeArgs, settle, toastOf } from "../../../../tests/setup/route-context";
import { useShopServices } from "../../../../tests/setup/shop-fixtures";
import { action } from "./shipping-queue";

const shop = useShopServices();
const PATH = "/admin/shipping-management";
const post = (fields: [string, string][], cookie: string) =>
  action(routeArgs({ db: shop.t.db, services: shop.s }, formPost(PATH, new URLSearchParams(fields), cookie)));

describe("the packing queue's action", () => {
  it("packs the ticked orders, each by its own service, and goes back to the queue with a toast", async () => {
    const admin = await signedInAdmin(shop);
    const [a, b] = [await paidOrderNumber(shop), await paidOrderNumber(shop)];
    const fields: [string, string][] = [
      ["intent", "pack"],
      ["selected", a],
      ["selected", b],
      [`service:${a}`, "tracked_24"],
      [`service:${b}`, "first_class"],
    ];
    const out = await settle(() => post(fields, admin.cookie));
    expect(out.status).toBe(303);
    expect(out.location).toBe(PATH);
    expect(await toastOf(out.headers)).toMatchObject({ title: "2 orders packed" });
    expect(shop.s.adminOrders.get(a).fulfilment.service).toBe("tracked_24");
    expect(shop.s.adminOrders.get(b).fulfilment.service).toBe("first_class");
  });

  it("refuses a batch with a bad tracking number beside that order's field, moving none", async () => {
    const admin = await signedInAdmin(shop);
    const [a, b] = [await paidOrderNumber(shop), await paidOrderNumber(shop)];
    const fields: [string, string][] = [
      ["intent", "ship"],
      ["selected", a],
      ["selected", b],
      [`trackingNumber:${a}`, "RR473124829GB"],
      [`trackingNumber:${b}`, "AB123456789GB"],
    ];
    const out = await settle(() => post(fields, admin.cookie));
    expect(out.status).toBe(400);
    expect(out.data).toMatchObject({ intent: "ship" });
    const errors = (out.data as { result: { error: Record<string, string[]> } }).result.error;
    expect(Object.keys(errors)).toEqual([`trackingNumber:${b}`]);
    expect(errors[`trackingNumber:${b}`]![0]).toContain("Not a Royal Mail tracking number");
    expect(shop.s.adminOrders.get(a).status).toBe("paid");
  });

  it("asks for a tick when none was given", async () => {
    const admin = await signedInAdmin(shop);
    const out = await settle(() => post([["intent", "pack"]], admin.cookie));
    expect(out.status).toBe(400);
    expect(out.data).toMatchObject({ intent: "pack", result: { error: { selected: ["Tick at least one order"] } } });
  });

  it("moves the orders it can and says which it could not, and why", async () => {
    const admin = await signedInAdmin(shop);
    const [a, b] = [await paidOrderNumber(shop), await paidOrderNumber(shop)];
    shop.s.adminOrders.ship(admin, b, { trackingNumber: "AB123456785GB" }); // a colleague got there first
    const fields: [string, string][] = [
      ["intent", "ship"],
      ["selected", a],
      ["selected", b],
      [`trackingNumber:${a}`, "RR473124829GB"],
      [`trackingNumber:${b}`, "RR473124829GB"],
    ];
    const out = await settle(() => post(fields, admin.cookie));
    expect(out.status).toBe(409);
    expect(out.data).toMatchObject({
      intent: "ship",
      outcome: { done: [a], failed: [{ orderNumber: b, message: expect.stringContaining("already shipped") }] },
    });
  });
});
