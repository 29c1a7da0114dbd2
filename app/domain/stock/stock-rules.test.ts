import { describe, expect, it } from "vitest";
import {
  ADJUST_REASONS,
  MAX_GOODS_IN_LINES,
  MOVEMENT_REASON_LABELS,
  adjustFormSchema,
  adjustStockSchema,
  allocatePreOrders,
  countFormSchema,
  goodsInFormSchema,
  quickAdjustFormSchema,
  thresholdFormSchema,
  formatLondonTime,
  goodsInSummary,
  changesStockOnHand,
  goodsInSchema,
  ledgerBalance,
  parseGoodsInText,
  parseStockQuery,
  STOCK_SORTS,
  stockQueryString,
  stockSortAsColumn,
  stockSortFromColumn,
  thresholdSchema,
} from "./stock-rules";

describe("reasons", () => {
  it("every adjust reason has its label (the service test checks every ledger reason has one)", () => {
    expect(ADJUST_REASONS.map((r) => MOVEMENT_REASON_LABELS[r])).toEqual([
      "Delivery received",
      "Damaged",
      "Recount",
      "Customer return",
    ]);
  });
});

describe("the ledger invariant", () => {
  it("sums every movement but pre-order commitments", () => {
    expect(changesStockOnHand("pre_order")).toBe(false);
    for (const r of Object.keys(MOVEMENT_REASON_LABELS).filter((x) => x !== "pre_order"))
      expect(changesStockOnHand(r)).toBe(true);
    const moves = [
      { change: 10, reason: "seed" },
      { change: -2, reason: "sale" },
      { change: -3, reason: "pre_order" },
      { change: 3, reason: "pre_order" },
      { change: -1, reason: "pre_order" },
      { change: 2, reason: "cancellation" },
      { change: 5, reason: "delivery" },
      { change: -1, reason: "damaged" },
    ];
    expect(ledgerBalance(moves)).toBe(14);
    expect(ledgerBalance([])).toBe(0);
  });
});

describe("adjustStockSchema", () => {
  it("takes a signed change with a reason, or a counted quantity for a recount", () => {
    expect(adjustStockSchema.parse({ reason: "delivery", change: "5" })).toEqual({ reason: "delivery", change: 5 });
    expect(adjustStockSchema.parse({ reason: "damaged", change: -2, note: "  cracked  " })).toEqual({
      reason: "damaged",
      change: -2,
      note: "cracked",
    });
    expect(adjustStockSchema.parse({ reason: "recount", counted: "0" })).toEqual({ reason: "recount", counted: 0 });
  });
  it("refuses what makes no sense, with a message", () => {
    const msg = (v: unknown) => adjustStockSchema.safeParse(v).error?.issues[0]?.message;
    expect(msg({ reason: "theft", change: 1 })).toBe("Choose a reason.");
    expect(msg({ reason: "delivery" })).toBe("Give either a change or the counted quantity.");
    expect(msg({ reason: "recount", change: 1, counted: 3 })).toBe("Give either a change or the counted quantity.");
    expect(msg({ reason: "delivery", counted: 3 })).toBe("Only a recount sets the counted quantity.");
    expect(msg({ reason: "delivery", change: 0 })).toBe("The change must not be 0.");
    expect(msg({ reason: "delivery", change: "1.5" })).toBe("The change must be a whole number.");
    expect(msg({ reason: "delivery", change: "abc" })).toBe("The change must be a whole number.");
    expect(msg({ reason: "delivery", change: 10_001 })).toBe("The change must be at most 10000.");
    expect(msg({ reason: "recount", counted: -1 })).toBe("The counted quantity must be at least 0.");
    expect(msg({ reason: "delivery", change: 1, note: "x".repeat(501) })).toBe("A note is at most 500 characters.");
  });
});

describe("the stock forms' schemas", () => {
  it("adjust: a reason and a change other than 0, for a row's record too", () => {
    expect(adjustFormSchema.parse({ reason: "damaged", change: "-1", note: " scuffed " })).toEqual({
      reason: "damaged",
      change: -1,
      note: "scuffed",
    });
    expect(adjustFormSchema.safeParse({ reason: "damaged", change: "0" }).error?.issues[0]?.message).toBe(
      "The change must not be 0.",
    );
    expect(adjustFormSchema.safeParse({ reason: "damaged" }).success).toBe(false);
    expect(quickAdjustFormSchema.parse({ recordId: "12", reason: "delivery", change: "3" })).toEqual({
      recordId: 12,
      reason: "delivery",
      change: 3,
    });
    expect(quickAdjustFormSchema.safeParse({ recordId: "0", reason: "delivery", change: "3" }).success).toBe(false);
  });

  it("count: the copies on the shelf, written as a recount", () => {
    expect(countFormSchema.parse({ counted: "7" })).toEqual({ reason: "recount", counted: 7 });
    expect(countFormSchema.safeParse({ counted: "-1" }).error?.issues[0]?.message).toBe(
      "The counted quantity must be at least 0.",
    );
  });

  it("threshold: an empty box is the shop's default", () => {
    expect(thresholdFormSchema.parse({})).toEqual({ threshold: null });
    expect(thresholdFormSchema.parse({ threshold: "4" })).toEqual({ threshold: 4 });
    expect(thresholdFormSchema.safeParse({ threshold: "1001" }).success).toBe(false);
  });

  it("goods in: the text box read into lines, every bad line named on the field", () => {
    expect(goodsInFormSchema.parse({ lines: "BLP 4003, 5\n#12, 2", note: "" })).toEqual({
      lines: [
        { catalogueNumber: "BLP 4003", quantity: 5 },
        { recordId: 12, quantity: 2 },
      ],
      note: undefined,
    });
    const bad = goodsInFormSchema.safeParse({ lines: "BLP 1, 2\nno comma\nX 2, 0" });
    expect(bad.error?.issues.map((i) => [i.path, i.message])).toEqual([
      [["lines"], 'Line 2: write "catalogue number, quantity".'],
      [["lines"], "Line 3: The quantity must be at least 1."],
    ]);
    expect(goodsInFormSchema.safeParse({}).error?.issues[0]?.message).toBe("Add at least one line.");
  });
});

describe("thresholdSchema", () => {
  it("is null (the shop's default) or a whole number 0–1000", () => {
    expect(thresholdSchema.parse({ threshold: null })).toEqual({ threshold: null });
    expect(thresholdSchema.parse({ threshold: "7" })).toEqual({ threshold: 7 });
    expect(thresholdSchema.safeParse({ threshold: -1 }).success).toBe(false);
    expect(thresholdSchema.safeParse({ threshold: 1001 }).success).toBe(false);
  });
});

describe("the listing's query", () => {
  it("reads the URL, falling back to defaults for anything unknown", () => {
    expect(parseStockQuery(new URLSearchParams(""))).toEqual({ q: "", filter: "all", sort: "title", page: 1 });
    expect(parseStockQuery(new URLSearchParams("q=%20blue%20&filter=low&sort=stock-asc&page=3"))).toEqual({
      q: "blue",
      filter: "low",
      sort: "stock-asc",
      page: 3,
    });
    expect(parseStockQuery(new URLSearchParams("filter=nope&sort=x&page=-2"))).toEqual({
      q: "",
      filter: "all",
      sort: "title",
      page: 1,
    });
    expect(parseStockQuery(new URLSearchParams("page=99999999")).page).toBe(1);
  });
  it("writes it back without defaults", () => {
    expect(stockQueryString({ q: "", filter: "all", sort: "title", page: 1 })).toBe("");
    expect(stockQueryString({ q: "a b", filter: "out", sort: "title", page: 2 })).toBe("?q=a+b&filter=out&page=2");
  });
  it("turns each sort into a column heading's sort and back", () => {
    for (const sort of STOCK_SORTS) {
      const { by, direction } = stockSortAsColumn(sort);
      expect(stockSortFromColumn(by, direction)).toBe(sort);
    }
    expect(stockSortAsColumn("stock-desc")).toEqual({ by: "stock", direction: "desc" });
    expect(stockSortFromColumn("stock", "asc")).toBe("stock-asc");
    // The release date sorts newest first only; a heading cannot ask for anything the list does not offer.
    expect(stockSortFromColumn("release", "asc")).toBe("release-desc");
    expect(stockSortFromColumn("price", "asc")).toBe("title");
  });
});

describe("goods in", () => {
  it("parses one 'catalogue number, quantity' per line, with #id for a record id", () => {
    expect(parseGoodsInText("BLP 4003, 5\n\n  #12 , 2 \nCat, no. 7, 1")).toEqual({
      lines: [
        { catalogueNumber: "BLP 4003", quantity: 5 },
        { recordId: 12, quantity: 2 },
        { catalogueNumber: "Cat, no. 7", quantity: 1 },
      ],
      errors: [],
    });
  });
  it("reports every bad line by its number and returns no lines then", () => {
    expect(parseGoodsInText("BLP 1, 2\nno comma\n, 3\nX 1, two\nX 2, 0")).toEqual({
      lines: [],
      errors: [
        'Line 2: write "catalogue number, quantity".',
        "Line 3: the catalogue number is missing.",
        "Line 4: the quantity must be a whole number.",
        "Line 5: The quantity must be at least 1.",
      ],
    });
    expect(parseGoodsInText("  \n").errors).toEqual(["Add at least one line."]);
  });
  it("bounds a delivery's lines", () => {
    const text = Array.from({ length: MAX_GOODS_IN_LINES + 1 }, (_, i) => `#${i + 1}, 1`).join("\n");
    expect(parseGoodsInText(text).errors).toEqual([`A delivery has at most ${MAX_GOODS_IN_LINES} lines.`]);
    const lines = Array.from({ length: MAX_GOODS_IN_LINES + 1 }, (_, i) => ({ recordId: i + 1, quantity: 1 }));
    expect(goodsInSchema.safeParse({ lines }).error?.issues[0]?.message).toBe("A delivery has at most 200 lines.");
    expect(goodsInSchema.safeParse({ lines: [{ recordId: 1, catalogueNumber: "A", quantity: 1 }] }).success).toBe(false);
  });
});

describe("allocatePreOrders", () => {
  const line = (lineId: number, orderId: number, orderCreatedAt: string, quantity: number) => ({
    lineId,
    orderId,
    orderCreatedAt,
    quantity,
  });
  const open = [
    line(30, 3, "2026-11-03T10:00:00Z", 1),
    line(10, 1, "2026-11-01T10:00:00Z", 2),
    line(20, 2, "2026-11-02T10:00:00Z", 3),
    line(11, 1, "2026-11-01T10:00:00Z", 1),
  ];
  it("serves the oldest order first, whole lines only", () => {
    expect(allocatePreOrders(10, open)).toEqual({ allocated: [open[1], open[3], open[2], open[0]], remaining: 3 });
    expect(allocatePreOrders(3, open)).toEqual({ allocated: [open[1], open[3]], remaining: 0 });
  });
  it("stops at the first line that does not fit: a newer, smaller order never overtakes an older one", () => {
    expect(allocatePreOrders(5, open)).toEqual({ allocated: [open[1], open[3]], remaining: 2 });
    expect(allocatePreOrders(1, open)).toEqual({ allocated: [], remaining: 1 });
    expect(allocatePreOrders(0, open)).toEqual({ allocated: [], remaining: 0 });
    expect(allocatePreOrders(4, [])).toEqual({ allocated: [], remaining: 4 });
  });
});

describe("wording", () => {
  it("shows ledger times in London time", () => {
    expect(formatLondonTime("2026-07-01T23:30:00.000Z")).toBe("2 Jul 2026, 00:30");
    expect(formatLondonTime("2026-11-25T16:52:00.000Z")).toBe("25 Nov 2026, 16:52");
  });
  it("sums up a delivery and the pre-orders it satisfied", () => {
    expect(goodsInSummary({ units: 1, received: [{}], allocated: [] })).toBe("1 copy of 1 line received.");
    expect(
      goodsInSummary({
        units: 9,
        received: [{}, {}],
        allocated: [{ orderNumber: "ND-A" }, { orderNumber: "ND-B" }, { orderNumber: "ND-A" }],
      }),
    ).toBe("9 copies of 2 lines received. Allocated to 2 pre-orders, now ready to pack: ND-A, ND-B.");
    const many = Array.from({ length: 8 }, (_, i) => ({ orderNumber: `ND-${i}` }));
    expect(goodsInSummary({ units: 8, received: [{}], allocated: many })).toMatch(/ND-5 and 2 more\.$/);
  });
});
