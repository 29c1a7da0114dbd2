import { describe, expect, it } from "vitest";
import { orderChannelLabel } from "./order-channel";

describe("an order's channel as the back office names it", () => {
  it("says nothing for the shop's own orders", () => {
    expect(orderChannelLabel({ channel: "shop", externalReference: null })).toBeNull();
  });
  it("names Discogs with its order id", () => {
    expect(orderChannelLabel({ channel: "discogs", externalReference: "1234567-8" })).toBe("Discogs order 1234567-8");
    expect(orderChannelLabel({ channel: "discogs", externalReference: null })).toBe("Discogs");
  });
});
