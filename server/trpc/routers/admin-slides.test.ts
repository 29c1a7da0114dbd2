import { describe, expect, it } from "vitest";
import { useShopServices } from "../../../tests/setup/shop-fixtures";
import { callerFor, type CallerUser } from "../../../tests/setup/trpc-caller";

const shop = useShopServices();
const callerAs = (user: CallerUser) => callerFor(shop, user);

describe("admin.slides", () => {
  it("refuses a visitor and a customer, answers bad input with BAD_REQUEST, and manages slides for an admin", async () => {
    const slide = {
      title: "Winter sale",
      description: "A fifth off selected LPs.",
      buttonText: "Shop the sale",
      buttonLink: "/browse?q=sale",
      bgColor: "#0b3d2e",
      textColor: "#ffffff",
      active: false,
    };
    await expect(callerAs(null).admin.slides.create(slide)).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await expect(callerAs({ id: 1, username: "c", role: "customer" }).admin.slides.list()).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    const admin = await shop.s.accounts.register({
      username: "slideadmin",
      email: "slideadmin@example.com",
      password: "correct horse battery",
    });
    const c = callerAs({ id: admin.id, username: admin.username, role: "admin" }).admin.slides;
    await expect(c.create({ ...slide, buttonLink: "https://evil.example" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(c.create({ ...slide, textColor: "#0c3e2f" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    const created = await c.create(slide);
    expect(created).toMatchObject({ title: "Winter sale", active: false, bgImage: null });
    expect(await c.update({ slideId: created.id, slide: { ...slide, active: true } })).toMatchObject({ active: true });
    await expect(c.update({ slideId: 99_999, slide })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await c.remove({ slideId: created.id })).toEqual([]);
  });
});
