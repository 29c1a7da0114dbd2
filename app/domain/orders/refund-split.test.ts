import { describe, expect, it } from "vitest";
import { splitRefund } from "./refund-split";

// £50.00 order: £20.00 by gift voucher, £30.00 by card.
const order = { totalPence: 5000, voucherPence: 2000, refundedPence: 0 };

describe("a refund of an order paid partly by voucher", () => {
  it("goes back to the card first", () => {
    expect(splitRefund(order, 1000)).toEqual({ cardPence: 1000, voucherPence: 0 });
    expect(splitRefund(order, 3000)).toEqual({ cardPence: 3000, voucherPence: 0 });
  });

  it("puts only what is left over after the card part back on the vouchers", () => {
    expect(splitRefund(order, 3500)).toEqual({ cardPence: 3000, voucherPence: 500 });
    expect(splitRefund({ ...order, refundedPence: 2500 }, 1000)).toEqual({ cardPence: 500, voucherPence: 500 });
    expect(splitRefund({ ...order, refundedPence: 3000 }, 2000)).toEqual({ cardPence: 0, voucherPence: 2000 });
  });

  it("never gives more than each part paid, however it is asked", () => {
    expect(splitRefund(order, 9999)).toEqual({ cardPence: 3000, voucherPence: 2000 });
    expect(splitRefund({ ...order, refundedPence: 4500 }, 1000)).toEqual({ cardPence: 0, voucherPence: 500 });
    expect(splitRefund({ ...order, refundedPence: 5000 }, 100)).toEqual({ cardPence: 0, voucherPence: 0 });
    expect(splitRefund(order, -5)).toEqual({ cardPence: 0, voucherPence: 0 });
  });

  it("adds up to the whole order however it is refunded in parts", () => {
    for (const parts of [
      [1, 4999],
      [2999, 2, 1999],
      [3000, 2000],
      [100, 100, 4800],
    ]) {
      let refundedPence = 0;
      const total = { cardPence: 0, voucherPence: 0 };
      for (const amount of parts) {
        const split = splitRefund({ ...order, refundedPence }, amount);
        expect(split.cardPence + split.voucherPence).toBe(amount);
        total.cardPence += split.cardPence;
        total.voucherPence += split.voucherPence;
        refundedPence += amount;
      }
      expect(total).toEqual({ cardPence: 3000, voucherPence: 2000 });
    }
  });

  it("an order paid wholly by card or wholly by voucher goes back the one way", () => {
    expect(splitRefund({ totalPence: 5000, voucherPence: 0, refundedPence: 0 }, 5000)).toEqual({
      cardPence: 5000,
      voucherPence: 0,
    });
    expect(splitRefund({ totalPence: 5000, voucherPence: 5000, refundedPence: 0 }, 1200)).toEqual({
      cardPence: 0,
      voucherPence: 1200,
    });
  });
});
