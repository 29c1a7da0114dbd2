import { describe, expect, it } from "vitest";
import { cleanHistory, recommendationsInputSchema, recommendationsQuerySchema } from "./history-query";

describe("a listening history as the recommendations calls read it", () => {
  it("keeps positive whole ids once, in order, at most 50", () => {
    expect(cleanHistory([3, 1, 3, 0, -2, 1.5, Number.NaN, "4", 2])).toEqual([3, 1, 2]);
    expect(cleanHistory(Array.from({ length: 80 }, (_, i) => i + 1))).toHaveLength(50);
  });

  it("reads ?history= text the same way, never failing", () => {
    const read = (history: unknown) => recommendationsQuerySchema.parse({ history }).history;
    expect(read("3,1, 3,0,x,2")).toEqual([3, 1, 2]);
    expect(read(["3,1", "2"])).toEqual([3, 1, 2]);
    expect(read(undefined)).toEqual([]);
    expect(read("9".repeat(5000))).toEqual([]);
    expect(read(Array.from({ length: 80 }, (_, i) => i + 1).join(","))).toHaveLength(50);
  });

  it("reads the tRPC array the same way", () => {
    expect(recommendationsInputSchema.parse({ history: [3, 1, 3, 2] })).toEqual({ history: [3, 1, 2], limit: 8 });
    expect(recommendationsInputSchema.safeParse({ history: [0] }).success).toBe(false);
  });
});
