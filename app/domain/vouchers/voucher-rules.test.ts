import { describe, expect, it } from "vitest";
import { splitAcrossVouchers, voucherExpiresOn, voucherProblem, voucherProblemMessage } from "./voucher-rules";

describe("voucher validity", () => {
  it("lasts 24 months to the day before", () => {
    expect(voucherExpiresOn("2026-11-29")).toBe("2028-11-28");
    expect(voucherExpiresOn("2027-01-01")).toBe("2028-12-31");
  });

  it("ends on 27 February when issued on 29 February (28 February two years on is the anniversary)", () => {
    expect(voucherExpiresOn("2028-02-29")).toBe("2030-02-27");
  });

  it("may be spent on its last day, not the day after", () => {
    const v = { status: "active" as const, balancePence: 500, expiresOn: "2028-11-28" };
    expect(voucherProblem(v, "2028-11-28")).toBeNull();
    expect(voucherProblem(v, "2028-11-29")).toBe("expired");
    expect(voucherProblemMessage("expired", v)).toContain("28 November 2028");
  });

  it("cannot be spent when cancelled, unpaid or empty", () => {
    const today = "2026-11-29";
    expect(voucherProblem({ status: "cancelled", balancePence: 500, expiresOn: "2028-01-01" }, today)).toBe("cancelled");
    expect(voucherProblem({ status: "pending_payment", balancePence: 500, expiresOn: "2028-01-01" }, today)).toBe("unpaid");
    expect(voucherProblem({ status: "active", balancePence: 0, expiresOn: "2028-01-01" }, today)).toBe("spent");
  });
});

describe("paying with several vouchers", () => {
  it("takes each balance in turn until nothing is due", () => {
    const split = splitAcrossVouchers(3000, [{ balancePence: 2000 }, { balancePence: 2500 }, { balancePence: 100 }]);
    expect(split.map((s) => s.takePence)).toEqual([2000, 1000]);
  });

  it("takes everything and leaves the rest to the card when the vouchers are not enough", () => {
    const split = splitAcrossVouchers(5000, [{ balancePence: 1000 }, { balancePence: 0 }, { balancePence: 1500 }]);
    expect(split.map((s) => s.takePence)).toEqual([1000, 1500]);
  });

  it("takes nothing when nothing is due", () => {
    expect(splitAcrossVouchers(0, [{ balancePence: 1000 }])).toEqual([]);
  });
});
