import { describe, expect, it } from "vitest";
import { GENRES } from "~/domain/catalogue/genres";
import { subscriberGenre, subscriberState, tallySubscribers } from "./subscriber-counts";

describe("the newsletter's figures", () => {
  it("call an address subscribed until it unsubscribes", () => {
    expect(subscriberState({ unsubscribedAt: null })).toBe("subscribed");
    expect(subscriberState({ unsubscribedAt: "2026-11-20T15:30:00.000Z" })).toBe("unsubscribed");
  });

  it("read a stored genre as the shop's genre whatever its case and spaces, else none", () => {
    expect(subscriberGenre(" jazz ")).toBe("Jazz");
    expect(subscriberGenre("r&b")).toBe("R&B");
    expect([subscriberGenre("Krautrock"), subscriberGenre(""), subscriberGenre(null)]).toEqual([null, null, null]);
  });

  it("add up: subscribed + unsubscribed = total, and the genres + the rest = subscribed", () => {
    const counts = tallySubscribers([
      { unsubscribed: false, genre: "Jazz", n: 4 },
      { unsubscribed: false, genre: "JAZZ", n: 1 },
      { unsubscribed: false, genre: "Soul", n: 2 },
      { unsubscribed: false, genre: null, n: 3 },
      { unsubscribed: false, genre: "Krautrock", n: 1 },
      { unsubscribed: true, genre: "Jazz", n: 6 },
    ]);
    expect(counts).toMatchObject({ total: 17, subscribed: 11, unsubscribed: 6, otherGenre: 4 });
    expect(counts.byGenre.map((b) => b.genre)).toEqual([...GENRES]);
    expect(counts.byGenre.find((b) => b.genre === "Jazz")?.subscribed).toBe(5);
    expect(counts.byGenre.reduce((n, b) => n + b.subscribed, 0) + counts.otherGenre).toBe(counts.subscribed);
    expect(counts.subscribed + counts.unsubscribed).toBe(counts.total);
  });

  it("are all nought for an empty list", () => {
    expect(tallySubscribers([])).toMatchObject({ total: 0, subscribed: 0, unsubscribed: 0, otherGenre: 0 });
  });
});
