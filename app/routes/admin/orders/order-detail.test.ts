import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { records } from "../../../../db/schema";
import { paidOrderNumber, paidUsedCopyOrder, signedInAdmin } from "../../../../tests/setup/admin-routes";
import { formPost, pageGet, routeArgs, settle, toastOf } from "../../../../tests/setup/route-context";
import { useShopServices } from "../../../../tests/setup/shop-fixtures";
import { action, loader } from "./order-detail";

const shop = useShopServices();
const recordStock = (id: number) => shop.t.db.select().from(records).where(eq(records.id, id)).get()!.stockQuantity;
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

  it("reviews a refund first (nothing paid, no stock moved), then refunds on the confirm", async () => {
    const admin = await signedInAdmin(shop);
    const orderNumber = await paidOrderNumber(shop);
    const order = shop.s.adminOrders.get(orderNumber);
    const line = order.lines[0]!;
    const stockBefore = recordStock(line.recordId);
    const fields = {
      "lines[0].lineId": String(line.id),
      "lines[0].quantity": "1",
      reasonChoice: "damaged",
      restock: "on",
      expectedRefundedPence: "0",
    };
    const review = await post(orderNumber, { ...fields, intent: "review" }, admin.cookie);
    expect(review.status).toBe(200);
    expect(review.data).toMatchObject({
      intent: "review",
      review: {
        amountPence: 2000,
        shippingPence: 0,
        reason: "Damaged or faulty",
        lines: [{ lineId: line.id, quantity: 1, amountPence: 2000, restock: true }],
      },
    });
    expect(shop.s.adminOrders.get(orderNumber)).toMatchObject({ status: "paid", refundedPence: 0, refunds: [] });
    expect(recordStock(line.recordId)).toBe(stockBefore);

    const out = await post(orderNumber, { ...fields, intent: "refund" }, admin.cookie);
    expect(out.status).toBe(303);
    expect(await toastOf(out.headers)).toMatchObject({ title: "Refunded £20.00" });
    expect(shop.s.adminOrders.get(orderNumber).refunds[0]).toMatchObject({ amountPence: 2000, reason: "Damaged or faulty" });
    expect(recordStock(line.recordId)).toBe(stockBefore + 1);
    // The same confirm again (a double press) pays nothing twice.
    expect((await post(orderNumber, { ...fields, intent: "refund" }, admin.cookie)).status).toBe(409);
  });

  it("asks for a reason before reviewing or refunding, on its field", async () => {
    const admin = await signedInAdmin(shop);
    const orderNumber = await paidOrderNumber(shop);
    const line = shop.s.adminOrders.get(orderNumber).lines[0]!;
    for (const intent of ["review", "refund"]) {
      const fields = { intent, "lines[0].lineId": String(line.id), "lines[0].quantity": "1", expectedRefundedPence: "0" };
      const out = await post(orderNumber, fields, admin.cookie);
      expect(out.status).toBe(400);
      expect(out.data).toMatchObject({ intent, result: { error: { reasonChoice: [expect.any(String)] } } });
      const other = await post(orderNumber, { ...fields, reasonChoice: "other", reasonOther: " " }, admin.cookie);
      expect(other.status).toBe(400);
      expect(other.data).toMatchObject({ intent, result: { error: { reasonOther: [expect.any(String)] } } });
    }
    expect(shop.s.adminOrders.get(orderNumber).refundedPence).toBe(0);
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

describe("an order's notes and timeline", () => {
  it("adds a note from a plain form post, back to the order with a toast; the timeline shows it first", async () => {
    const admin = await signedInAdmin(shop);
    const orderNumber = await paidOrderNumber(shop);
    const out = await post(orderNumber, { intent: "note", note: "  Customer asked for a gift receipt.  " }, admin.cookie);
    expect(out.status).toBe(303);
    expect(out.location).toBe(pathOf(orderNumber));
    expect(await toastOf(out.headers)).toMatchObject({ title: "Note added" });
    const page = await settle(() => loader(args(pageGet(pathOf(orderNumber), admin.cookie), orderNumber)));
    const timeline = page.data!.timeline;
    expect(timeline[0]).toMatchObject({ kind: "note", detail: "Customer asked for a gift receipt.", by: admin.username });
    expect(timeline.map((e) => e.title)).toEqual(expect.arrayContaining(["Paid", "Placed"]));
  });

  it("refuses an empty note and one over 2,000 characters on the field", async () => {
    const admin = await signedInAdmin(shop);
    const orderNumber = await paidOrderNumber(shop);
    const long = await post(orderNumber, { intent: "note", note: "x".repeat(2001) }, admin.cookie);
    expect(long.status).toBe(400);
    expect(long.data).toMatchObject({ intent: "note", result: { error: { note: ["Keep the note under 2,000 characters"] } } });
    expect((await post(orderNumber, { intent: "note", note: "   " }, admin.cookie)).status).toBe(400);
  });
});
