import { describe, expect, it } from "vitest";
import { MAX_VOUCHERS_PER_ORDER, TOO_MANY_VOUCHERS, voucherCodesSchema } from "./voucher-codes";

const CODE = "ABCD-EFGH-JKMN-PQRS";

describe("the voucher codes an order is paid with", () => {
  it("are read as typed: spaces, hyphens and lower case are forgiven", () => {
    expect(voucherCodesSchema.parse([CODE, "wxyz 2345 6789 abcd"])).toEqual(["ABCDEFGHJKMNPQRS", "WXYZ23456789ABCD"]);
  });

  it("count one voucher once, and none when none are sent", () => {
    expect(voucherCodesSchema.parse([CODE, "abcdefghjkmnpqrs", " ABCD EFGH JKMN PQRS "])).toEqual(["ABCDEFGHJKMNPQRS"]);
    expect(voucherCodesSchema.parse(undefined)).toEqual([]);
    expect(voucherCodesSchema.parse([])).toEqual([]);
  });

  it("refuse a code that cannot be a voucher's, too many codes and a long string", () => {
    const wrong = voucherCodesSchema.safeParse([CODE, "SUMMER10"]);
    expect(wrong.error?.issues[0]?.message).toBe("That code does not match a gift voucher. Check it and try again.");
    const many = voucherCodesSchema.safeParse(Array.from({ length: MAX_VOUCHERS_PER_ORDER + 1 }, () => CODE));
    expect(many.error?.issues[0]?.message).toBe(TOO_MANY_VOUCHERS);
    expect(voucherCodesSchema.safeParse(["A".repeat(41)]).success).toBe(false);
    expect(voucherCodesSchema.safeParse("ABCDEFGHJKMNPQRS").success).toBe(false);
  });
});
