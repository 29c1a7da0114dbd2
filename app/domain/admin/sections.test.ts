import { describe, expect, it } from "vitest";
import { currentSection } from "./sections";

describe("current admin section", () => {
  it("marks the section a page belongs to", () => {
    expect(currentSection("/admin")?.title).toBe("Dashboard");
    expect(currentSection("/admin/")?.title).toBe("Dashboard");
    expect(currentSection("/admin/order-management")?.title).toBe("Orders");
    expect(currentSection("/admin/order-management/ND-ABCD2345")?.title).toBe("Orders");
    expect(currentSection("/marketing-tools")?.title).toBe("Marketing tools");
  });

  it("does not mistake a longer name for a section", () => {
    expect(currentSection("/admin/order-managementx")).toBeUndefined();
    expect(currentSection("/shop")).toBeUndefined();
  });
});
