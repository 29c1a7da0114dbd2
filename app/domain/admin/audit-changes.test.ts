import { describe, expect, it } from "vitest";
import { AUDIT_FIELDS, describeChange, fieldLabel, formatAuditValue } from "./audit-changes";

describe("a change in the back office's history, in words", () => {
  it("names known fields in words and shows money as money", () => {
    expect(describeChange({ shippingCostPence: 389 })).toBe("Shipping cost: £3.89");
    expect(describeChange({ refundedPence: 350, status: "refunded" })).toBe("Refunded: £3.50, Status: refunded");
    // A used copy's price is kept in pence; a record's price as the pounds typed on its form.
    expect(describeChange({ price: 1250 })).toBe("Price: £12.50");
    expect(describeChange({ price: "12.99" })).toBe("Price: £12.99");
  });

  it("shows dates as the shop writes them, and instants in London time", () => {
    expect(describeChange({ releaseDate: "2026-04-05" })).toBe("Release date: 5 April 2026");
    expect(describeChange({ physicalReleaseDate: "2026-12-01" })).toBe("Physical release date: 1 December 2026");
    expect(describeChange({ publishAt: "2026-07-01T08:00:00.000Z" })).toBe("Appears: 1 Jul 2026, 09:00");
  });

  it("shows yes-or-no fields as Yes and No, whether kept as booleans or as words", () => {
    expect(describeChange({ published: true, isNewRelease: "no", bestSeller: "yes" })).toBe(
      "Published: Yes, New release: No, Best seller: Yes",
    );
    // Any true or false reads the same, even in a field the table does not know.
    expect(formatAuditValue("somethingElse", false)).toBe("No");
  });

  it("writes an unknown field's name as words, and an empty value as a dash", () => {
    expect(fieldLabel("minimumOrderCount")).toBe("Minimum order count");
    expect(fieldLabel("catalogueID")).toBe("Catalogue id");
    expect(describeChange({ handlingFeePence: 120 })).toBe("Handling fee: £1.20");
    expect(describeChange({ trackingNumber: null, reason: "" })).toBe("Tracking number: —, Reason: —");
    expect(describeChange({ permissions: ["orders.view", "orders.refund"] })).toBe("Permissions: orders.view, orders.refund");
  });

  it("keeps a value it cannot read as it is rather than hide it", () => {
    expect(describeChange({ releaseDate: "soon" })).toBe("Release date: soon");
    expect(describeChange({ shippingCostPence: "n/a" })).toBe("Shipping cost: n/a");
    expect(describeChange(null)).toBe("—");
    expect(describeChange({})).toBe("—");
  });

  it("labels every field in its table in words", () => {
    for (const [key, field] of Object.entries(AUDIT_FIELDS)) {
      expect(field.label, key).toMatch(/^[A-Z][a-z]/);
      expect(field.label, key).not.toMatch(/[A-Z].*[A-Z]|Pence$/);
    }
  });
});
