import { describe, expect, it } from "vitest";
import { RULE_MESSAGES } from "../../../app/domain/discounts/discount-rule-schema";
import { useShopServices } from "../../../tests/setup/shop-fixtures";
import { callerFor, type CallerUser } from "../../../tests/setup/trpc-caller";

const shop = useShopServices();

const callerAs = (user: CallerUser) => callerFor(shop, user);

describe("admin.discounts", () => {
  it("refuses a visitor and a customer; for an admin validates, creates, refuses a taken code, updates and switches off", async () => {
    const code = { code: "trpc-5", name: "API code", kind: "fixed" as const, amount: "5", minSpend: "20", firstOrderOnly: false };
    await expect(callerAs(null).admin.discounts.create(code)).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await expect(callerAs({ id: 1, username: "c", role: "customer" }).admin.discounts.list()).rejects.toMatchObject({
      code: "FORBIDDEN",
    });

    const admin = await shop.s.accounts.register({
      username: "codeadmin",
      email: "codeadmin@example.com",
      password: "correct horse battery",
    });
    const c = callerAs({ id: admin.id, username: admin.username, role: "admin" }).admin.discounts;
    await expect(c.create({ ...code, code: "no spaces" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(c.create({ ...code, kind: "percent", amount: "150" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    const made = await c.create(code);
    expect(made).toMatchObject({ code: "TRPC-5", kind: "fixed", amount: 500, minSpendPence: 2000, active: true });
    await expect(c.create(code)).rejects.toMatchObject({ code: "CONFLICT", message: RULE_MESSAGES.taken });
    const { code: _code, ...rest } = code;
    expect(await c.update({ ...rest, id: made.id, amount: "6.50" })).toMatchObject({ code: "TRPC-5", amount: 650 });
    expect(await c.setActive({ id: made.id, active: false })).toMatchObject({ active: false });
    expect((await c.list()).codes.map((x) => [x.code, x.active])).toEqual([["TRPC-5", false]]);
    expect(shop.s.discounts.check("TRPC-5", null).ok).toBe(false);
  });
});
