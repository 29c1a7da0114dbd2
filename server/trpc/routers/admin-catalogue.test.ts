import { eq } from "drizzle-orm";
import { giveTwoFactor } from "../../../tests/setup/two-factor";
import { describe, expect, it } from "vitest";
import { records, users } from "../../../db/schema";
import { useShopServices } from "../../../tests/setup/shop-fixtures";
import { newCustomer, pageGet, routeArgs, sessionOf } from "../../../tests/setup/route-context";
import { appRouter } from "../router";

const shop = useShopServices();
const callerFor = (cookie?: string) =>
  appRouter.createCaller(routeArgs({ db: shop.t.db, services: shop.s }, pageGet("/", cookie)).context);
const ref = { id: "a".repeat(32), hash: "b".repeat(64) };
const fields = { title: "Tidal Rooms", artist: "Orla Penn", price: "14.99", catalogNumber: "OP-7" };

describe("admin.catalogue procedures", () => {
  it("refuse a visitor and a customer", async () => {
    await expect(callerFor().admin.catalogue.list({})).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    const { user } = await newCustomer(shop.s);
    const customer = callerFor(sessionOf(shop.s, user.id).cookie);
    await expect(customer.admin.catalogue.list({})).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(customer.admin.catalogue.create({ fields, openingStock: 0, published: true })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    await expect(customer.admin.catalogue.setPublished({ id: 1, published: false })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(customer.admin.catalogue.importProgress(ref)).rejects.toMatchObject({ code: "FORBIDDEN" });
  });

  it("let an admin create, read, edit and unpublish a record with the form's own schema", async () => {
    const { user } = await newCustomer(shop.s);
    shop.t.db.update(users).set({ role: "admin" }).where(eq(users.id, user.id)).run();
    giveTwoFactor(shop.t.db, user.id);
    const admin = callerFor(sessionOf(shop.s, user.id).cookie);
    const { id } = await admin.admin.catalogue.create({ fields, openingStock: 2, published: true });
    expect(await admin.admin.catalogue.get({ id })).toMatchObject({ title: "Tidal Rooms", pricePence: 1499, stockQuantity: 2 });
    await admin.admin.catalogue.update({ id, fields: { ...fields, price: "£16" } });
    await admin.admin.catalogue.setPublished({ id, published: false });
    expect(shop.t.db.select().from(records).where(eq(records.id, id)).get()).toMatchObject({
      pricePence: 1600,
      published: false,
    });
    expect((await admin.admin.catalogue.list({ q: "OP-7" })).items.map((r) => r.id)).toEqual([id]);
    await expect(admin.admin.catalogue.update({ id, fields: { ...fields, price: "free" } })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    await expect(admin.admin.catalogue.get({ id: 999_999 })).rejects.toMatchObject({ code: "NOT_FOUND" });
    // No import of that file is running; a malformed reference is refused before the service sees it.
    expect(await admin.admin.catalogue.importProgress(ref)).toBeNull();
    await expect(admin.admin.catalogue.importProgress({ id: "../x", hash: ref.hash })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
  });
});
