import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "../../app/domain/admin/audit";
import { fieldsToText, recordFieldsSchema } from "../../app/domain/catalogue/record-fields";
import { parseBrowseQuery } from "../../app/domain/browse/browse-query-parse";
import { GRADES, gradeAtLeast, USED_COPY_STAYS_USED, USED_COPY_STOCK_CAP } from "../../app/domain/catalogue/grades";
import { usedCopySchema } from "../../app/domain/catalogue/used-copy-schema";
import { ConflictError, ValidationError } from "../../app/domain/shared/errors";
import { parseInput } from "../../app/domain/shared/parse-input";
import { todayInLondon } from "../../app/domain/shared/dates";
import { wantSchema } from "../../app/domain/wants/want-schema";
import { auditLog, records, stockMovements, users, wantAlerts, wants } from "../../db/schema";
import { insertRecord, TEST_ADDRESS, useShopServices } from "../../tests/setup/shop-fixtures";
import { NOT_A_PRESSING } from "./used-copies";

const shop = useShopServices();
let admin: Actor;

beforeAll(async () => {
  const user = await shop.s.accounts.register({ username: "grader", email: "grader@example.com", password: "secret-password" });
  shop.t.db.update(users).set({ role: "admin" }).where(eq(users.id, user.id)).run();
  admin = { id: user.id, username: "grader" };
});

const addCopy = (pressingId: number, input: Record<string, unknown>) =>
  shop.s.usedCopies.add(admin, pressingId, parseInput(usedCopySchema, input, { message: "first" }));
const pressing = () => insertRecord(shop.t.db, { catalogNumber: "BLP 1577", label: "Blue Note", stockQuantity: 3 });
const row = (id: number) => shop.t.db.select().from(records).where(eq(records.id, id)).get()!;
const ledger = (id: number) =>
  shop.t.db
    .select()
    .from(stockMovements)
    .where(eq(stockMovements.recordId, id))
    .all()
    .reduce((n, m) => n + m.change, 0);

async function settle() {
  await new Promise((resolve) => setImmediate(resolve));
  await shop.s.mail.idle();
}

describe("adding a used copy", () => {
  it("makes a graded row of its own, one unit in stock and on the ledger, linked to the pressing and audited", () => {
    const p = pressing();
    const copy = addCopy(p.id, { price: "14.00", mediaGrade: "vg+", sleeveGrade: "VG", note: "Ring wear" });
    const r = row(copy.id);
    const parent = row(p.id);
    expect(r).toMatchObject({
      condition: "used",
      usedOfRecordId: p.id,
      mediaGrade: "VG+",
      sleeveGrade: "VG",
      conditionNote: "Ring wear",
      pricePence: 1400,
      stockQuantity: 1,
      title: parent.title,
      artist: parent.artist,
      label: "Blue Note",
      coverUrl: parent.coverUrl,
      catalogueId: `${parent.catalogueId}-used-1`,
    });
    expect(ledger(copy.id)).toBe(1);
    const second = addCopy(p.id, { price: "9", mediaGrade: "G", sleeveGrade: "G" });
    expect(row(second.id).catalogueId).toBe(`${parent.catalogueId}-used-2`);
    expect(shop.s.usedCopies.allOf(p.id).map((c) => c.id)).toEqual([copy.id, second.id]);
    // The shop lists the better copy first.
    expect(shop.s.usedCopies.onSaleOf(p.id).map((c) => c.mediaGrade)).toEqual(["VG+", "G"]);
    // Sold: no longer offered beside the pressing, still listed in the back office.
    shop.s.adminStock.adjust(admin, copy.id, { reason: "damaged", change: -1 });
    expect(shop.s.usedCopies.onSaleOf(p.id).map((c) => c.id)).toEqual([second.id]);
    expect(shop.s.usedCopies.allOf(p.id).map((c) => [c.id, c.stock])).toEqual([
      [copy.id, 0],
      [second.id, 1],
    ]);
    const audit = shop.t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(copy.id)))
      .all();
    expect(audit.map((a) => a.action)).toContain("used copy listed");
  });

  it("carries its own Discogs release id, else its pressing's", () => {
    const p = insertRecord(shop.t.db, { catalogNumber: "BLP 1577", discogsReleaseId: 1001, stockQuantity: 3 });
    const own = addCopy(p.id, { price: "9", mediaGrade: "VG", sleeveGrade: "VG", discogsReleaseId: "2002" });
    const inherited = addCopy(p.id, { price: "9", mediaGrade: "VG", sleeveGrade: "VG", discogsReleaseId: "" });
    expect(shop.s.usedCopies.allOf(p.id).map((c) => [c.id, c.discogsReleaseId])).toEqual([
      [own.id, 2002],
      [inherited.id, 1001],
    ]);
  });

  it("refuses bad input with a message, and a copy of a copy", () => {
    const p = pressing();
    expect(() => addCopy(p.id, { price: "", mediaGrade: "NM", sleeveGrade: "NM" })).toThrow(ValidationError);
    expect(() => addCopy(p.id, { price: "5", mediaGrade: "Excellent", sleeveGrade: "NM" })).toThrow("Pick a grade.");
    const copy = addCopy(p.id, { price: "5", mediaGrade: "NM", sleeveGrade: "NM" });
    expect(() => addCopy(copy.id, { price: "5", mediaGrade: "NM", sleeveGrade: "NM" })).toThrow(NOT_A_PRESSING);
  });

  it("the database itself refuses a used copy above one unit, and grades on a new record", () => {
    const p = pressing();
    const copy = addCopy(p.id, { price: "5", mediaGrade: "NM", sleeveGrade: "NM" });
    expect(() => shop.t.db.update(records).set({ stockQuantity: 2 }).where(eq(records.id, copy.id)).run()).toThrow(/CHECK/);
    expect(() => shop.t.db.update(records).set({ mediaGrade: "NM" }).where(eq(records.id, p.id)).run()).toThrow(/CHECK/);
  });
});

describe("a used copy's stock", () => {
  it("goods in and adjustments may never take it above 1: refused, nothing changed", () => {
    const p = pressing();
    const copy = addCopy(p.id, { price: "5", mediaGrade: "VG", sleeveGrade: "VG" });
    expect(() => shop.s.adminStock.goodsIn(admin, { lines: [{ recordId: copy.id, quantity: 1 }] })).toThrow(USED_COPY_STOCK_CAP);
    expect(() => shop.s.adminStock.adjust(admin, copy.id, { reason: "delivery", change: 3 })).toThrow(ConflictError);
    expect(row(copy.id).stockQuantity).toBe(1);
    // Damaged: off the shelf; a customer return puts it back to 1, never beyond.
    shop.s.adminStock.adjust(admin, copy.id, { reason: "damaged", change: -1 });
    shop.s.adminStock.adjust(admin, copy.id, { reason: "customer_return", change: 1 });
    expect(row(copy.id).stockQuantity).toBe(1);
    expect(ledger(copy.id)).toBe(1);
  });

  it("sells once: a second order for it is refused, and the cart allows at most one", () => {
    const p = pressing();
    const copy = addCopy(p.id, { price: "5", mediaGrade: "VG", sleeveGrade: "VG" });
    const priced = shop.s.cart.price([{ recordId: copy.id, quantity: 2 }], null, { today: todayInLondon() });
    expect(priced.lines[0]).toMatchObject({ maxQuantity: 1, issue: "insufficient-stock" });
    const order = (key: string) =>
      shop.s.orders.place({
        lines: [{ recordId: copy.id, quantity: 1 }],
        email: `${key}@example.com`,
        userId: null,
        shipping: TEST_ADDRESS,
        discountCode: null,
        idempotencyKey: key,
        paymentProvider: "test",
        today: todayInLondon(),
      });
    expect(order("first-buyer").created).toBe(true);
    expect(() => order("second-buyer")).toThrow(/out of stock|in stock|sold/i);
    expect(row(copy.id).stockQuantity).toBe(0);
  });
});

describe("wants with a minimum grade", () => {
  it("fire once when a copy at or above the grade is listed, not for one below", async () => {
    const p = pressing();
    const email = "vg-plus-or-better@example.com";
    const user = await shop.s.accounts.register({ username: "vgplus", email, password: "secret-password" });
    shop.s.wants.want(parseInput(wantSchema, { recordId: p.id, minGrade: "VG+" }, { message: "first" }), {
      user: { id: user.id, email },
    });
    const want = shop.t.db.select().from(wants).where(eq(wants.recordId, p.id)).get()!;
    expect(want.minGrade).toBe("VG+");
    const alerts = () => shop.t.db.select().from(wantAlerts).where(eq(wantAlerts.wantId, want.id)).all();

    addCopy(p.id, { price: "5", mediaGrade: "VG", sleeveGrade: "NM" });
    await settle();
    expect(alerts()).toHaveLength(0);

    const good = addCopy(p.id, { price: "18", mediaGrade: "NM", sleeveGrade: "VG" });
    await settle();
    expect(alerts()).toHaveLength(1);
    const mail = shop.inbox.last(email, /used copy/);
    expect(mail?.text).toContain(good.path);
    expect(mail?.text).toContain("£18.00");

    addCopy(p.id, { price: "20", mediaGrade: "M", sleeveGrade: "M" });
    await settle();
    expect(alerts()).toHaveLength(1);
    expect(shop.t.db.select().from(wants).where(eq(wants.id, want.id)).get()).toMatchObject({ minGrade: null, status: "done" });
  });
});

describe("browsing used copies", () => {
  it("the grade filter returns only used copies at or above the grade; the condition filter splits new from used", () => {
    const genre = "Grade Test";
    const p = insertRecord(shop.t.db, { genre, stockQuantity: 2 });
    const made = (["M", "NM", "VG+", "VG", "G", "P"] as const).map((g) =>
      addCopy(p.id, { price: "10", mediaGrade: g, sleeveGrade: "VG" }),
    );
    // A sold copy is no longer listed.
    const sold = addCopy(p.id, { price: "10", mediaGrade: "NM", sleeveGrade: "NM" });
    shop.s.adminStock.adjust(admin, sold.id, { reason: "damaged", change: -1 });
    const ids = (search: string) =>
      shop.s.browse
        .browse(parseBrowseQuery(new URLSearchParams(`genre=${encodeURIComponent(genre)}&${search}`)), {
          today: todayInLondon(),
          limit: 100,
        })
        .items.map((r) => r.id)
        .sort((a, b) => a - b);
    const gradeOf = new Map(made.map((c) => [c.id, c.mediaGrade]));
    for (const min of GRADES) {
      const found = ids(`grade=${encodeURIComponent(min)}`);
      expect(found).toEqual(made.filter((c) => gradeAtLeast(c.mediaGrade, min)).map((c) => c.id));
      for (const id of found) expect(gradeAtLeast(gradeOf.get(id)!, min)).toBe(true);
    }
    expect(ids("grade=VG%2B").map((id) => gradeOf.get(id))).toEqual(["M", "NM", "VG+"]);
    expect(ids("condition=used")).toEqual(made.map((c) => c.id));
    expect(ids("condition=new")).toEqual([p.id]);
    expect(ids("")).toEqual([p.id, ...made.map((c) => c.id)]);
  });
});

describe("editing a used copy in the catalogue form", () => {
  it("refuses to make it new, with a message rather than a database error", async () => {
    const p = pressing();
    const copy = addCopy(p.id, { price: "5", mediaGrade: "VG", sleeveGrade: "VG" });
    const fields = parseInput(recordFieldsSchema, {
      ...fieldsToText(shop.s.adminCatalogue.get(copy.id).fields),
      condition: "new",
    });
    await expect(shop.s.adminCatalogue.update(admin, copy.id, fields, {})).rejects.toThrow(USED_COPY_STAYS_USED);
    expect(row(copy.id).condition).toBe("used");
  });
});
