import { describe, expect, it } from "vitest";
import { physicalDateAfterMove } from "./physical-release";

describe("the physical release date when the release date moves", () => {
  it("moves by the same number of days, later or earlier, across months and years", () => {
    const move = (releaseAfter: string) =>
      physicalDateAfterMove({ releaseBefore: "2026-03-14", releaseAfter, physicalBefore: "2026-03-28" });
    expect(move("2026-04-02")).toEqual({ ok: true, physicalReleaseDate: "2026-04-16" });
    expect(move("2026-03-01")).toEqual({ ok: true, physicalReleaseDate: "2026-03-15" });
    expect(move("2026-12-31")).toEqual({ ok: true, physicalReleaseDate: "2027-01-14" });
    expect(move("2026-03-14")).toEqual({ ok: true, physicalReleaseDate: "2026-03-28" });
  });

  it("stays as it is when it was never set, or when the record had no release date to move from", () => {
    expect(physicalDateAfterMove({ releaseBefore: "2026-03-14", releaseAfter: "2026-04-02", physicalBefore: null })).toEqual({
      ok: true,
      physicalReleaseDate: null,
    });
    expect(physicalDateAfterMove({ releaseBefore: null, releaseAfter: "2026-04-02", physicalBefore: "2026-05-01" })).toEqual({
      ok: true,
      physicalReleaseDate: "2026-05-01",
    });
  });

  it("reads a stored date with a time as its day", () => {
    expect(
      physicalDateAfterMove({
        releaseBefore: "2026-03-14T00:00:00Z",
        releaseAfter: "2026-03-21",
        physicalBefore: "2026-03-14T00:00:00Z",
      }),
    ).toEqual({ ok: true, physicalReleaseDate: "2026-03-21" });
  });

  it("stays put when the keep box is ticked, unless the release would then come after it", () => {
    const kept = { releaseBefore: "2026-03-14", physicalBefore: "2026-03-28", keep: true };
    expect(physicalDateAfterMove({ ...kept, releaseAfter: "2026-03-20" })).toEqual({
      ok: true,
      physicalReleaseDate: "2026-03-28",
    });
    expect(physicalDateAfterMove({ ...kept, releaseAfter: "2026-03-28" })).toEqual({
      ok: true,
      physicalReleaseDate: "2026-03-28",
    });
    expect(physicalDateAfterMove({ ...kept, releaseAfter: "2026-04-02" })).toEqual({
      ok: false,
      message: "The physical release (28 March 2026) cannot come before the new release date.",
    });
  });
});
