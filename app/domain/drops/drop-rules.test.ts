import { describe, expect, it } from "vitest";
import { admissible, compareQueue, dropLimit, dropPhase, holdActive, holdEndsAt, waitingRoomOpensAt } from "./drop-rules";
import { addressBlock } from "./address-block";

const ON_SALE = "2026-11-28T08:00:00.000Z";

describe("a drop's waiting room", () => {
  it("opens 30 minutes before the on-sale time", () => {
    expect(dropPhase(ON_SALE, new Date("2026-11-28T07:29:59.999Z"))).toBe("closed");
    expect(dropPhase(ON_SALE, new Date("2026-11-28T07:30:00.000Z"))).toBe("waiting");
    expect(dropPhase(ON_SALE, new Date("2026-11-28T07:59:59.999Z"))).toBe("waiting");
    expect(dropPhase(ON_SALE, new Date(ON_SALE))).toBe("on-sale");
    expect(waitingRoomOpensAt(ON_SALE)).toBe("2026-11-28T07:30:00.000Z");
  });
});

describe("holds", () => {
  it("last 10 minutes and count until their end", () => {
    const end = holdEndsAt(new Date("2026-11-28T08:32:00.000Z"));
    expect(end).toBe("2026-11-28T08:42:00.000Z");
    expect(holdActive(end, new Date("2026-11-28T08:41:59.999Z"))).toBe(true);
    expect(holdActive(end, new Date(end))).toBe(false);
    expect(holdActive(null, new Date(end))).toBe(false);
  });

  it("let in only as many as there are copies not held, never fewer than none", () => {
    expect(admissible(300, 0)).toBe(300);
    expect(admissible(300, 299)).toBe(1);
    expect(admissible(3, 3)).toBe(0);
    expect(admissible(2, 5)).toBe(0);
  });

  it("allow one copy unless the record sets its own limit", () => {
    expect(dropLimit(null)).toBe(1);
    expect(dropLimit(2)).toBe(2);
    expect(dropLimit(0)).toBe(1);
  });
});

describe("the queue's order", () => {
  it("puts the ballot's entrants first by drawn place, then latecomers by arrival", () => {
    const entries = [
      { id: 1, inBallot: true, ballotPosition: 3 },
      { id: 2, inBallot: true, ballotPosition: 1 },
      { id: 9, inBallot: false, ballotPosition: null },
      { id: 3, inBallot: true, ballotPosition: 2 },
      { id: 7, inBallot: false, ballotPosition: null },
    ];
    expect([...entries].sort(compareQueue).map((e) => e.id)).toEqual([2, 3, 1, 7, 9]);
  });
});

describe("address blocks", () => {
  it("are an IPv4 /24 and an IPv6 /48", () => {
    expect(addressBlock("192.0.2.17")).toBe("192.0.2.0/24");
    expect(addressBlock("192.0.2.250")).toBe("192.0.2.0/24");
    expect(addressBlock("::ffff:192.0.2.9")).toBe("192.0.2.0/24");
    expect(addressBlock("2001:db8:abcd:12::1")).toBe("2001:db8:abcd::/48");
    expect(addressBlock("2001:db8:abcd:ffff::2")).toBe("2001:db8:abcd::/48");
    expect(addressBlock("2001:db8:abce::1")).not.toBe(addressBlock("2001:db8:abcd::1"));
    expect(addressBlock("nonsense")).toBe("unknown");
  });
});
