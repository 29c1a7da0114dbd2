import { describe, expect, it } from "vitest";
import { ORDER_PAGE_SIZES } from "./order-admin";
import { bulkPackSchema, bulkResultToast, ORDER_BULK_LIMIT, orderSelectionSchema } from "./order-bulk";

// ND- and eight letters: the n-th in base 26 (A-Z).
const numbers = (n: number) =>
  Array.from(
    { length: n },
    (_, i) => `ND-${[...i.toString(26).padStart(8, "0")].map((d) => String.fromCharCode(65 + parseInt(d, 26))).join("")}`,
  );
const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe("orderSelectionSchema", () => {
  it("takes a whole page of the list at its largest, and no more", () => {
    expect(ORDER_BULK_LIMIT).toBe(Math.max(...ORDER_PAGE_SIZES));
    expect(orderSelectionSchema.safeParse(numbers(ORDER_BULK_LIMIT)).success).toBe(true);
    expect(messages(orderSelectionSchema.safeParse(numbers(ORDER_BULK_LIMIT + 1)))).toEqual([
      `At most ${ORDER_BULK_LIMIT} orders at once`,
    ]);
  });
  it("reads one ticked box, none, and the same order twice", () => {
    expect(orderSelectionSchema.parse("ND-ABCDEFGH")).toEqual(["ND-ABCDEFGH"]);
    expect(orderSelectionSchema.parse(["ND-ABCDEFGH", "ND-ABCDEFGH"])).toEqual(["ND-ABCDEFGH"]);
    expect(messages(orderSelectionSchema.safeParse(undefined))).toEqual(["Tick at least one order"]);
    expect(orderSelectionSchema.safeParse(["ND-ABCDEFGH", "1; drop table"]).success).toBe(false);
  });
});

describe("bulkPackSchema", () => {
  it("packs the ticked orders by one Royal Mail service", () => {
    expect(bulkPackSchema.parse({ selected: ["ND-ABCDEFGH"], service: "tracked_24" })).toEqual({
      selected: ["ND-ABCDEFGH"],
      service: "tracked_24",
    });
    expect(bulkPackSchema.safeParse({ selected: ["ND-ABCDEFGH"], service: "pigeon" }).success).toBe(false);
  });
});

describe("bulkResultToast", () => {
  it("says how many were done", () => {
    expect(bulkResultToast("packed", { done: ["ND-AAAAAAAA", "ND-BBBBBBBB"], failed: [] })).toEqual({
      type: "success",
      title: "2 orders packed",
    });
    expect(bulkResultToast("packed", { done: ["ND-AAAAAAAA"], failed: [] }).title).toBe("1 order packed");
  });
  it("names each order skipped and why", () => {
    const toast = bulkResultToast("packed", {
      done: ["ND-AAAAAAAA", "ND-BBBBBBBB", "ND-CCCCCCCC"],
      failed: [{ orderNumber: "ND-DDDDDDDD", message: "Order ND-DDDDDDDD is shipped: it cannot be packed." }],
    });
    expect(toast).toEqual({
      type: "info",
      title: "3 orders packed; 1 skipped",
      description: "Order ND-DDDDDDDD is shipped: it cannot be packed.",
      duration: 10_000,
    });
  });
  it("is an error when none could be done", () => {
    const toast = bulkResultToast("packed", {
      done: [],
      failed: [
        { orderNumber: "ND-AAAAAAAA", message: "A." },
        { orderNumber: "ND-BBBBBBBB", message: "B." },
      ],
    });
    expect(toast).toMatchObject({ type: "error", title: "No orders packed; 2 skipped", description: "A. B." });
  });
  it("keeps a long list of reasons short enough for a toast", () => {
    const failed = numbers(40).map((orderNumber) => ({
      orderNumber,
      message: `Order ${orderNumber} is shipped: it cannot be packed.`,
    }));
    const { description } = bulkResultToast("packed", { done: [], failed });
    expect(description!.length).toBeLessThanOrEqual(400);
    expect(description).toMatch(/…and \d+ more\.$/);
  });
});
