import { afterEach, describe, expect, it } from "vitest";
import { dateFormatter } from "./date-formatter";

const Real = Intl.DateTimeFormat;

describe("dateFormatter", () => {
  afterEach(() => {
    Intl.DateTimeFormat = Real;
  });

  it("builds nothing until first used, then keeps the one it built", () => {
    let built = 0;
    Intl.DateTimeFormat = class extends Real {
      constructor(...args: ConstructorParameters<typeof Real>) {
        super(...args);
        built += 1;
      }
    } as typeof Real;
    const format = dateFormatter("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
    expect(built).toBe(0);
    expect(format().format(new Date("2026-11-22T00:00:00Z"))).toBe("22 November 2026");
    expect(format()).toBe(format());
    expect(built).toBe(1);
  });
});
