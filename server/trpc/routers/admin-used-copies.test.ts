import { describe, expect, it } from "vitest";
import { insertRecord, useShopServices } from "../../../tests/setup/shop-fixtures";
import { callerFor, type CallerUser } from "../../../tests/setup/trpc-caller";

const shop = useShopServices();

const callerAs = (user: CallerUser) => callerFor(shop, user);

describe("admin.usedCopies", () => {
  it("refuses a visitor and a customer, answers bad input with BAD_REQUEST, and lists a copy for an admin", async () => {
    const p = insertRecord(shop.t.db);
    const copy = { price: "12.50", mediaGrade: "VG+", sleeveGrade: "VG" };
    await expect(callerAs(null).admin.usedCopies.add({ recordId: p.id, copy })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await expect(
      callerAs({ id: 1, username: "c", role: "customer" }).admin.usedCopies.add({ recordId: p.id, copy }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });

    const admin = await shop.s.accounts.register({
      username: "copyadmin",
      email: "copyadmin@example.com",
      password: "correct horse battery",
    });
    const c = callerAs({ id: admin.id, username: admin.username, role: "admin" }).admin.usedCopies;
    await expect(c.add({ recordId: p.id, copy: { ...copy, mediaGrade: "Excellent" } })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    await expect(c.add({ recordId: 99_999_999, copy })).rejects.toMatchObject({ code: "NOT_FOUND" });
    const added = await c.add({ recordId: p.id, copy });
    expect(added).toMatchObject({ pricePence: 1250, mediaGrade: "VG+", sleeveGrade: "VG", stock: 1 });
    expect((await c.list({ recordId: p.id })).map((x) => x.id)).toEqual([added.id]);

    // Photos: listed and removed here (uploaded through the page's form); a customer may do neither.
    expect(await c.photos({ copyId: added.id })).toEqual([]);
    shop.s.copyPhotos.attach(added.id, [{ url: "/media/photos/0123456789abcdef0123.jpg", width: 800, height: 600 }]);
    const [photo] = await c.photos({ copyId: added.id });
    expect(photo).toMatchObject({ url: "/media/photos/0123456789abcdef0123.jpg", width: 800, height: 600 });
    await expect(
      callerAs({ id: 1, username: "c", role: "customer" }).admin.usedCopies.removePhoto({ copyId: added.id, photoId: photo!.id }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(c.removePhoto({ copyId: p.id, photoId: photo!.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(c.removePhoto({ copyId: added.id, photoId: -1 })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    expect(await c.removePhoto({ copyId: added.id, photoId: photo!.id })).toEqual([]);
  });
});
