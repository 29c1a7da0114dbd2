import { describe, expect, it } from "vitest";
import { insertRecord, useShopServices } from "../../../tests/setup/shop-fixtures";
import { callerFor, type CallerUser } from "../../../tests/setup/trpc-caller";

const shop = useShopServices();
const callerAs = (user: CallerUser) => callerFor(shop, user);

describe("admin.curation", () => {
  it("refuses a visitor and a customer, answers bad input with BAD_REQUEST, and manages a list for an admin", async () => {
    const r = insertRecord(shop.t.db, { title: "Curated" });
    const pick = { list: "staff-picks", record: String(r.id) } as const;
    await expect(callerAs(null).admin.curation.add(pick)).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await expect(
      callerAs({ id: 1, username: "c", role: "customer" }).admin.curation.list({ list: "staff-picks" }),
    ).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    const admin = await shop.s.accounts.register({
      username: "listadmin",
      email: "listadmin@example.com",
      password: "correct horse battery",
    });
    const c = callerAs({ id: admin.id, username: admin.username, role: "admin" }).admin.curation;
    await expect(c.add({ ...pick, list: "favourites" as "staff-picks" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(c.add({ ...pick, record: "" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(c.add({ ...pick, record: "99999999" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    const [added] = await c.add(pick);
    expect(added).toMatchObject({ record: { id: r.id, title: "Curated" } });
    await expect(c.add(pick)).rejects.toMatchObject({ code: "CONFLICT" });
    expect(await c.move({ pickId: added!.id, direction: "down" })).toHaveLength(1);
    await expect(c.move({ pickId: added!.id, direction: "sideways" as "up" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    expect(await c.remove({ pickId: added!.id })).toEqual([]);
  });
});
