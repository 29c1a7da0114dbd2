import { describe, expect, it } from "vitest";
import { signedInAdmin, withSubmissionKey } from "../../../../tests/setup/admin-routes";
import { formPost, routeArgs, settle, toastOf } from "../../../../tests/setup/route-context";
import { useShopServices } from "../../../../tests/setup/shop-fixtures";
import { action } from "./record-edit";

const shop = useShopServices();
const post = (path: string, fields: Record<string, string>, cookie: string, recordId?: string) =>
  settle(() =>
    action({
      ...routeArgs({ db: shop.t.db, services: shop.s }, formPost(path, withSubmissionKey(fields), cookie)),
      params: { recordId },
    }),
  );
const NEW = "/admin/catalog-update/new";
const typed = { intent: "save", title: "Low Tide", artist: "Marram", price: "14.00", openingStock: "2" };

describe("a record's page", () => {
  it("adds a record hidden when its Published box was left unticked, shown when ticked", async () => {
    const admin = await signedInAdmin(shop);
    const hidden = await post(NEW, typed, admin.cookie);
    expect(await toastOf(hidden.headers)).toMatchObject({ title: "Record added" });
    const hiddenId = Number(hidden.location!.split("/").at(-1));
    expect(shop.s.adminCatalogue.get(hiddenId)).toMatchObject({ published: false, stockQuantity: 2 });
    const shown = await post(NEW, { ...typed, published: "on" }, admin.cookie);
    expect(shop.s.adminCatalogue.get(Number(shown.location!.split("/").at(-1))).published).toBe(true);
  });

  it("answers a bad field beside it, keeping what was typed, and publishes a record", async () => {
    const admin = await signedInAdmin(shop);
    const bad = await post(NEW, { ...typed, price: "twelve" }, admin.cookie);
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({
      intent: "save",
      result: { error: { price: ["Enter the price in pounds, such as 12.99"] }, initialValue: { title: "Low Tide" } },
    });
    const made = await post(NEW, typed, admin.cookie);
    const id = made.location!.split("/").at(-1)!;
    const published = await post(`/admin/catalog-update/${id}`, { intent: "publish" }, admin.cookie, id);
    expect(await toastOf(published.headers)).toMatchObject({ title: "Record published" });
    expect(shop.s.adminCatalogue.get(Number(id)).published).toBe(true);
  });

  it("asks before unpublishing, and keeps the record on the shop until the confirm panel's post", async () => {
    const admin = await signedInAdmin(shop);
    const made = await post(NEW, { ...typed, published: "on" }, admin.cookie);
    const id = made.location!.split("/").at(-1)!;
    const path = `/admin/catalog-update/${id}`;
    const asked = await post(path, { intent: "unpublish" }, admin.cookie, id);
    expect(asked.status).toBe(200);
    expect(asked.data).toMatchObject({ intent: "unpublish", confirm: { title: "Unpublish Marram – Low Tide?", keepTo: path } });
    expect(shop.s.adminCatalogue.get(Number(id)).published).toBe(true);
    const done = await post(path, { intent: "unpublish", confirm: "yes" }, admin.cookie, id);
    expect(await toastOf(done.headers)).toMatchObject({ title: "Record unpublished" });
    expect(shop.s.adminCatalogue.get(Number(id)).published).toBe(false);
  });

  it("saves the record's shipping weight, tariff code and origin, and refuses a bad tariff code beside its field", async () => {
    const admin = await signedInAdmin(shop);
    const made = await post(NEW, typed, admin.cookie);
    const id = made.location!.split("/").at(-1)!;
    const path = `/admin/catalog-update/${id}`;
    const bad = await post(path, { intent: "customs", weightGrams: "480", hsCode: "8523" }, admin.cookie, id);
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({
      intent: "customs",
      result: { error: { hsCode: ["A tariff code is 6 to 10 digits, such as 852380 or 8523 80 90 00"] } },
    });
    expect(shop.s.deliveryAdmin.recordCustoms(Number(id)).weightGrams).toBeNull();
    const saved = await post(
      path,
      { intent: "customs", weightGrams: "480", hsCode: "8523.80.90", originCountry: "DE" },
      admin.cookie,
      id,
    );
    expect(await toastOf(saved.headers)).toMatchObject({ title: "Shipping and customs saved" });
    expect(shop.s.deliveryAdmin.recordCustoms(Number(id))).toMatchObject({
      weightGrams: 480,
      hsCode: "85238090",
      originCountry: "DE",
    });
    expect(shop.s.adminCatalogue.get(Number(id)).history[0]).toMatchObject({ action: "customs facts saved" });
  });
});
