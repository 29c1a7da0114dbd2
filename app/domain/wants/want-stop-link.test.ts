import { describe, expect, it } from "vitest";
import { wantInLinkSchema, wantStopSchema } from "./want-schema";

describe("a record alert's stop link", () => {
  it("names a want by its number, or none", () => {
    expect(wantInLinkSchema.parse("42")).toBe(42);
    for (const none of [null, "", "x", "1e3", "-1", "1234567890123"]) expect(wantInLinkSchema.parse(none)).toBeNull();
  });

  it("stops one record's alerts or all of them, with the link's token", () => {
    const token = "abcdefghijklmnopqrstuvwxyz234567";
    expect(wantStopSchema.parse({ token, scope: "one", want: "7" })).toEqual({ token, scope: "one", want: 7 });
    expect(wantStopSchema.parse({ token: ` ${token} `, scope: "everything" })).toEqual({ token, scope: undefined });
    expect(wantStopSchema.safeParse({ scope: "all" }).success).toBe(false);
    expect(wantStopSchema.safeParse({ token: "" }).success).toBe(false);
  });
});
