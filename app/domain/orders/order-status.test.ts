import { describe, expect, it } from "vitest";
import { orderPath, orderStatusWords } from "./order-status";

describe("order status in words", () => {
  it("names every status", () => {
    expect(orderStatusWords("pending_payment")).toBe("Awaiting payment");
    expect(orderStatusWords("paid")).toBe("Paid");
    expect(orderStatusWords("shipped")).toBe("Shipped");
    expect(orderStatusWords("cancelled")).toBe("Cancelled");
    expect(orderStatusWords("refunded")).toBe("Refunded");
  });

  it("links an order to its confirmation page", () => {
    expect(orderPath("ND-ABCD2345")).toBe("/payment-confirmation?order=ND-ABCD2345");
  });
});
