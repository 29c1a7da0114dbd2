import { describe, expect, it } from "vitest";
import { limitedSaleFormValues, limitedSaleSchema } from "./limited-sale-schema";

const errorsOf = (input: Record<string, string>) => {
  const result = limitedSaleSchema.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
};

describe("the limited sale fields", () => {
  it("read blanks as no limit, no on-sale time and the shop's pre-order setting", () => {
    expect(limitedSaleSchema.parse({ limitPerCustomer: "", onSaleAt: "", preOrderCharge: "" })).toEqual({
      limitPerCustomer: null,
      onSaleAt: null,
      recordStoreDay: false,
      isDrop: false,
      preOrderCharge: null,
    });
  });

  it("read a London wall-clock time as its UTC instant, in summer and winter", () => {
    expect(limitedSaleSchema.parse({ onSaleAt: "2026-04-18T08:00" }).onSaleAt).toBe("2026-04-18T07:00:00.000Z");
    expect(limitedSaleSchema.parse({ onSaleAt: "2026-11-28T08:00" }).onSaleAt).toBe("2026-11-28T08:00:00.000Z");
  });

  it("take a limit from 1 to 99", () => {
    expect(limitedSaleSchema.parse({ limitPerCustomer: " 2 " }).limitPerCustomer).toBe(2);
    for (const bad of ["0", "100", "-1", "1.5", "one"])
      expect(errorsOf({ limitPerCustomer: bad })).toHaveProperty("limitPerCustomer");
  });

  it("refuse a time that is not one, or that London skips when the clocks go forward", () => {
    expect(errorsOf({ onSaleAt: "tomorrow" })).toHaveProperty("onSaleAt");
    expect(errorsOf({ onSaleAt: "2026-03-29T01:30" })).toHaveProperty("onSaleAt");
  });

  it("hold Record Store Day titles to 08:00 on the day at the earliest", () => {
    expect(errorsOf({ recordStoreDay: "on", onSaleAt: "2026-04-18T07:59" }).onSaleAt).toMatch(/08:00/);
    expect(errorsOf({ recordStoreDay: "on", onSaleAt: "" })).toHaveProperty("onSaleAt");
    expect(limitedSaleSchema.safeParse({ recordStoreDay: "on", onSaleAt: "2026-04-18T08:00" }).success).toBe(true);
  });

  it("need an on-sale time and a limit for a drop", () => {
    expect(Object.keys(errorsOf({ isDrop: "on" })).sort()).toEqual(["limitPerCustomer", "onSaleAt"]);
  });

  it("refuse an unknown pre-order charge", () => {
    expect(errorsOf({ preOrderCharge: "later" })).toHaveProperty("preOrderCharge");
    expect(limitedSaleSchema.parse({ preOrderCharge: "at_dispatch" }).preOrderCharge).toBe("at_dispatch");
  });

  it("show a stored sale back in London time", () => {
    const sale = limitedSaleSchema.parse({ limitPerCustomer: "1", onSaleAt: "2026-04-18T08:00", recordStoreDay: "on" });
    expect(limitedSaleFormValues(sale)).toMatchObject({
      limitPerCustomer: "1",
      onSaleAt: "2026-04-18T08:00",
      recordStoreDay: "on",
    });
  });
});
