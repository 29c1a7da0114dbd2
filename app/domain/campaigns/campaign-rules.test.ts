import { describe, expect, it } from "vitest";
import { describeSegment, percentOf, retryDelayMs, sendInterval, tallyCampaign } from "./campaign-rules";

describe("campaign rules", () => {
  it("waits 30 s after the first failure, doubling to at most an hour", () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(20)).toBe(3_600_000);
    expect(retryDelayMs(0)).toBe(30_000);
  });

  it("spaces messages evenly at a rate a minute, within 1 and 6,000", () => {
    expect(sendInterval(120)).toBe(500);
    expect(sendInterval(1)).toBe(60_000);
    expect(sendInterval(0)).toBe(60_000);
    expect(sendInterval(1e9)).toBe(10);
  });

  it("counts a failed message as queued until its last try, and a cancelled one as skipped", () => {
    const counts = tallyCampaign(
      [
        { status: "sent", attempts: 1, n: 7 },
        { status: "sent", attempts: 2, n: 1 },
        { status: "queued", attempts: 0, n: 3 },
        { status: "sending", attempts: 1, n: 1 },
        { status: "failed", attempts: 2, n: 2 },
        { status: "failed", attempts: 5, n: 1 },
        { status: "cancelled", attempts: 1, n: 4 },
      ],
      2,
      5,
    );
    expect(counts).toEqual({ recipients: 19, queued: 6, sent: 8, failed: 1, skipped: 4, unsubscribed: 2 });
    // The parts add up to the recipients, as the panel says.
    expect(counts.sent + counts.queued + counts.failed + counts.skipped).toBe(counts.recipients);
    expect(percentOf(counts.sent, counts.recipients)).toBe(42);
    expect(percentOf(1, 0)).toBe(0);
  });

  it("describes a segment with its genre", () => {
    expect(describeSegment("genre-fans", "Jazz")).toBe("Subscribers whose favourite genre is Jazz");
    expect(describeSegment("genre-buyers", "Soul")).toBe("Subscribers who bought Soul");
    expect(describeSegment("never-ordered", null)).toBe("Subscribers who have never ordered");
  });
});
