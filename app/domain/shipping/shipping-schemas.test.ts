import { describe, expect, it } from "vitest";
import { SHIPPING_BATCH_LIMIT, packManySchema, printSchema, shipManySchema } from "./shipping-schemas";

const A = "ND-AAAAAAAA";
const C = "ND-CCCCCCCC";

describe("bulk shipping forms", () => {
  it("gathers only the ticked orders, each with its own fields", () => {
    const f = {
      selected: [A, C],
      [`service:${A}`]: "tracked_24",
      "service:ND-BBBBBBBB": "courier", // not ticked: not read
      [`service:${C}`]: "first_class",
    };
    expect(packManySchema.parse(f)).toEqual({
      orders: [
        { orderNumber: A, service: "tracked_24" },
        { orderNumber: C, service: "first_class" },
      ],
    });
    expect(packManySchema.parse({ selected: A, [`service:${A}`]: "tracked_48" }).orders).toHaveLength(1);
  });

  it("packs with a known service only, the refusal named as the form names the field", () => {
    const bad = packManySchema.safeParse({ selected: [A], [`service:${A}`]: "courier" });
    expect(bad.error?.issues[0]?.path).toEqual([`service:${A}`]);
    expect(packManySchema.safeParse({}).error?.issues[0]).toMatchObject({
      path: ["selected"],
      message: "Tick at least one order",
    });
  });

  it("ships with a valid tracking number per order, normalised", () => {
    const ok = shipManySchema.parse({ selected: [A], [`trackingNumber:${A}`]: " rr473124829gb", [`service:${A}`]: "" });
    expect(ok.orders).toEqual([{ orderNumber: A, trackingNumber: "RR473124829GB" }]);
    const bad = shipManySchema.safeParse({ selected: [A, C], [`trackingNumber:${A}`]: "RR473124828GB" });
    expect(bad.error?.issues.map((i) => [i.path, i.message])).toEqual([
      [[`trackingNumber:${A}`], expect.stringContaining("Not a Royal Mail tracking number")],
      [[`trackingNumber:${C}`], "Enter the tracking number"],
    ]);
  });

  it("bounds a batch", () => {
    const many = Array.from(
      { length: SHIPPING_BATCH_LIMIT + 1 },
      (_, i) => `ND-${String.fromCharCode(65 + (i % 26))}${"A".repeat(6)}${String.fromCharCode(65 + Math.floor(i / 26))}`,
    );
    expect(packManySchema.safeParse({ selected: many }).error?.issues[0]?.message).toBe(
      `At most ${SHIPPING_BATCH_LIMIT} orders at once`,
    );
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
