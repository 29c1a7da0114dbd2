import { describe, expect, it } from "vitest";
import { discountCodeSchema, optionalDiscountCodeSchema, typedDiscountCodeSchema } from "./discount-code";

const message = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe("a discount code typed to apply it", () => {
  it("is trimmed, and kept as typed", () => {
    expect(discountCodeSchema.parse(" vinyl10-abc234 ")).toBe("vinyl10-abc234");
  });

  it("says what is wrong: blank, too long, or a character codes never have", () => {
    expect(message(discountCodeSchema.safeParse("   "))).toBe("Enter a discount code.");
    expect(message(discountCodeSchema.safeParse(undefined))).toBe("Enter a discount code.");
    expect(message(discountCodeSchema.safeParse("A".repeat(33)))).toBe("That discount code isn't valid.");
    expect(discountCodeSchema.safeParse("A".repeat(32)).success).toBe(true);
    expect(message(discountCodeSchema.safeParse("SAVE 10!"))).toBe("Discount codes are letters, numbers and hyphens only.");
  });
});

describe("a discount code that may be left out (checkout, pricing a cart)", () => {
  it("an empty or missing code is none", () => {
    expect(optionalDiscountCodeSchema.parse(undefined)).toBeNull();
    expect(optionalDiscountCodeSchema.parse("")).toBeNull();
    expect(optionalDiscountCodeSchema.parse("   ")).toBeNull();
    expect(optionalDiscountCodeSchema.parse(" vinyl-ab12 ")).toBe("VINYL-AB12");
  });

  it("follows the same rule as the cart's form", () => {
    expect(message(optionalDiscountCodeSchema.safeParse("A".repeat(33)))).toBe("That discount code isn't valid.");
    expect(message(optionalDiscountCodeSchema.safeParse("save 10"))).toBe(
      "Discount codes are letters, numbers and hyphens only.",
    );
  });
});

describe("a discount code typed in a form refused for something else", () => {
  it("is the code when it reads as one, else none", () => {
    expect(typedDiscountCodeSchema.parse(" vinyl10-abc234 ")).toBe("VINYL10-ABC234");
    for (const other of ["SAVE 10!", "", undefined, null, 42]) expect(typedDiscountCodeSchema.parse(other)).toBeNull();
  });
});
