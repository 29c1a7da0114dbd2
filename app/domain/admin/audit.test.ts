import { describe, expect, it } from "vitest";
import { changedFields, describeSnapshot } from "./audit";

describe("audit snapshots", () => {
  it("keeps only the fields that changed", () => {
    expect(changedFields({ status: "paid", total: 100, note: null }, { status: "packed", total: 100, note: "box" })).toEqual({
      before: { status: "paid", note: null },
      after: { status: "packed", note: "box" },
    });
  });

  it("keeps a creation or a removal whole", () => {
    expect(changedFields(null, { title: "Blue Train" })).toEqual({ before: null, after: { title: "Blue Train" } });
    expect(changedFields({ title: "Blue Train" }, null)).toEqual({ before: { title: "Blue Train" }, after: null });
  });

  it("writes a side as a short line", () => {
    expect(describeSnapshot({ status: "paid", tracking: null })).toBe("status: paid, tracking: —");
    expect(describeSnapshot(null)).toBe("—");
    expect(describeSnapshot({})).toBe("—");
  });

  it("shows amounts kept in pence as pounds", () => {
    expect(describeSnapshot({ refundedPence: 350, shippingCostPence: 0, status: "refunded" })).toBe(
      "refunded: £3.50, shippingCost: £0.00, status: refunded",
    );
    expect(describeSnapshot({ price: 1250 })).toBe("price: £12.50");
    // A price typed as text (a record's fields) and a count are left as they are.
    expect(describeSnapshot({ price: "12.99", stock: 4 })).toBe("price: 12.99, stock: 4");
    expect(describeSnapshot({ refundedPence: null })).toBe("refundedPence: —");
  });
});
