import { describe, expect, it } from "vitest";
import { aheadPhrase, waitingView } from "./waiting-view";

const time = (iso: string) => iso.slice(11, 16);

describe("the waiting page", () => {
  it("says the place and roughly how many are ahead, and that it refreshes itself", () => {
    const view = waitingView(
      { kind: "waiting", onSaleAt: "2026-11-28T08:00:00.000Z", position: 42, ahead: 41, inBallot: true },
      time,
    );
    expect(view.lines).toEqual([
      "Your place in the queue: 42.",
      "About 40 ahead of you.",
      "This page refreshes itself every 15 seconds.",
    ]);
    expect(view.refreshSeconds).toBe(15);
    expect(view.canCheckOut).toBe(false);
  });

  it("before the draw, says when the ballot is and that arriving early does not help", () => {
    const view = waitingView(
      { kind: "waiting", onSaleAt: "2026-11-28T08:00:00.000Z", position: null, ahead: null, inBallot: true },
      time,
    );
    expect(view.lines[0]).toContain("At 08:00 everyone here is put in a random order");
  });

  it("gives the hold's end as a time once let in", () => {
    const view = waitingView({ kind: "admitted", holdExpiresAt: "2026-11-28T10:42:00.000Z" }, time);
    expect(view.heading).toBe("It's your turn");
    expect(view.lines[0]).toBe("A copy is held for you until 10:42. Check out before then to buy it.");
    expect(view.canCheckOut).toBe(true);
    expect(view.refreshSeconds).toBeNull();
  });

  it("says a hold that ended went to the next in line and nothing was charged", () => {
    const view = waitingView({ kind: "expired", holdExpiredAt: "2026-11-28T10:42:00.000Z" }, time);
    expect(view.lines[0]).toBe("Your hold ended at 10:42 and the copy went to the next in line. Nothing has been charged.");
  });

  it("rounds long queues", () => {
    expect(aheadPhrase(0)).toBe("You are next.");
    expect(aheadPhrase(7)).toBe("7 ahead of you.");
    expect(aheadPhrase(1234)).toBe("About 1200 ahead of you.");
  });
});
