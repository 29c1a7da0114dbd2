import { describe, expect, it } from "vitest";
import { insertRecord, useShopServices } from "../../../tests/setup/shop-fixtures";
import { callerFor, type CallerUser } from "../../../tests/setup/trpc-caller";
import { CLUB_ADDRESS } from "../../../tests/setup/record-club";

const shop = useShopServices();
const TODAY = "2026-11-25";

const callerAs = (user: CallerUser, clientIp = "203.0.113.1") => callerFor(shop, user, { today: TODAY, clientIp });

// The card and the delivery address the sign-up asks for.
const card = { cardNumber: "4242 4242 4242 4242", cardExpiry: "12/30", cardCvc: "123", ...CLUB_ADDRESS };

describe("club", () => {
  it("needs a signed-in member, validates with the sign-up schema, and joins once", async () => {
    await expect(callerAs(null).club.signUp({ plan: "one-lp", favouriteGenre: "Jazz", ...card })).rejects.toMatchObject({
      code: "UNAUTHORIZED",
    });
    const u = await shop.s.accounts.register({
      username: "clubapi",
      email: "clubapi@example.com",
      password: "correct horse battery",
    });
    const c = callerAs({ id: u.id, username: u.username, role: "customer" }).club;
    await expect(c.signUp({ plan: "gold", favouriteGenre: "Jazz", ...card })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(c.signUp({ plan: "one-lp", favouriteGenre: "Jazz", ...card, postalCode: "NOWHERE" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringMatching(/UK postcode/),
    });
    await expect(
      c.signUp({ plan: "one-lp", favouriteGenre: "Jazz", ...card, cardNumber: "4000 0000 0000 0002" }),
    ).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringMatching(/declined/),
    });
    expect(await c.membership()).toBeNull();
    expect(await c.signUp({ plan: "two-lp", favouriteGenre: "Jazz", ...card })).toMatchObject({
      status: "active",
      plan: { id: "two-lp" },
    });
    await expect(c.signUp({ plan: "two-lp", favouriteGenre: "Jazz", ...card })).rejects.toMatchObject({ code: "CONFLICT" });
    expect(await c.act({ action: "pause" })).toMatchObject({ status: "paused" });
    await expect(c.act({ action: "skip" })).rejects.toMatchObject({ code: "CONFLICT" });
    await expect(c.act({ action: "explode" as "pause" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });
});

describe("club.signUp's limit", () => {
  it("counts card attempts from one address like checkouts, and refuses past the limit with TOO_MANY_REQUESTS", async () => {
    const u = await shop.s.accounts.register({
      username: "cardtester",
      email: "cardtester@example.com",
      password: "correct horse battery",
    });
    const c = callerAs({ id: u.id, username: u.username, role: "customer" }, "198.51.100.7").club;
    const declined = { plan: "one-lp", favouriteGenre: "Jazz", ...card, cardNumber: "4000 0000 0000 0002" };
    const { limit } = shop.s.rateLimits.table.checkoutPerAddress;
    for (let i = 0; i < limit; i++) await expect(c.signUp(declined)).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(c.signUp({ ...declined, ...card })).rejects.toMatchObject({ code: "TOO_MANY_REQUESTS" });
    // Another address is not held back by it.
    const other = callerAs({ id: u.id, username: u.username, role: "customer" }, "198.51.100.8").club;
    expect(await other.signUp({ plan: "one-lp", favouriteGenre: "Jazz", ...card })).toMatchObject({ status: "active" });
    // Twenty-two sign-ups take about 3 s alone; a busy machine has made them ten times slower.
  }, 90_000);
});

describe("admin.club", () => {
  it("is for admins only, and a choice of pick is checked", async () => {
    for (const [user, code] of [
      [null, "UNAUTHORIZED"],
      [{ id: 1, username: "c", role: "customer" as const }, "FORBIDDEN"],
    ] as const) {
      await expect(callerAs(user).admin.club.members({})).rejects.toMatchObject({ code });
      await expect(callerAs(user).admin.club.choosePick({ plan: "one-lp", month: "2026-11", recordId: 1 })).rejects.toMatchObject(
        { code },
      );
    }
    const a = await shop.s.accounts.register({
      username: "clubadmin",
      email: "clubadmin@example.com",
      password: "correct horse battery",
    });
    const c = callerAs({ id: a.id, username: a.username, role: "admin" }).admin.club;
    expect((await c.members({ status: "paused" })).members.every((m) => m.status === "paused")).toBe(true);
    const rec = insertRecord(shop.t.db, { format: "LP" });
    expect(await c.choosePick({ plan: "two-lp", month: "2026-11", recordId: rec.id })).toMatchObject({ record: { id: rec.id } });
    expect((await c.picks()).thisMonth.find((p) => p.plan.id === "two-lp")).toMatchObject({
      chosen: true,
      record: { id: rec.id },
    });
    await expect(c.choosePick({ plan: "two-lp", month: "2026-13", recordId: rec.id })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    await expect(c.choosePick({ plan: "two-lp", month: "2026-12", recordId: 99_999_999 })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });
});
