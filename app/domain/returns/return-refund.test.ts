import { describe, expect, it } from "vitest";
import { ValidationError } from "~/domain/shared/errors";
import { vatIncludedPence } from "~/domain/shared/money";
import type { RefundableLine } from "~/domain/orders/refunds";
import {
  isRefundLate,
  planReturnRefund,
  REFUND_DAYS_AFTER_RECEIPT,
  refundByDate,
  returnPostage,
  returnRefundWords,
  type ReturnRefundInput,
} from "./return-refund";

// Two records at £20 and one at £15, £4.00 delivery: items £55, total £59.
const lines = (refunded: Partial<Record<number, number>> = {}): RefundableLine[] => [
  { id: 1, title: "Blue Train", unitPricePence: 2000, quantity: 2, refundedQuantity: refunded[1] ?? 0 },
  { id: 2, title: "Kind of Blue", unitPricePence: 1500, quantity: 1, refundedQuantity: refunded[2] ?? 0 },
];

function input(over: Partial<ReturnRefundInput> & { discountPence?: number; refundedPence?: number } = {}): ReturnRefundInput {
  const discountPence = over.discountPence ?? 0;
  const totalPence = 5500 - discountPence + 400;
  return {
    order: {
      totalPence,
      vatPence: vatIncludedPence(totalPence),
      itemsPence: 5500,
      discountPence,
      refundedPence: over.refundedPence ?? 0,
    },
    lines: over.lines ?? lines(),
    returned: over.returned ?? [{ lineId: 1, quantity: 1 }],
    reason: over.reason ?? "changed_mind",
    shippingLeftPence: over.shippingLeftPence ?? 400,
  };
}

describe("planReturnRefund: what a return gives back", () => {
  it("a change of mind on part of the order: the records' price only, no delivery", () => {
    const r = planReturnRefund(input());
    expect(r).toMatchObject({ amountPence: 2000, itemsPence: 2000, shippingPence: 0, wholeOrder: false, shippingBecause: null });
    expect(r.request).toEqual({ lines: [{ lineId: 1, quantity: 1 }] });
    expect(r.vatPence).toBe(333);
  });

  it("the shop's fault on part of the order: the records and the original delivery", () => {
    const r = planReturnRefund(input({ reason: "faulty" }));
    expect(r).toMatchObject({ amountPence: 2400, itemsPence: 2000, shippingPence: 400, shippingBecause: "shop_fault" });
    expect(r.request).toEqual({ lines: [{ lineId: 1, quantity: 1 }], shipping: true });
  });

  it("the whole order coming back, even by change of mind: everything left, delivery included", () => {
    const r = planReturnRefund(
      input({
        returned: [
          { lineId: 1, quantity: 2 },
          { lineId: 2, quantity: 1 },
        ],
      }),
    );
    expect(r).toMatchObject({ amountPence: 5900, shippingPence: 400, wholeOrder: true, shippingBecause: "whole_order" });
    expect(r.request).toEqual({});
    expect(r.vatPence).toBe(vatIncludedPence(5900));
  });

  it("counts what earlier refunds gave back when asking whether the whole order is now back", () => {
    // Kind of Blue was refunded before (£15): the two Blue Trains are all that is left.
    const r = planReturnRefund(input({ lines: lines({ 2: 1 }), refundedPence: 1500, returned: [{ lineId: 1, quantity: 2 }] }));
    expect(r).toMatchObject({ wholeOrder: true, amountPence: 4400, shippingPence: 400 });
  });

  it("shares the order's discount out over the returned records (rounded down)", () => {
    // 10% off the items: £5.50 off £55. One £20 record was paid £18.
    const r = planReturnRefund(input({ discountPence: 550 }));
    expect(r.amountPence).toBe(1800);
    const odd = planReturnRefund(input({ discountPence: 333, returned: [{ lineId: 2, quantity: 1 }] }));
    // 1500 × (5500 − 333) ÷ 5500 = 1409.18…
    expect(odd.amountPence).toBe(1409);
  });

  it("gives the delivery back once only: a shop-fault return after the delivery was refunded gets none", () => {
    const r = planReturnRefund(input({ reason: "damaged", shippingLeftPence: 0 }));
    expect(r).toMatchObject({ amountPence: 2000, shippingPence: 0, shippingBecause: null });
    expect(r.request).toEqual({ lines: [{ lineId: 1, quantity: 1 }] });
  });

  it("refuses more than is left on a line", () => {
    expect(() => planReturnRefund(input({ lines: lines({ 1: 2 }) }))).toThrow(ValidationError);
  });
});

describe("returnPostage", () => {
  it("is a prepaid label when the fault is the shop's, the shopper's cost otherwise", () => {
    expect(returnPostage("wrong_record")).toBe("prepaid_label");
    expect(returnPostage("not_as_described")).toBe("prepaid_label");
    expect(returnPostage("changed_mind")).toBe("shopper_pays");
    // Without a Tracked Returns account the shop still owes the postage of its own fault, but has no label to give.
    expect(returnPostage("damaged", false)).toBe("shop_owes");
    expect(returnPostage("changed_mind", false)).toBe("shopper_pays");
  });
});

describe("returnRefundWords", () => {
  it("says what is given back and why, in words", () => {
    const words = returnRefundWords(planReturnRefund(input({ reason: "faulty" })), "faulty");
    expect(words).toEqual([
      "1 record: £20.00 (what the customer paid for it, after any discount).",
      "Original delivery: £4.00 (the fault was the shop's).",
      "Return postage: a prepaid label from the shop (no money changes hands).",
      "Total: £24.00, including VAT of £4.00.",
    ]);
    const part = returnRefundWords(planReturnRefund(input()), "changed_mind");
    expect(part[1]).toBe("Original delivery: not refunded (only part of the order is coming back, by a change of mind).");
    expect(part[2]).toBe("Return postage: paid by the customer (a change of mind).");
    const noLabel = returnRefundWords(planReturnRefund(input({ reason: "faulty" })), "faulty", "shop_owes");
    expect(noLabel[2]).toContain("no prepaid label is set up");
    const whole = returnRefundWords(
      planReturnRefund(
        input({
          returned: [
            { lineId: 1, quantity: 2 },
            { lineId: 2, quantity: 1 },
          ],
        }),
      ),
      "changed_mind",
    );
    expect(whole[0]).toBe("3 records: £55.00 (what the customer paid for them, after any discount).");
    expect(whole[1]).toBe("Original delivery: £4.00 (the whole order is coming back).");
  });
});

describe("the refund's deadline", () => {
  it("is 14 days after the day the goods came back", () => {
    expect(REFUND_DAYS_AFTER_RECEIPT).toBe(14);
    expect(refundByDate("2026-05-01")).toBe("2026-05-15");
    expect(refundByDate("2026-12-25")).toBe("2027-01-08");
  });

  it("is late only after that day, and never once refunded", () => {
    expect(isRefundLate({ refundBy: "2026-05-15", status: "received" }, "2026-05-15")).toBe(false);
    expect(isRefundLate({ refundBy: "2026-05-15", status: "received" }, "2026-05-16")).toBe(true);
    expect(isRefundLate({ refundBy: "2026-05-15", status: "refunded" }, "2026-06-01")).toBe(false);
    expect(isRefundLate({ refundBy: null, status: "approved" }, "2026-06-01")).toBe(false);
  });
});
