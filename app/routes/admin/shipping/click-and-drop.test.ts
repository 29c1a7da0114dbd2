import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { auditLog } from "../../../../db/schema";
import { paidOrderNumber, signedInAdmin } from "../../../../tests/setup/admin-routes";
import { formPost, pageGet, routeArgs, settle, toastOf } from "../../../../tests/setup/route-context";
import { useShopServices } from "../../../../tests/setup/shop-fixtures";
import { loader as exportCsv } from "./click-and-drop-export";
import { action as pasteTracking } from "./tracking-paste";

const shop = useShopServices();
const args = (request: Request) => routeArgs({ db: shop.t.db, services: shop.s }, request);

describe("the Click & Drop export", () => {
  it("downloads the ticked orders as Click & Drop's import file and logs the export", async () => {
    const admin = await signedInAdmin(shop);
    const [a, b] = [await paidOrderNumber(shop), await paidOrderNumber(shop)];
    const response = (await exportCsv(
      args(pageGet(`/admin/shipping-management/click-and-drop.csv?selected=${a}&selected=${b}`, admin.cookie)),
    )) as Response;
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const rows = parse(await response.text(), { bom: true, columns: true }) as Record<string, string>[];
    expect(new Set(rows.map((r) => r["Order reference"]))).toEqual(new Set([a, b]));
    const logged = shop.t.db
      .select()
      .from(auditLog)
      .all()
      .filter((r) => r.entityId === "click-and-drop");
    expect(logged).toHaveLength(1);
    expect(JSON.stringify(logged[0]!.after)).toContain(a);
  });

  it("answers a request without ticked orders with a 400", async () => {
    const admin = await signedInAdmin(shop);
    const out = await settle(() => exportCsv(args(pageGet("/admin/shipping-management/click-and-drop.csv", admin.cookie))));
    expect(out).toMatchObject({ thrown: true, status: 400 });
  });
});

describe("tracking numbers pasted from Click & Drop", () => {
  const paste = (csv: string, cookie: string) =>
    settle(() => pasteTracking(args(formPost("/admin/shipping-management/tracking", { csv }, cookie))));

  it("dispatches every matched order and goes back to the queue", async () => {
    const admin = await signedInAdmin(shop);
    const [a, b] = [await paidOrderNumber(shop), await paidOrderNumber(shop)];
    const out = await paste(`Order reference,Tracking number\n${a},AB123456785GB\n${b},RR473124829GB\n`, admin.cookie);
    expect(out.status).toBe(303);
    expect(await toastOf(out.headers)).toMatchObject({ title: "2 orders dispatched" });
    expect(shop.s.adminOrders.get(a)).toMatchObject({ status: "shipped" });
    expect(shop.s.adminOrders.get(b).fulfilment.trackingNumber).toBe("RR473124829GB");
  });

  it("dispatches what it can and names the rows it could not use", async () => {
    const admin = await signedInAdmin(shop);
    const a = await paidOrderNumber(shop);
    const out = await paste(`Order reference,Tracking number\n${a},AB123456785GB\nND-ZZZZZZZZ,RR473124829GB\n`, admin.cookie);
    expect(out.status).toBe(200);
    expect(out.data).toMatchObject({
      outcome: { done: [a], failed: [] },
      problems: [{ line: 3, reference: "ND-ZZZZZZZZ", message: "No order ND-ZZZZZZZZ in the shop" }],
    });
  });

  it("answers a file with no usable row with a 400, dispatching nothing", async () => {
    const admin = await signedInAdmin(shop);
    const a = await paidOrderNumber(shop);
    const out = await paste(`Order reference,Tracking number\n${a},AB123456784GB\n`, admin.cookie);
    expect(out.status).toBe(400);
    expect(out.data).toMatchObject({ problems: [{ line: 2, message: "AB123456784GB is not a Royal Mail tracking number" }] });
    expect(shop.s.adminOrders.get(a).status).toBe("paid");
  });

  it("refuses an empty paste and one over the row limit with a 400", async () => {
    const admin = await signedInAdmin(shop);
    expect((await paste("  ", admin.cookie)).status).toBe(400);
    const tooMany = ["Order reference,Tracking number", ...Array.from({ length: 501 }, () => "ND-ZZZZZZZZ,AB123456785GB")];
    const out = await paste(tooMany.join("\n"), admin.cookie);
    expect(out.status).toBe(400);
    expect(JSON.stringify(out.data)).toContain("At most 500 rows");
  });
});
