import { describe, expect, it } from "vitest";
import { figureCsvRows, formatChange, percentChange, salesTotals, sellThroughPercent, topWithOther } from "./figures";

describe("analysis figures", () => {
  it("gives change against the previous period, and none from nought", () => {
    expect(percentChange(150, 100)).toBe(50);
    expect(percentChange(50, 200)).toBe(-75);
    expect(percentChange(10, 0)).toBeNull();
    expect([formatChange(12), formatChange(-5), formatChange(0), formatChange(null)]).toEqual(["+12%", "−5%", "0%", "new"]);
  });

  it("rounds sell-through to a whole percentage and has none without receipts", () => {
    expect(sellThroughPercent(2, 3)).toBe(67);
    expect(sellThroughPercent(5, 0)).toBeNull();
  });

  it("totals buckets with VAT of the net revenue and the average order", () => {
    const b = (orders: number, revenuePence: number) => ({
      key: "k",
      label: "l",
      orders,
      revenuePence,
      vatPence: 0,
      refundedPence: 100,
      discountPence: 0,
    });
    expect(salesTotals([b(2, 6000), b(1, 1200)])).toEqual({
      orders: 3,
      revenuePence: 7200,
      vatPence: 1200,
      exVatPence: 6000,
      refundedPence: 200,
      discountPence: 0,
      averagePence: 2400,
    });
    expect(salesTotals([]).averagePence).toBe(0);
  });

  it("folds the smallest rows into Other", () => {
    const rows = Array.from({ length: 13 }, (_, i) => ({ name: `g${i}`, units: 1, revenuePence: (i + 1) * 100 }));
    const top = topWithOther(rows, 10);
    expect(top).toHaveLength(11);
    expect(top[0]!.name).toBe("g12");
    expect(top[10]).toEqual({ name: "Other (3)", units: 3, revenuePence: 600 });
  });

  it("shapes CSV with a header and pounds as plain numbers", () => {
    const rows = figureCsvRows("sales", {
      sales: {
        current: [
          {
            key: "2026-11-02",
            label: "w/c 2 Nov",
            orders: 2,
            revenuePence: 123456,
            vatPence: 0,
            refundedPence: 0,
            discountPence: 500,
          },
        ],
        previous: [
          {
            key: "2026-10-26",
            label: "w/c 26 Oct",
            orders: 1,
            revenuePence: 1000,
            vatPence: 0,
            refundedPence: 0,
            discountPence: 0,
          },
        ],
      },
    });
    expect(rows[0]).toHaveLength(rows[1]!.length);
    expect(rows[1]).toEqual(["2026-11-02", 2, "1234.56", "205.76", "1028.80", "0.00", "5.00", "617.28", "10.00"]);
    expect(figureCsvRows("genre", { genre: [{ name: "Jazz", units: 3, revenuePence: 4500 }] })).toEqual([
      ["Genre", "Units", "Revenue £"],
      ["Jazz", 3, "45.00"],
    ]);
  });
});
