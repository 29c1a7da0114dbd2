import { describe, expect, it } from "vitest";
import {
  goodwillCreditSchema,
  voucherHolder,
  voucherListQuerySchema,
  voucherListSearch,
  voucherMailAddress,
  voucherMoves,
  voucherStanding,
} from "./voucher-admin";

const TODAY = "2026-11-29";
const v = (status: "pending_payment" | "active" | "cancelled", balancePence: number, expiresOn = "2028-11-28") => ({
  status,
  balancePence,
  expiresOn,
});

describe("a voucher's standing", () => {
  it.each([
    ["active with money left", v("active", 500), "active"],
    ["active on its last day", v("active", 500, TODAY), "active"],
    ["active, its last day yesterday", v("active", 500, "2026-11-28"), "expired"],
    ["spent to nothing", v("active", 0), "spent"],
    ["spent to nothing and past its date", v("active", 0, "2025-01-01"), "spent"],
    ["cancelled (balance 0)", v("cancelled", 0), "cancelled"],
    ["cancelled and past its date", v("cancelled", 0, "2025-01-01"), "cancelled"],
    ["bought, not paid", v("pending_payment", 2500), "awaiting_payment"],
  ] as const)("%s: %s", (_what, voucher, standing) => {
    expect(voucherStanding(voucher, TODAY)).toBe(standing);
  });

  it("allows a cancel while money is left and a resend while it can be spent", () => {
    expect(voucherMoves("active")).toEqual({ cancel: true, resend: true });
    expect(voucherMoves("expired")).toEqual({ cancel: true, resend: false });
    for (const s of ["spent", "cancelled", "awaiting_payment"] as const)
      expect(voucherMoves(s)).toEqual({ cancel: false, resend: false });
  });
});

describe("who a voucher is for and where its code goes", () => {
  const none = { userEmail: null, recipientName: null, recipientEmail: null, buyerEmail: null };
  it("a gift goes to its recipient, or to the buyer who prints it", () => {
    const gift = {
      ...none,
      kind: "gift" as const,
      recipientName: "Ann",
      recipientEmail: "ann@example.com",
      buyerEmail: "bo@example.com",
    };
    expect(voucherHolder(gift)).toEqual({ name: "Ann", email: "ann@example.com", role: "recipient" });
    expect(voucherMailAddress(gift)).toBe("ann@example.com");
    const printed = { ...none, kind: "gift" as const, buyerEmail: "bo@example.com" };
    expect(voucherHolder(printed)).toMatchObject({ email: "bo@example.com", role: "buyer" });
    expect(voucherMailAddress(printed)).toBe("bo@example.com");
  });

  it("store credit goes to its customer's account address first", () => {
    const credit = { ...none, kind: "store_credit" as const, userEmail: "now@example.com", recipientEmail: "then@example.com" };
    expect(voucherHolder(credit)).toMatchObject({ email: "now@example.com", role: "customer" });
    expect(voucherMailAddress(credit)).toBe("now@example.com");
    expect(voucherMailAddress({ ...credit, userEmail: null })).toBe("then@example.com");
  });
});

describe("the back office's voucher forms", () => {
  it("read the list's address, refusing what is not on offer", () => {
    expect(voucherListQuerySchema.parse({ status: "expired", kind: "gift", q: " AB2C ", page: "2" })).toEqual({
      status: "expired",
      kind: "gift",
      q: "AB2C",
      page: 2,
    });
    expect(voucherListQuerySchema.parse({ status: "", kind: "" })).toEqual({ page: 1 });
    for (const bad of [{ status: "lost" }, { kind: "coupon" }, { page: "0" }, { q: "x".repeat(101) }])
      expect(voucherListQuerySchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    expect(voucherListSearch({ status: "active", q: "ann@example.com", page: 1 })).toBe("?status=active&q=ann%40example.com");
  });

  it("take goodwill credit from £1 to £250 to the penny, with a reason", () => {
    expect(goodwillCreditSchema.parse({ email: "Ann@Example.com", amount: "£3.45", reason: "Late parcel" })).toEqual({
      email: "ann@example.com",
      amount: 345,
      reason: "Late parcel",
    });
    expect(goodwillCreditSchema.parse({ email: "a@example.com", amount: "250", reason: "Broken" }).amount).toBe(25_000);
    for (const amount of ["0.99", "250.01", "12.345", "-5", "ten", ""])
      expect(goodwillCreditSchema.safeParse({ email: "a@example.com", amount, reason: "Late" }).success, amount).toBe(false);
    expect(goodwillCreditSchema.safeParse({ email: "a@example.com", amount: "5", reason: " " }).success).toBe(false);
    expect(goodwillCreditSchema.safeParse({ email: "not an address", amount: "5", reason: "Late" }).success).toBe(false);
  });
});
