import { describe, expect, it } from "vitest";
import { ALL_PERMISSIONS, ANY_STAFF, areaOf, builtInRole, isPermission, may, requiresTwoFactor, roleOf } from "./permissions";

const none = () => undefined;

describe("staff roles", () => {
  it("an owner may do everything, a manager all but staff and settings", () => {
    for (const p of ALL_PERMISSIONS) expect(may(builtInRole("owner"), p)).toBe(true);
    for (const p of ALL_PERMISSIONS) expect(may(builtInRole("manager"), p)).toBe(p !== "staff.manage");
  });

  it("owners and managers set delivery rates and customs settings; packers and marketers do not", () => {
    expect(isPermission("shipping.settings")).toBe(true);
    expect(may(builtInRole("owner"), "shipping.settings")).toBe(true);
    expect(may(builtInRole("manager"), "shipping.settings")).toBe(true);
    expect(may(builtInRole("packer"), "shipping.settings")).toBe(false);
    expect(may(builtInRole("marketer"), "shipping.settings")).toBe(false);
    expect(areaOf("shipping.settings")).toBe("shipping");
  });

  it("a packer packs and dispatches and books goods in, but touches no money and exports no customers", () => {
    const packer = builtInRole("packer");
    expect(may(packer, "orders.dispatch")).toBe(true);
    expect(may(packer, "stock.manage")).toBe(true);
    for (const p of ["orders.refund", "orders.cancel", "customers.export", "catalogue.edit", "staff.manage"] as const) {
      expect(may(packer, p)).toBe(false);
    }
  });

  it("a marketer has email, promotions and Instagram, and no orders' money or customer export", () => {
    const marketer = builtInRole("marketer");
    expect(may(marketer, "email.manage") && may(marketer, "promotions.manage") && may(marketer, "instagram.manage")).toBe(true);
    for (const p of ["orders.refund", "orders.view", "customers.export"] as const) expect(may(marketer, p)).toBe(false);
  });

  it("a customer holds no role and may open nothing; every staff member may open the back office", () => {
    expect(roleOf({ role: "customer", staffRole: "owner" }, none)).toBeNull();
    expect(may(null, ANY_STAFF)).toBe(false);
    expect(may(builtInRole("packer"), ANY_STAFF)).toBe(true);
  });

  it("an admin account without a staff role is an owner; a removed custom role grants nothing", () => {
    expect(roleOf({ role: "admin", staffRole: null }, none)?.key).toBe("owner");
    const gone = roleOf({ role: "admin", staffRole: "buyer" }, none);
    expect(gone?.permissions).toEqual([]);
    const buyer = { key: "buyer", name: "Buyer", permissions: ["catalogue.edit" as const], builtIn: false };
    expect(
      may(
        roleOf({ role: "admin", staffRole: "buyer" }, (k) => (k === "buyer" ? buyer : undefined)),
        "catalogue.edit",
      ),
    ).toBe(true);
  });

  it("owners and managers must use a second factor; others when the owner asks it of all staff", () => {
    expect(requiresTwoFactor(builtInRole("owner"), false)).toBe(true);
    expect(requiresTwoFactor(builtInRole("manager"), false)).toBe(true);
    expect(requiresTwoFactor(builtInRole("packer"), false)).toBe(false);
    expect(requiresTwoFactor(builtInRole("packer"), true)).toBe(true);
    expect(requiresTwoFactor(null, true)).toBe(false);
  });

  it("files a permission under its area and knows its own keys", () => {
    expect(areaOf("orders.refund")).toBe("orders");
    expect(areaOf(ANY_STAFF)).toBe("back-office");
    expect(isPermission("orders.refund")).toBe(true);
    expect(isPermission("orders.everything")).toBe(false);
  });
});
