import { describe, expect, it } from "vitest";
import { records } from "../../../db/schema";
import { insertRecord, useShopServices } from "../../../tests/setup/shop-fixtures";
import { callerFor, type CallerUser } from "../../../tests/setup/trpc-caller";
import { eq } from "drizzle-orm";

const shop = useShopServices();

const callerAs = (user: CallerUser) => callerFor(shop, user);

describe("admin.schedule", () => {
  it("refuses a visitor (UNAUTHORIZED) and a customer (FORBIDDEN) on every procedure", async () => {
    const rec = insertRecord(shop.t.db, { releaseDate: "2027-01-01" });
    for (const [user, code] of [
      [null, "UNAUTHORIZED"],
      [{ id: 1, username: "c", role: "customer" as const }, "FORBIDDEN"],
    ] as const) {
      const c = callerAs(user).admin.schedule;
      await expect(c.calendar({ month: "2027-01" })).rejects.toMatchObject({ code });
      await expect(c.moveReleaseDate({ recordId: rec.id, releaseDate: "2027-02-01" })).rejects.toMatchObject({ code });
      await expect(c.schedule({ action: "publishNow", item: { kind: "record", target: String(rec.id) } })).rejects.toMatchObject({
        code,
      });
    }
    expect(shop.t.db.select().from(records).where(eq(records.id, rec.id)).get()!.releaseDate).toBe("2027-01-01");
  });

  it("lets an admin move a date and schedule, and answers bad input with BAD_REQUEST", async () => {
    const admin = await shop.s.accounts.register({
      username: "schedadmin",
      email: "schedadmin@example.com",
      password: "correct horse battery",
    });
    const c = callerAs({ id: admin.id, username: admin.username, role: "admin" }).admin.schedule;
    const rec = insertRecord(shop.t.db, { releaseDate: "2027-01-01" });
    await expect(c.moveReleaseDate({ recordId: rec.id, releaseDate: "2027-02-30" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    await expect(c.calendar({ month: "2027-13" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    expect(await c.moveReleaseDate({ recordId: rec.id, releaseDate: "2027-02-01" })).toMatchObject({
      changed: true,
      status: "pre-order",
    });
    expect((await c.calendar({ month: "2027-02" })).some((e) => e.id === rec.id)).toBe(true);
    const scheduled = await c.schedule({
      action: "schedule",
      item: { kind: "record", target: String(rec.id), date: "2027-01-10", time: "09:00" },
    });
    expect(scheduled.publishAt).toBe("2027-01-10T09:00:00.000Z");
    await expect(
      c.schedule({ action: "schedule", item: { kind: "record", target: "99999999", date: "2027-01-10", time: "09:00" } }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
