import { describe, expect, it } from "vitest";
import { SHIPPING_BATCH_LIMIT, packManySchema, printSchema, selectedRows, shipManySchema } from "./shipping-schemas";

function form(entries: [string, string][]): FormData {
  const f = new FormData();
  for (const [k, v] of entries) f.append(k, v);
  return f;
}

describe("bulk shipping forms", () => {
  it("gathers only the ticked orders, each with its own fields", () => {
    const f = form([
      ["selected", "ND-AAAAAAAA"],
      ["service:ND-AAAAAAAA", "tracked_24"],
      ["service:ND-BBBBBBBB", "first_class"], // not ticked
      ["selected", "ND-CCCCCCCC"],
      ["trackingNumber:ND-CCCCCCCC", "rr473124829gb"],
    ]);
    expect(selectedRows(f, ["service", "trackingNumber"])).toEqual([
      { orderNumber: "ND-AAAAAAAA", service: "tracked_24" },
      { orderNumber: "ND-CCCCCCCC", trackingNumber: "rr473124829gb" },
    ]);
  });

  it("packs with a known service only", () => {
    expect(packManySchema.safeParse({ orders: [{ orderNumber: "ND-AAAAAAAA", service: "tracked_48" }] }).success).toBe(true);
    expect(packManySchema.safeParse({ orders: [{ orderNumber: "ND-AAAAAAAA", service: "courier" }] }).success).toBe(false);
    expect(packManySchema.safeParse({ orders: [] }).error?.issues[0]?.message).toBe("Tick at least one order");
  });

  it("ships with a valid tracking number per order, normalised", () => {
    const ok = shipManySchema.parse({ orders: [{ orderNumber: "ND-AAAAAAAA", trackingNumber: " rr473124829gb" }] });
    expect(ok.orders[0]!.trackingNumber).toBe("RR473124829GB");
    const bad = shipManySchema.safeParse({ orders: [{ orderNumber: "ND-AAAAAAAA", trackingNumber: "RR473124828GB" }] });
    expect(bad.error?.issues[0]?.path).toEqual(["orders", 0, "trackingNumber"]);
    expect(shipManySchema.safeParse({ orders: [{ orderNumber: "ND-AAAAAAAA" }] }).success).toBe(false);
  });

  it("bounds a batch", () => {
    const many = Array.from({ length: SHIPPING_BATCH_LIMIT + 1 }, (_, i) => ({
      orderNumber: `ND-${String.fromCharCode(65 + (i % 26))}${"A".repeat(6)}${String.fromCharCode(65 + Math.floor(i / 26))}`,
      service: "tracked_48",
    }));
    expect(packManySchema.safeParse({ orders: many }).success).toBe(false);
  });

  it("prints slips or labels for real order numbers, each once", () => {
    expect(printSchema.parse({ kind: "labels", orders: ["ND-AAAAAAAA", "ND-AAAAAAAA"] })).toEqual({
      kind: "labels",
      orders: ["ND-AAAAAAAA"],
    });
    expect(printSchema.safeParse({ kind: "stickers", orders: ["ND-AAAAAAAA"] }).success).toBe(false);
    expect(printSchema.safeParse({ kind: "slips", orders: ["<script>"] }).success).toBe(false);
  });
});
