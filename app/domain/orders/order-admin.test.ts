import { describe, expect, it } from "vitest";
import {
  londonDateRange,
  londonDateTime,
  londonDayStart,
  ORDER_CSV_COLUMNS,
  ORDER_STATUS_TONES,
  orderCsvRow,
  orderListQuerySchema,
  orderListSearch,
  refundFormSchema,
  shipInputSchema,
} from "./order-admin";
import { ORDER_STATUSES } from "./order-status";

describe("orderListQuerySchema", () => {
  it("reads an empty address as the defaults", () => {
    expect(orderListQuerySchema.parse({})).toEqual({ sort: "newest", page: 1, size: 25 });
    expect(orderListQuerySchema.parse({ status: "", from: "", to: "", q: " ", sort: "", page: "", size: "" })).toEqual({
      sort: "newest",
      page: 1,
      size: 25,
    });
  });
  it("reads every filter", () => {
    expect(
      orderListQuerySchema.parse({
        status: "paid",
        from: "2026-11-01",
        to: "2026-11-30",
        q: " ada ",
        sort: "total",
        page: "3",
        size: "50",
      }),
    ).toEqual({ status: "paid", from: "2026-11-01", to: "2026-11-30", q: "ada", sort: "total", page: 3, size: 50 });
  });
  it("refuses a bad status, date, sort, page or page size, and a range that ends before it starts", () => {
    for (const bad of [
      { status: "lost" },
      { from: "31/12/2026" },
      { to: "2026-02-30" },
      { sort: "price" },
      { page: "0" },
      { page: "x" },
      { size: "1000" },
      { from: "2026-11-30", to: "2026-11-01" },
      { q: "x".repeat(101) },
    ]) {
      expect(orderListQuerySchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
  it("round-trips through the address, leaving defaults out", () => {
    const query = orderListQuerySchema.parse({ status: "shipped", q: "ND-AB", sort: "oldest", page: "2" });
    const search = orderListSearch(query);
    expect(search).toBe("?status=shipped&q=ND-AB&sort=oldest&page=2");
    expect(orderListQuerySchema.parse(Object.fromEntries(new URLSearchParams(search)))).toEqual(query);
    expect(orderListSearch(orderListQuerySchema.parse({}))).toBe("");
  });
});

describe("London days", () => {
  it("start at midnight GMT in winter and 23:00 UTC the day before in summer", () => {
    expect(londonDayStart("2026-11-25")).toBe("2026-11-25T00:00:00.000Z");
    expect(londonDayStart("2026-07-01")).toBe("2026-06-30T23:00:00.000Z");
    // the days the clocks change
    expect(londonDayStart("2026-03-29")).toBe("2026-03-29T00:00:00.000Z");
    expect(londonDayStart("2026-10-25")).toBe("2026-10-24T23:00:00.000Z");
  });
  it("a range covers each end day whole", () => {
    expect(londonDateRange("2026-07-01", "2026-07-01")).toEqual({
      from: "2026-06-30T23:00:00.000Z",
      until: "2026-07-01T23:00:00.000Z",
    });
    expect(londonDateRange(undefined, "2026-10-25")).toEqual({ until: "2026-10-26T00:00:00.000Z" });
    expect(londonDateRange()).toEqual({});
  });
  it("an instant reads as London wall-clock time, day first", () => {
    expect(londonDateTime("2026-07-01T22:30:00.000Z")).toBe("01/07/2026 23:30");
    expect(londonDateTime("2026-11-25T09:05:00.000Z")).toBe("25/11/2026 09:05");
  });
});

describe("CSV rows", () => {
  const source = {
    orderNumber: "ND-ABCDEFGH",
    createdAt: "2026-07-01T22:30:00.000Z",
    status: "partially_refunded" as const,
    shippingName: '=HYPERLINK("x")',
    email: "ada@example.com",
    postalCode: "SW1A 1AA",
    itemCount: 3,
    itemsPence: 7497,
    shippingPence: 399,
    discountPence: 750,
    totalPence: 7146,
    vatPence: 1191,
    refundedPence: 2999,
    shippingService: "tracked_24",
    trackingNumber: "AB123456785GB",
  };
  it("has one cell per column, money in pounds, the status in words and the service by name", () => {
    const row = orderCsvRow(source);
    expect(row).toHaveLength(ORDER_CSV_COLUMNS.length);
    expect(row).toEqual([
      "ND-ABCDEFGH",
      "01/07/2026 23:30",
      "Partly refunded",
      '=HYPERLINK("x")',
      "ada@example.com",
      "SW1A 1AA",
      "3",
      "74.97",
      "3.99",
      "7.50",
      "71.46",
      "11.91",
      "29.99",
      "Tracked 24",
      "AB123456785GB",
    ]);
  });
  it("leaves service and tracking empty before packing", () => {
    const row = orderCsvRow({ ...source, shippingService: null, trackingNumber: null });
    expect(row.slice(-2)).toEqual(["", ""]);
  });
});

describe("badge tones", () => {
  it("every status has one", () => {
    for (const s of ORDER_STATUSES) expect(ORDER_STATUS_TONES[s]).toBeTruthy();
  });
});

describe("shipInputSchema", () => {
  it("normalises a valid Royal Mail number and refuses a wrong check digit", () => {
    expect(shipInputSchema.parse({ trackingNumber: " rr 473 124 829 gb " })).toEqual({ trackingNumber: "RR473124829GB" });
    expect(shipInputSchema.safeParse({ trackingNumber: "RR473124828GB" }).success).toBe(false);
    expect(shipInputSchema.safeParse({ trackingNumber: "AB123456785GB", service: "pigeon" }).success).toBe(false);
  });
});

describe("refundFormSchema", () => {
  const form = (fields: Record<string, unknown>) => refundFormSchema.safeParse({ reasonChoice: "damaged", ...fields });
  it("nothing chosen is refused: lines, the shipping or an amount", () => {
    expect(form({ lines: [{ lineId: "1", quantity: "0" }], amount: "" }).success).toBe(false);
    expect(form({ shipping: "on" }).data).toEqual({
      shipping: true,
      reason: "Damaged or faulty",
      restock: false,
      expectedRefundedPence: undefined,
    });
  });
  it("lines: the quantities above 0, the reason's words and the restock box", () => {
    expect(
      form({
        lines: [
          { lineId: "1", quantity: "0" },
          { lineId: "2", quantity: "1" },
        ],
        reasonChoice: "other",
        reasonOther: " scratched ",
        restock: "on",
        expectedRefundedPence: "0",
      }).data,
    ).toEqual({ lines: [{ lineId: 2, quantity: 1 }], reason: "scratched", restock: true, expectedRefundedPence: 0 });
  });
  it("a reason is required, and words for Other", () => {
    const noReason = refundFormSchema.safeParse({ shipping: "on" });
    expect(noReason.error?.issues.map((i) => i.path.join("."))).toContain("reasonChoice");
    expect(form({ shipping: "on", reasonChoice: "other", reasonOther: "  " }).error?.issues[0]?.path).toEqual(["reasonOther"]);
  });
  it("amount: pounds to the penny", () => {
    expect(form({ amount: "£12.5" }).data?.amountPence).toBe(1250);
    expect(form({ amount: "0.01" }).data?.amountPence).toBe(1);
    for (const bad of ["0", "0.00", "12.345", "-3", "abc"]) {
      expect(form({ amount: bad }).success, bad).toBe(false);
    }
  });
});
