import { describe, expect, it } from "vitest";
import { lineProblem, returnableUnits, type ReturnableLine } from "./return-eligibility";

const line = (over: Partial<ReturnableLine> = {}): ReturnableLine => ({
  title: "Blue Train",
  bought: 2,
  refunded: 0,
  inOpenReturns: 0,
  inRefundedReturns: 0,
  used: false,
  ...over,
});

describe("units that may still be returned", () => {
  it("are those bought, less those refunded and those in open or finished returns", () => {
    expect(returnableUnits(line())).toBe(2);
    expect(returnableUnits(line({ refunded: 1 }))).toBe(1);
    expect(returnableUnits(line({ inOpenReturns: 2 }))).toBe(0);
    expect(returnableUnits(line({ refunded: 1, inOpenReturns: 1 }))).toBe(0);
  });

  it("count a refunded return's units once, whether or not its refund was counted on the line", () => {
    expect(returnableUnits(line({ inRefundedReturns: 1 }))).toBe(1);
    expect(returnableUnits(line({ inRefundedReturns: 1, refunded: 1 }))).toBe(1);
  });

  it("are never negative", () => {
    expect(returnableUnits(line({ refunded: 2, inOpenReturns: 1 }))).toBe(0);
  });
});

describe("a line's problem", () => {
  it("none for a faulty new record, sealed or not", () => {
    expect(lineProblem(line(), { quantity: 1, sealed: false }, "faulty")).toBeNull();
    expect(lineProblem(line(), { quantity: 2, sealed: true }, "damaged")).toBeNull();
  });

  it("more than was bought", () => {
    expect(lineProblem(line(), { quantity: 3, sealed: true }, "faulty")).toBe("You can return at most 2 of “Blue Train”.");
  });

  it("a line already in a return", () => {
    expect(lineProblem(line({ bought: 1, inOpenReturns: 1 }), { quantity: 1, sealed: true }, "faulty")).toBe(
      "“Blue Train” is already in a return.",
    );
    expect(lineProblem(line({ bought: 2, inOpenReturns: 1 }), { quantity: 2, sealed: true }, "faulty")).toBe(
      "You can return at most 1 of “Blue Train”.",
    );
  });

  it("a change of mind on a new record only while it is sealed", () => {
    expect(lineProblem(line(), { quantity: 1, sealed: true }, "changed_mind")).toBeNull();
    expect(lineProblem(line(), { quantity: 1, sealed: false }, "changed_mind")).toBe(
      "“Blue Train” can be returned for a change of mind only while it is still sealed in its shrink-wrap.",
    );
  });

  it("a used copy may come back for a change of mind, sealed or not", () => {
    expect(lineProblem(line({ used: true, bought: 1 }), { quantity: 1, sealed: false }, "changed_mind")).toBeNull();
  });

  it("a quantity of none or less is no return", () => {
    expect(lineProblem(line(), { quantity: 0, sealed: true }, "faulty")).toBe("Choose how many of “Blue Train” to return.");
  });
});
