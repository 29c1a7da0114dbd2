/**
 * Pressing a back-office form twice: the second post of one form render (the same submission key) changes nothing
 * and is answered like the first, with a toast that says so.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { OUT_OF_DATE_FORM } from "~/domain/admin/form-submission";
import { discountCodes, emailCampaigns, staffInvites, stockMovements } from "../../../db/schema";
import { signedInAdmin } from "../../../tests/setup/admin-routes";
import { formPost, routeArgs, settle, toastOf } from "../../../tests/setup/route-context";
import { insertRecord, useShopServices } from "../../../tests/setup/shop-fixtures";
import { action as recordEdit } from "./catalogue/record-edit";
import { action as newCampaign } from "./email-marketing/campaign-new";
import { action as curatedLists } from "./marketing/curated-lists";
import { action as marketingTools } from "./marketing/marketing-tools";
import { action as staffPage } from "./staff/staff";
import { action as goodsIn } from "./stock/goods-in";
import { action as stockList } from "./stock/stock-list";
import { action as stockRecord } from "./stock/stock-record";

const shop = useShopServices();
type Params = { recordId: string };
type Action = (args: Omit<ReturnType<typeof routeArgs>, "params"> & { params: Params }) => unknown;
const post = (act: Action, path: string, fields: Record<string, string>, cookie: string, params: Params) =>
  settle(() => act({ ...routeArgs({ db: shop.t.db, services: shop.s }, formPost(path, fields, cookie)), params }));

const ledgerOf = (recordId: number) => shop.t.db.select().from(stockMovements).where(eq(stockMovements.recordId, recordId)).all();
const stockOf = (recordId: number) => shop.s.adminStock.record(recordId).stock;

/** Posts one form render twice; both answers, for the caller to check what changed. */
async function twice(act: Action, path: string, fields: Record<string, string>, params: Params = { recordId: "" }) {
  const admin = await signedInAdmin(shop);
  const sent = { ...fields, submissionKey: randomUUID() };
  const first = await post(act, path, sent, admin.cookie, params);
  const second = await post(act, path, sent, admin.cookie, params);
  return { first, second, admin };
}

describe("a back-office form pressed twice", () => {
  it("goods in: one delivery, one movement, and the second press is told it was received", async () => {
    const record = insertRecord(shop.t.db, { stockQuantity: 1, catalogNumber: "TWICE 1" });
    const path = "/admin/stock-management/goods-in";
    const { first, second } = await twice(goodsIn, path, { intent: "goods-in", lines: "TWICE 1, 4", note: "DN 77" });
    expect(ledgerOf(record.id).map((m) => m.change)).toEqual([4]);
    expect(stockOf(record.id)).toBe(5);
    expect(first.status).toBe(303);
    expect(await toastOf(first.headers)).toMatchObject({ title: "Delivery received" });
    expect(second.status).toBe(303);
    expect(second.location).toBe(path);
    expect(await toastOf(second.headers)).toMatchObject({ type: "info", title: "Already done" });
  });

  it("a quick adjustment from the stock list moves stock once", async () => {
    const record = insertRecord(shop.t.db, { stockQuantity: 2 });
    const back = "/admin/stock-management?filter=low";
    const fields = { intent: "adjust", recordId: String(record.id), back, reason: "delivery", change: "3" };
    const { second } = await twice(stockList, "/admin/stock-management", fields);
    expect(second.location).toBe(back);
    expect(ledgerOf(record.id).map((m) => m.change)).toEqual([3]);
    expect(stockOf(record.id)).toBe(5);
  });

  it("an adjustment on the record's stock page moves stock once", async () => {
    const record = insertRecord(shop.t.db, { stockQuantity: 6 });
    const path = `/admin/stock-management/${record.id}`;
    const fields = { intent: "adjust", reason: "damaged", change: "-2" };
    const { second } = await twice(stockRecord, path, fields, { recordId: String(record.id) });
    expect(second.status).toBe(303);
    expect(ledgerOf(record.id).map((m) => m.change)).toEqual([-2]);
    expect(stockOf(record.id)).toBe(4);
  });

  it("adding a used copy lists one copy", async () => {
    const pressing = insertRecord(shop.t.db, { stockQuantity: 1 });
    const path = `/admin/catalog-update/${pressing.id}`;
    const fields = { intent: "add-used-copy", price: "14.00", mediaGrade: "VG+", sleeveGrade: "VG" };
    const { second } = await twice(recordEdit, path, fields, { recordId: String(pressing.id) });
    expect(shop.s.usedCopies.allOf(pressing.id)).toHaveLength(1);
    expect(second.status).toBe(303);
    expect(await toastOf(second.headers)).toMatchObject({ type: "info", title: "Already done" });
  });

  it("creating a discount code makes one code and is not refused as taken", async () => {
    const fields = { intent: "create", code: "TWICE-10", name: "Twice", kind: "fixed", amount: "10", minSpend: "" };
    const { second } = await twice(marketingTools, "/marketing-tools", fields);
    expect(second.status).toBe(303);
    expect(await toastOf(second.headers)).toMatchObject({ type: "info", title: "Already done" });
    expect(shop.t.db.select().from(discountCodes).where(eq(discountCodes.code, "TWICE-10")).all()).toHaveLength(1);
  });

  it("a new campaign saves one draft", async () => {
    const subject = `Twice ${randomUUID()}`;
    const fields = { intent: "save", subject, body: "New in.", featured: "", segment: "all", genre: "" };
    const { first, second } = await twice(newCampaign, "/admin/email-marketing/campaigns/new", fields);
    expect(shop.t.db.select().from(emailCampaigns).where(eq(emailCampaigns.subject, subject)).all()).toHaveLength(1);
    expect(second.location).toBe(first.location);
  });

  it("a curated pick is added once and the second press is not refused as already on the list", async () => {
    const record = insertRecord(shop.t.db, { stockQuantity: 1 });
    const fields = { intent: "add", list: "staff-picks", record: String(record.id), note: "" };
    const { second } = await twice(curatedLists, "/marketing-tools/lists", fields);
    expect(second.status).toBe(303);
    expect(shop.s.curation.adminList("staff-picks").filter((p) => p.record.id === record.id)).toHaveLength(1);
  });

  it("a staff invitation is sent once", async () => {
    const email = `twice-${randomUUID().slice(0, 8)}@example.com`;
    const { second } = await twice(staffPage, "/admin/staff", { intent: "invite", email, staffRole: "packer" });
    expect(second.status).toBe(303);
    // A second invitation to one address would replace the first: one row means one was sent.
    expect(shop.t.db.select().from(staffInvites).where(eq(staffInvites.email, email)).all()).toHaveLength(1);
  });

  it("a new staff role is made once and the second press is not refused as a name taken", async () => {
    const name = `Buyer ${randomUUID().slice(0, 6)}`;
    const { second } = await twice(staffPage, "/admin/staff", { intent: "create-role", name, permissions: "catalogue.edit" });
    expect(second.status).toBe(303);
    expect(shop.s.staff.roles().filter((r) => r.name === name)).toHaveLength(1);
  });

  it("a form without a key of this shop's is refused and changes nothing", async () => {
    const admin = await signedInAdmin(shop);
    const record = insertRecord(shop.t.db, { stockQuantity: 1, catalogNumber: "NOKEY 1" });
    const fields = { intent: "goods-in", lines: "NOKEY 1, 2" };
    const out = await post(goodsIn, "/admin/stock-management/goods-in", fields, admin.cookie, { recordId: "" });
    expect(out.status).toBe(400);
    expect(out.data).toMatchObject({ result: { error: { "": [OUT_OF_DATE_FORM] } } });
    expect(ledgerOf(record.id)).toEqual([]);
  });
});
