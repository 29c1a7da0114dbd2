import { describe, expect, it } from "vitest";
import type { PickCandidate } from "./pick";
import { monthAfter, parcelFor, parcelRecords, type ParcelMember } from "./parcels";

const paid: ParcelMember = { status: "active", nextShipmentOn: "2026-12-15", lastPaidOn: "2026-11-25", hasAddress: true };

describe("parcelFor", () => {
  it("owes an active, paid-up member with an address the month their record ships in", () => {
    expect(parcelFor(paid, "2026-12")).toEqual({ kind: "due", month: "2026-12" });
    expect(parcelFor({ ...paid, lastPaidOn: "2026-12-01" }, "2026-12")).toEqual({ kind: "due", month: "2026-12" });
  });

  it("still sends the month paid for to a member who is leaving at the period's end", () => {
    expect(parcelFor({ ...paid, status: "cancelling" }, "2026-12")).toMatchObject({ kind: "due" });
  });

  it("leaves out paused, failed-payment and cancelled memberships", () => {
    expect(parcelFor({ ...paid, status: "paused" }, "2026-12")).toEqual({ kind: "none", reason: "Paused" });
    expect(parcelFor({ ...paid, status: "past_due" }, "2026-12")).toEqual({ kind: "none", reason: "Payment failed" });
    expect(parcelFor({ ...paid, status: "cancelled" }, "2026-12")).toEqual({ kind: "none", reason: "Cancelled" });
  });

  it("owes nothing for a skipped month: the renewal rolled on unpaid, so the last shipment is an earlier month's", () => {
    const skipped = { ...paid, nextShipmentOn: "2026-11-30", lastPaidOn: "2026-11-25" };
    expect(parcelFor(skipped, "2026-12")).toEqual({ kind: "none", reason: "Nothing due this month" });
  });

  it("owes nothing this month to a member whose first record ships next month", () => {
    const late = { ...paid, nextShipmentOn: "2027-01-04", lastPaidOn: "2026-12-30" };
    expect(parcelFor(late, "2026-12")).toEqual({ kind: "none", reason: "Next record ships 4 January 2027" });
    expect(parcelFor(late, "2027-01")).toEqual({ kind: "due", month: "2027-01" });
  });

  it("owes nothing for a shipment no payment covers", () => {
    expect(parcelFor({ ...paid, lastPaidOn: null }, "2026-12")).toEqual({ kind: "none", reason: "Not paid for this month" });
    expect(parcelFor({ ...paid, lastPaidOn: "2026-10-25" }, "2026-12")).toMatchObject({ kind: "none" });
    expect(parcelFor({ ...paid, lastPaidOn: "2026-12-20" }, "2026-12")).toMatchObject({ kind: "none" });
    expect(parcelFor({ ...paid, nextShipmentOn: null }, "2026-12")).toMatchObject({ kind: "none" });
  });

  it("holds a parcel owed to a member without a delivery address", () => {
    expect(parcelFor({ ...paid, hasAddress: false }, "2026-12")).toEqual({
      kind: "held",
      month: "2026-12",
      reason: "No delivery address",
    });
  });
});

describe("monthAfter", () => {
  it("turns the year", () => {
    expect(monthAfter("2026-11")).toBe("2026-12");
    expect(monthAfter("2026-12")).toBe("2027-01");
  });
});

describe("parcelRecords", () => {
  const lp = (recordId: number, genre: string, unitsSold: number, stockQuantity = 3): PickCandidate => ({
    recordId,
    genre,
    format: "LP",
    stockQuantity,
    unitsSold,
    title: `R${recordId}`,
  });
  const candidates = [lp(1, "Jazz", 9), lp(2, "Jazz", 5), lp(3, "Soul", 7), lp(4, "Jazz", 8, 0)];

  it("sends the month's pick alone on a one-record plan", () => {
    expect(parcelRecords({ recordsPerMonth: 1 }, 3, candidates, { genre: "Jazz" })).toEqual([3]);
  });

  it("adds the best-selling LP in stock of the member's genre not sent before on a two-record plan", () => {
    expect(parcelRecords({ recordsPerMonth: 2 }, 3, candidates, { genre: "Jazz" })).toEqual([3, 1]);
    expect(parcelRecords({ recordsPerMonth: 2 }, 1, candidates, { genre: "Jazz" })).toEqual([1, 2]);
    expect(parcelRecords({ recordsPerMonth: 2 }, 3, candidates, { genre: "Jazz", sentBefore: [1] })).toEqual([3, 2]);
  });

  it("holds the parcel when there is no pick or too few LPs to fill it", () => {
    expect(parcelRecords({ recordsPerMonth: 1 }, null, candidates, { genre: "Jazz" })).toBeNull();
    expect(parcelRecords({ recordsPerMonth: 2 }, 3, [lp(3, "Soul", 1)], { genre: "Jazz" })).toBeNull();
  });
});
