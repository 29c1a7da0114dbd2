import { describe, expect, it } from "vitest";
import { limitedAddress } from "./client-address";

describe("limitedAddress", () => {
  it("counts IPv4 per address, also when the socket reports it as IPv6", () => {
    expect(limitedAddress("192.0.2.7")).toBe("192.0.2.7");
    expect(limitedAddress("::ffff:192.0.2.7")).toBe("192.0.2.7");
  });

  it("counts IPv6 per /64, however the address is written", () => {
    expect(limitedAddress("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(limitedAddress("2001:0db8:0001:0002:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
    expect(limitedAddress("2001:db8:1:3::1")).not.toBe(limitedAddress("2001:db8:1:2::1"));
  });

  it("puts anything unreadable under one shared key", () => {
    expect(limitedAddress("")).toBe("unknown");
    expect(limitedAddress("not-an-address")).toBe("unknown");
  });
});
