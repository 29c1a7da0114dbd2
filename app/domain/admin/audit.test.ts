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

  it("writes a side as a short line, its fields named in words", () => {
    expect(describeSnapshot({ status: "paid", trackingNumber: null })).toBe("Status: paid, Tracking number: —");
    expect(describeSnapshot(null)).toBe("—");
    expect(describeSnapshot({})).toBe("—");
  });

  it("shows amounts kept in pence as pounds, dates and yes-or-no in words", () => {
    expect(describeSnapshot({ refundedPence: 350, shippingCostPence: 389, status: "refunded" })).toBe(
      "Refunded: £3.50, Shipping cost: £3.89, Status: refunded",
    );
    expect(describeSnapshot({ price: 1250 })).toBe("Price: £12.50");
    expect(describeSnapshot({ releaseDate: "2026-04-05", published: false })).toBe("Release date: 5 April 2026, Published: No");
    expect(describeSnapshot({ stock: 4 })).toBe("Stock: 4");
    expect(describeSnapshot({ refundedPence: null })).toBe("Refunded: —");
  });
});
