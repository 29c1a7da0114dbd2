import { describe, expect, it } from "vitest";
import { basketCharge, chargeFor, holdEnded, holdUntil } from "./pre-order-charge";

describe("chargeFor", () => {
  it("takes the record's override, else the shop's setting, else charged at order time", () => {
    expect(chargeFor("at_dispatch", "at_order")).toBe("at_dispatch");
    expect(chargeFor("at_order", "at_dispatch")).toBe("at_order");
    expect(chargeFor(null, "at_dispatch")).toBe("at_dispatch");
    expect(chargeFor(null, null)).toBe("at_order");
    expect(chargeFor(undefined, undefined)).toBe("at_order");
  });
});

describe("basketCharge", () => {
  const later = { preOrder: true, charge: "at_dispatch" as const };
  it("charges at dispatch only when every line is a pre-order charged at dispatch", () => {
    expect(basketCharge([later])).toEqual({ kind: "at_dispatch" });
    expect(basketCharge([later, later])).toEqual({ kind: "at_dispatch" });
  });
  it("charges a mixed basket now, and says it is mixed", () => {
    expect(basketCharge([later, { preOrder: false, charge: "at_dispatch" }])).toEqual({ kind: "mixed" });
    expect(basketCharge([later, { preOrder: true, charge: "at_order" }])).toEqual({ kind: "mixed" });
  });
  it("charges now when nothing waits for dispatch", () => {
    expect(basketCharge([{ preOrder: true, charge: "at_order" }])).toEqual({ kind: "now" });
    expect(basketCharge([{ preOrder: false, charge: "at_dispatch" }])).toEqual({ kind: "now" });
    expect(basketCharge([])).toEqual({ kind: "now" });
  });
});

describe("the declined-charge hold", () => {
  it("holds the copy 72 hours from the decline", () => {
    const at = new Date("2026-04-18T09:00:00.000Z");
    expect(holdUntil(at).toISOString()).toBe("2026-04-21T09:00:00.000Z");
    expect(holdEnded("2026-04-21T09:00:00.000Z", new Date("2026-04-21T08:59:59.999Z"))).toBe(false);
    expect(holdEnded("2026-04-21T09:00:00.000Z", new Date("2026-04-21T09:00:00.000Z"))).toBe(true);
    expect(holdEnded(null, at)).toBe(false);
  });
});
