import { describe, expect, it } from "vitest";
import { ADDED_TO_CART_TOAST_MS } from "~/domain/cart/cart-intent";
import { TOAST_DURATION_MS, toastDuration } from "./toast";
import { toastSchema } from "./toast-schema";

describe("toast durations (spec §4, §9)", () => {
  it("default to 5 seconds", () => {
    expect(TOAST_DURATION_MS).toBe(5000);
    expect(toastDuration(toastSchema.parse({ title: "Logged out" }))).toBe(5000);
  });

  it("the add-to-cart toast lasts 3 seconds", () => {
    expect(ADDED_TO_CART_TOAST_MS).toBe(3000);
    expect(toastDuration({ duration: ADDED_TO_CART_TOAST_MS })).toBe(3000);
  });

  it("refuse a duration outside 1–60 s", () => {
    expect(toastSchema.safeParse({ title: "x", duration: 10 }).success).toBe(false);
    expect(toastSchema.safeParse({ title: "x", duration: 600_000 }).success).toBe(false);
  });
});
