import { describe, expect, it } from "vitest";
import { signedInAdmin, withSubmissionKey } from "../../../../tests/setup/admin-routes";
import { formPost, routeArgs, settle, toastOf } from "../../../../tests/setup/route-context";
import { insertRecord, useShopServices } from "../../../../tests/setup/shop-fixtures";
import { action as goodsIn } from "./goods-in";
import { action as stockList } from "./stock-list";
import { action as stockRecord } from "./stock-record";

const shop = useShopServices();
const args = (path: string, fields: Record<string, string>, cookie: string, params = { recordId: "" }) => ({
  ...routeArgs({ db: shop.t.db, services: shop.s }, formPost(path, withSubmissionKey(fields), cookie)),
  params,
});
type Refusal = { intent: string; result: { error?: Record<string, string[]>; initialValue?: Record<string, unknown> } };

describe("the stock pages' forms", () => {
  it("a row's quick adjustment goes back to the list as it was filtered; a refusal names its row's record", async () => {
    const admin = await signedInAdmin(shop);
    const record = insertRecord(shop.t.db, { stockQuantity: 2 });
    const back = "/admin/stock-management?filter=low&page=2";
    const fields = { intent: "adjust", recordId: String(record.id), back, reason: "delivery" };
    const done = await settle(() => stockList(args("/admin/stock-management", { ...fields, change: "3" }, admin.cookie)));
    expect(done.location).toBe(back);
    expect(await toastOf(done.headers)).toMatchObject({ description: "Now 5 in stock (+3)." });
    const zero = await settle(() => stockList(args("/admin/stock-management", { ...fields, change: "0" }, admin.cookie)));
    expect(zero.status).toBe(400);
    const refusal = zero.data as Refusal;
    expect(refusal.result.error).toEqual({ change: ["The change must not be 0."] });
    expect(refusal.result.initialValue?.recordId).toBe(String(record.id));
  });

  it("a record's count and threshold, and the service's refusal on the form", async () => {
    const admin = await signedInAdmin(shop);
    const record = insertRecord(shop.t.db, { stockQuantity: 2 });
    const path = `/admin/stock-management/${record.id}`;
    const post = (fields: Record<string, string>) =>
      settle(() => stockRecord(args(path, fields, admin.cookie, { recordId: String(record.id) })));
    expect(await toastOf((await post({ intent: "count", counted: "7" })).headers)).toMatchObject({
      description: "Now 7 in stock (+5).",
    });
    expect(await toastOf((await post({ intent: "threshold", threshold: "" })).headers)).toMatchObject({
      description: "Uses the shop default (3).",
    });
    const tooMany = await post({ intent: "adjust", reason: "damaged", change: "-9" });
    expect(tooMany.status).toBe(409);
    expect((tooMany.data as Refusal).result.error?.[""]?.[0]).toContain("cannot take away 9");
  });

  it("goods in names every bad line on the lines field, the form's and the service's alike", async () => {
    const admin = await signedInAdmin(shop);
    const post = (lines: string) =>
      settle(() => goodsIn(args("/admin/stock-management/goods-in", { intent: "goods-in", lines }, admin.cookie)));
    const badForm = await post("no comma");
    expect((badForm.data as Refusal).result.error?.lines).toEqual(['Line 1: write "catalogue number, quantity".']);
    const unknown = await post("NOPE-404, 1");
    expect(unknown.status).toBe(400);
    expect((unknown.data as Refusal).result.error?.lines).toEqual(['Line 1: no record has catalogue number "NOPE-404".']);
  });
});
