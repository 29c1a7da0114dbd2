import { describe, expect, it } from "vitest";
import { CANCELLATION_DAYS, REJECTION_DAYS, SHOP_RETURN_DAYS, deliveryDayOf, returnWindow, windowProblem } from "./return-window";

// Delivered on Monday 2 November 2026 (London), shipped the Friday before.
const shipped = { shippedAt: "2026-10-30T15:00:00.000Z", deliveredAt: "2026-11-02T10:00:00.000Z" };

describe("the delivery day", () => {
  it("is the day the order was marked delivered, in London", () => {
    expect(deliveryDayOf(shipped)).toEqual({ day: "2026-11-02", known: true });
    // 23:30 UTC in summer time is already the next day in London.
    expect(deliveryDayOf({ shippedAt: "2026-06-01T09:00:00Z", deliveredAt: "2026-06-03T23:30:00Z" })).toEqual({
      day: "2026-06-04",
      known: true,
    });
  });

  it("without a delivery date, is the last day of the delivery window after dispatch (never earlier)", () => {
    // Shipped Friday 30 October 2026: five working days on is Friday 6 November.
    expect(deliveryDayOf({ shippedAt: shipped.shippedAt, deliveredAt: null })).toEqual({ day: "2026-11-06", known: false });
    // Bank holidays do not count: shipped Wednesday 23 December 2026 → 24, (25, 26, 27, 28 off), 29, 30, 31 Dec, 4 Jan.
    expect(deliveryDayOf({ shippedAt: "2026-12-23T12:00:00Z", deliveredAt: null })?.day).toBe("2027-01-04");
  });

  it("does not exist before the order has shipped", () => {
    expect(deliveryDayOf({ shippedAt: null, deliveredAt: null })).toBeNull();
  });
});

describe("the return window", () => {
  it("the shop's promise is 30 days; the law's are 14 (cancel) and 30 (reject faulty goods)", () => {
    expect(SHOP_RETURN_DAYS).toBe(30);
    expect(CANCELLATION_DAYS).toBe(14);
    expect(REJECTION_DAYS).toBe(30);
  });

  it("closes 30 days after delivery for every reason", () => {
    for (const reason of ["changed_mind", "damaged", "faulty", "wrong_record", "not_as_described"] as const) {
      expect(returnWindow(shipped, reason)).toMatchObject({ closesOn: "2026-12-02", deliveredOn: "2026-11-02" });
    }
  });

  it("is open on day 14 and day 30, and shut on day 31", () => {
    const window = returnWindow(shipped, "changed_mind")!;
    expect(windowProblem(window, "2026-11-16")).toBeNull(); // day 14
    expect(windowProblem(window, "2026-12-02")).toBeNull(); // day 30
    expect(windowProblem(window, "2026-12-03")).toBe("The time to return this order ended on 2 December 2026.");
  });

  it("is open between dispatch and delivery (the law lets the shopper cancel or reject before delivery)", () => {
    const window = returnWindow({ shippedAt: shipped.shippedAt, deliveredAt: null }, "faulty")!;
    expect(windowProblem(window, "2026-10-31")).toBeNull();
  });

  it("never gives less than the law, even with a shorter shop promise", () => {
    // A shop promise of 7 days still leaves the 14 days to cancel and the 30 days to reject a faulty record.
    expect(returnWindow(shipped, "changed_mind", { shopDays: 7 })!.closesOn).toBe("2026-11-16");
    expect(returnWindow(shipped, "faulty", { shopDays: 7 })!.closesOn).toBe("2026-12-02");
    expect(returnWindow(shipped, "damaged", { shopDays: 7 })!.closesOn).toBe("2026-12-02");
    // A longer promise is kept.
    expect(returnWindow(shipped, "changed_mind", { shopDays: 60 })!.closesOn).toBe("2027-01-01");
  });

  it("is counted from the estimate when delivery was not recorded, and says so", () => {
    const window = returnWindow({ shippedAt: shipped.shippedAt, deliveredAt: null }, "changed_mind")!;
    expect(window).toMatchObject({ deliveredOn: "2026-11-06", deliveryKnown: false, closesOn: "2026-12-06" });
  });

  it("has nothing to return before dispatch", () => {
    expect(returnWindow({ shippedAt: null, deliveredAt: null }, "faulty")).toBeNull();
  });
});
